/** The payout decision (spec §7) and the bulk decision (ours, issue 24). Texts follow docs/api.md. */
import { BULK_DECISION_MAX, bulkDecisionPayloadSchema, bulkDecisionSchema } from '../payout-bulk';
import { PERMISSIONS } from '../permissions';
import { payoutCommandQuerySchema, transactionDetailSchema } from '../transaction';
import { waitsForApproval } from './approvals';
import { defineOperation } from './define';

export const payoutOperations = {
  decide: defineOperation({
    method: 'post',
    path: '/payout/transactions/{id}',
    tag: 'Payouts',
    summary: 'Approve or reject a payout',
    description:
      'No body. Only a `PAY_OUT` transaction can be decided: approve → SUCCESS, reject → CANCELED, with the ' +
      'journal and gateway balance change in one database transaction; an approval never takes the gateway ' +
      'account below zero. The decision journal records the caller as its poster. Answers the updated ' +
      'transaction with its `decision`.',
    permission: PERMISSIONS.changePayoutStatus,
    query: payoutCommandQuerySchema,
    response: { data: transactionDetailSchema },
    accepted: waitsForApproval('approving this payout (its amount is above the threshold of its currency)'),
    errors: {
      409:
        'Not a pending payout, a posting has no account mapping, or (approve) the gateway account cannot ' +
        'cover the amount; nothing is written.',
    },
  }),
  bulkDecide: defineOperation({
    method: 'post',
    path: '/payouts/bulk-decision',
    tag: 'Payouts',
    summary: 'Approve or reject many payouts',
    description:
      `Ours (issue 24, decision 045). Decides the payouts of \`ids\` (1 to ${BULK_DECISION_MAX}) or every pending payout ` +
      `\`filter\` matches (the Payouts list's filters; more than ${BULK_DECISION_MAX}: 400), each exactly as ` +
      '`POST payout/transactions/{id}` would and in its own database transaction, so one refusal undoes no ' +
      'other decision. Rejecting needs a `reason` (kept in the audit trail). Answers 200 with one result per ' +
      'payout: `approved`, `rejected`, `sent-for-approval` (above the approval threshold: a pending request, ' +
      "not approved) or `refused` with the single decision's message (not pending, unknown, no mapping, the " +
      'gateway account cannot cover it, a request already waiting), and the counts.',
    permission: PERMISSIONS.changePayoutStatus,
    body: { schema: bulkDecisionPayloadSchema },
    response: { data: bulkDecisionSchema },
  }),
} as const;
