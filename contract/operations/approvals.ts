/** Four-eyes approvals (ours, issue 23; docs/api.md "Approvals", decision 039). */

import {
  approvalDecisionPayloadSchema,
  approvalListQuerySchema,
  approvalRequestSchema,
  approvalRulesPayloadSchema,
  approvalRulesSchema,
} from '../approval';
import { pagedSchema } from '../envelope';
import { PERMISSIONS } from '../permissions';
import { defineOperation } from './define';

const TAG = 'Approvals';

/** The `accepted` entry of an action a rule may send for approval (payouts, GL accounts, ...). */
export function waitsForApproval(what: string) {
  return {
    description:
      `Accepted: an approval rule covers ${what}, so nothing is changed yet. The envelope holds the pending ` +
      'approval request; a second person carries the action out by approving it (`POST approvals/{id}/decision`).',
    data: approvalRequestSchema,
  } as const;
}

export const approvalOperations = {
  rules: defineOperation({
    method: 'get',
    path: '/approval-rules',
    tag: TAG,
    summary: 'Read the approval rules',
    description:
      'Which actions wait for a second person: payouts and refunds above an amount in their currency (none ' +
      'without a threshold; an amount equal to the threshold goes through), every manual journal, every GL ' +
      'account and account mapping change; reopening a closed period always.',
    permission: PERMISSIONS.manageApprovalRules,
    response: { data: approvalRulesSchema },
  }),
  updateRules: defineOperation({
    method: 'put',
    path: '/approval-rules',
    tag: TAG,
    summary: 'Replace the approval rules',
    description:
      'The whole rule set at once. Thresholds are exact decimals of zero or more, one per currency, each an ' +
      'existing currency code (400 naming `payout_thresholds.0.currency`). Requests already made stay as they are.',
    permission: PERMISSIONS.manageApprovalRules,
    body: { schema: approvalRulesPayloadSchema },
    response: { data: approvalRulesSchema },
  }),
  list: defineOperation({
    method: 'get',
    path: '/approvals',
    tag: TAG,
    summary: 'List approval requests',
    description:
      "`search_term`: case-insensitive *contains* over the summary and the maker's name; `status`: PENDING, " +
      'APPROVED, REJECTED or FAILED. Newest first.',
    permission: PERMISSIONS.viewApproval,
    query: approvalListQuerySchema,
    response: { data: pagedSchema(approvalRequestSchema) },
  }),
  detail: defineOperation({
    method: 'get',
    path: '/approvals/{id}',
    tag: TAG,
    summary: 'Get an approval request',
    description:
      'What was asked, by whom and when, the amount, the fields before and after, and the decision.',
    permission: PERMISSIONS.viewApproval,
    response: { data: approvalRequestSchema },
  }),
  decide: defineOperation({
    method: 'post',
    path: '/approvals/{id}/decision',
    tag: TAG,
    summary: 'Approve or reject an approval request',
    description:
      '`command`: approve or reject; a rejection needs a `reason`. The caller must not be the maker and must ' +
      'also hold the permission the action itself needs (403). Approving carries the action out in the same ' +
      'database transaction; if it can no longer be carried out (the payout was decided meanwhile) the request ' +
      'becomes FAILED with the reason in `failure` and nothing else changes. Answers the decided request.',
    permission: PERMISSIONS.decideApproval,
    body: { schema: approvalDecisionPayloadSchema },
    response: { data: approvalRequestSchema },
    errors: {
      403: 'The caller made the request, or lacks the permission of the action.',
      409: 'The request is no longer pending (decided by someone else).',
    },
  }),
} as const;
