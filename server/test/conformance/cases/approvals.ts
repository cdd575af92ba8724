import {
  APPROVAL_MESSAGES,
  APPROVAL_STATUSES,
  approvalRequestSchema,
  approvalRulesSchema,
} from '@contract/approval';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { approvalOperations } from '@contract/operations/approvals';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { itemCases, listCases, refusalCases } from './helpers';
import { fails, ok, rowsOf, table, totalOf } from './table';

const NO_RULES = {
  payout_thresholds: [],
  refund_thresholds: [],
  manual_journals: false,
  gl_account_changes: false,
  account_mapping_changes: false,
};
const EVERY_PAYOUT = {
  ...NO_RULES,
  payout_thresholds: [
    { currency: 'ETB', amount: '0' },
    { currency: 'usd', amount: '0' },
  ],
};
const PAYOUT = 'payout/transactions/{transaction:pay-out}';
const NOT_FOUND = API_ERRORS.notFound('Approval request');

const cases: ConformanceCase[] = [
  ...refusalCases(approvalOperations.rules, { refused: 'finance' }),
  ...refusalCases(approvalOperations.updateRules, { body: NO_RULES, refused: 'finance' }),
  ...listCases(approvalOperations.list, {
    refused: null,
    invalid: [[{ status: 'OPEN' }, `status: ${API_ERRORS.queryEnum('status', APPROVAL_STATUSES)}`]],
  }),
  ...itemCases(approvalOperations.detail, { refused: null, message: NOT_FOUND }),
  ...itemCases(approvalOperations.decide, {
    body: { command: 'approve' },
    refused: 'support',
    message: NOT_FOUND,
  }),
  ...table([
    ['admin GET approval-rules', ok(approvalRulesSchema, { ...NO_RULES, period_reopening: true })],
    [
      'admin PUT approval-rules',
      fails(400, `payout_thresholds.0.currency: ${APPROVAL_MESSAGES.unknownCurrency('XYZ')}`),
      { body: { ...NO_RULES, payout_thresholds: [{ currency: 'XYZ', amount: '1' }] } },
    ],
    [
      'admin PUT approval-rules',
      fails(400, `payout_thresholds.0.amount: ${APPROVAL_MESSAGES.amount}`),
      { body: { ...NO_RULES, payout_thresholds: [{ currency: 'ETB', amount: '-1' }] } },
    ],
    [
      'admin POST approvals/11111111-1111-4111-8111-111111111111/decision',
      fails(400, `reason: ${APPROVAL_MESSAGES.reasonRequired}`),
      { body: { command: 'reject' }, name: 'a rejection needs a reason' },
    ],
    [
      'admin PUT approval-rules',
      ok(approvalRulesSchema, {
        payout_thresholds: [
          { currency: 'ETB', amount: '0' },
          { currency: 'USD', amount: '0' },
        ],
        period_reopening: true,
      }),
      { body: EVERY_PAYOUT, name: 'every payout above zero needs approval' },
    ],
    [
      `admin POST ${PAYOUT}?command=approve`,
      {
        status: 202,
        data: approvalRequestSchema,
        match: {
          kind: 'payout',
          action: 'payout.approve',
          status: 'PENDING',
          subject_id: '{transaction:pay-out}',
          before: { status: 'PAY_OUT' },
          after: { status: 'SUCCESS' },
          decided_by: null,
        },
      },
      { name: 'a covered payout approval answers 202 with the pending request' },
    ],
    [
      `finance POST ${PAYOUT}?command=approve`,
      fails(409, APPROVAL_MESSAGES.alreadyWaiting),
      { name: 'one request per payout at a time' },
    ],
    [
      'support GET approvals?status=PENDING',
      ok(pagedSchema(approvalRequestSchema), null, (data) => {
        expect(totalOf(data)).toBe(1);
        expect(rowsOf<{ status: string }>(data).map((r) => r.status)).toEqual(['PENDING']);
      }),
    ],
    [
      'admin PUT approval-rules',
      ok(approvalRulesSchema, NO_RULES),
      { body: NO_RULES, name: 'rules off again' },
    ],
  ]),
];

export const approvalCases: ResourceCases = { resource: 'approvals', cases };
