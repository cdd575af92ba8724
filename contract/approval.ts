/**
 * Four-eyes approvals (ours, issue 23; docs/api.md "Approvals"): the rules that say which actions
 * wait for a second person, and the requests those actions become. Amounts are exact decimals.
 */
import * as v from 'valibot';
import {
  idSchema,
  nullableString,
  pageQueryEntries,
  plainText,
  recordedActorSchema,
  timestampSchema,
  valueList,
} from './common';
import { moneyInput, payloadObject, queryEnum } from './fields';
import { APPROVAL_SORT_DEFAULT, APPROVAL_SORT_KEYS, sortQuery } from './list-sort';

export const APPROVAL_MESSAGES = {
  currency: 'Select a currency',
  amount: 'Enter an amount of zero or more',
  duplicateCurrency: (currency: string) => `${currency} has more than one threshold`,
  unknownCurrency: (currency: string) => `Currency ${currency} not found`,
  reasonRequired: 'Enter a reason for the rejection',
  reasonTooLong: 'Reason must be at most 500 characters',
  ownRequest: 'You cannot decide a request you made',
  alreadyDecided: 'This request has already been decided',
  alreadyWaiting: 'A request for this is already waiting for approval',
  actionPermission: 'You do not have the permission this action needs',
} as const;

/** What a rule covers; a request's `kind`. */
export const [APPROVAL_KINDS, approvalKindSchema] = valueList([
  'payout',
  'refund',
  'manual-journal',
  'gl-account',
  'account-mapping',
  'period-reopen',
]);
export type ApprovalKind = v.InferOutput<typeof approvalKindSchema>;

export const [APPROVAL_STATUSES, approvalStatusSchema] = valueList([
  'PENDING',
  'APPROVED',
  'REJECTED',
  'FAILED',
]);
export type ApprovalStatus = v.InferOutput<typeof approvalStatusSchema>;

const CURRENCY_CODE_MAX = 10;

export const thresholdSchema = v.object({ currency: v.string(), amount: v.string() });
export type Threshold = v.InferOutput<typeof thresholdSchema>;

/**
 * `GET approval-rules`: payouts and refunds above an amount per currency (a currency without a
 * threshold is not covered), every manual journal, every GL account and account mapping change;
 * reopening a closed period is always covered.
 */
export const approvalRulesSchema = v.object({
  payout_thresholds: v.array(thresholdSchema),
  refund_thresholds: v.array(thresholdSchema),
  manual_journals: v.boolean(),
  gl_account_changes: v.boolean(),
  account_mapping_changes: v.boolean(),
  period_reopening: v.literal(true),
});
export type ApprovalRules = v.InferOutput<typeof approvalRulesSchema>;

const thresholdInputSchema = payloadObject({
  currency: v.pipe(
    v.string(APPROVAL_MESSAGES.currency),
    v.trim(),
    v.nonEmpty(APPROVAL_MESSAGES.currency),
    plainText<string>('Currency'),
    v.maxLength(CURRENCY_CODE_MAX, APPROVAL_MESSAGES.currency),
  ),
  amount: moneyInput('Amount', APPROVAL_MESSAGES.amount),
});
export type ThresholdInput = v.InferInput<typeof thresholdInputSchema>;

function thresholdList(field: string) {
  return v.pipe(
    v.array(thresholdInputSchema, `${field} must be a list`),
    v.maxLength(100, `${field} must have at most 100 entries`),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const seen = new Set<string>();
      dataset.value.forEach((t, index) => {
        const code = t.currency.toUpperCase();
        if (seen.has(code)) {
          addIssue({
            message: APPROVAL_MESSAGES.duplicateCurrency(t.currency),
            path: [
              { type: 'array', origin: 'value', input: dataset.value, key: index, value: t },
              { type: 'object', origin: 'value', input: t, key: 'currency', value: t.currency },
            ],
          });
        }
        seen.add(code);
      });
    }),
  );
}

/** `PUT approval-rules`: the whole rule set, replaced at once. */
export const approvalRulesPayloadSchema = payloadObject({
  payout_thresholds: thresholdList('payout_thresholds'),
  refund_thresholds: thresholdList('refund_thresholds'),
  manual_journals: v.boolean('manual_journals must be true or false'),
  gl_account_changes: v.boolean('gl_account_changes must be true or false'),
  account_mapping_changes: v.boolean('account_mapping_changes must be true or false'),
});
export type ApprovalRulesPayload = v.InferOutput<typeof approvalRulesPayloadSchema>;
export type ApprovalRulesInput = v.InferInput<typeof approvalRulesPayloadSchema>;

/** A changed record's fields as they were and as they would be; null where there is no record. */
const fieldsSchema = v.nullable(v.record(v.string(), v.unknown()));

export const approvalRequestSchema = v.object({
  id: idSchema,
  kind: approvalKindSchema,
  /** Dotted like the audit trail's actions: `payout.approve`, `gl-account.update`, `journal.create`. */
  action: v.string(),
  status: approvalStatusSchema,
  summary: v.string(),
  /** The record the action is about (the payout, the GL account); null for a new record. */
  subject_id: v.nullable(idSchema),
  amount: nullableString,
  currency: nullableString,
  before: fieldsSchema,
  after: fieldsSchema,
  requested_by: recordedActorSchema,
  requested_at: timestampSchema,
  decided_by: recordedActorSchema,
  decided_at: v.nullable(timestampSchema),
  /** The checker's reason for a rejection. */
  reason: nullableString,
  /** Why an approved action could not be carried out (FAILED); nothing was changed. */
  failure: nullableString,
});
export type ApprovalRequest = v.InferOutput<typeof approvalRequestSchema>;

export const approvalListQuerySchema = v.object({
  ...pageQueryEntries,
  sort: sortQuery(APPROVAL_SORT_KEYS, APPROVAL_SORT_DEFAULT),
  status: queryEnum('status', APPROVAL_STATUSES),
});
export type ApprovalListQuery = v.InferOutput<typeof approvalListQuerySchema>;

export const [APPROVAL_COMMANDS, approvalCommandSchema] = valueList(['approve', 'reject']);
export type ApprovalCommand = v.InferOutput<typeof approvalCommandSchema>;

const REASON_MAX = 500;

/** `POST approvals/{id}/decision`: approve, or reject with a reason. */
export const approvalDecisionPayloadSchema = v.pipe(
  payloadObject({
    command: v.picklist(APPROVAL_COMMANDS, `command must be one of: ${APPROVAL_COMMANDS.join(', ')}`),
    reason: v.optional(
      v.nullable(
        v.pipe(
          v.string(APPROVAL_MESSAGES.reasonRequired),
          v.trim(),
          plainText<string>('Reason', { multiLine: true }),
          v.maxLength(REASON_MAX, APPROVAL_MESSAGES.reasonTooLong),
        ),
      ),
    ),
  }),
  v.forward(
    v.check((d) => d.command !== 'reject' || (d.reason ?? '') !== '', APPROVAL_MESSAGES.reasonRequired),
    ['reason'],
  ),
);
export type ApprovalDecisionPayload = v.InferOutput<typeof approvalDecisionPayloadSchema>;
