/** The payout decision (spec §7). Texts follow docs/api.md. */
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
} as const;
