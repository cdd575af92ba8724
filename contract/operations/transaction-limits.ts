/** Transaction limits (spec §7). Texts follow docs/api.md. */
import { PERMISSIONS } from '../permissions';
import {
  transactionLimitListSchema,
  transactionLimitPayloadSchema,
  transactionLimitUpdatePayloadSchema,
} from '../transaction-limit';
import { COMMAND } from './notes';
import { resourceOperations } from './resource';

const limits = resourceOperations(
  '/transaction-limits',
  'Transaction limits',
  transactionLimitListSchema.item,
  { one: 'a transaction limit', many: 'transaction limits' },
);
const OVERLAP = 'An active limit of the same interval already covers part of the range.';

/** Every change to a method's limits takes the method's update permission. */
export const transactionLimitOperations = {
  ...limits.writes(
    { permission: PERMISSIONS.updatePaymentMethod, errors: { 409: OVERLAP } },
    {
      description:
        'Whole amounts, `max_amount` above `min_amount`. Two ACTIVE limits of one method and interval may not ' +
        'have intersecting ranges. A new limit is ACTIVE.',
      body: { schema: transactionLimitPayloadSchema },
    },
    {
      description: 'Amounts and interval; the limit keeps its payment method and status.',
      body: { schema: transactionLimitUpdatePayloadSchema },
    },
  ),
  remove: limits.remove({
    description: 'Answers the deleted limit.',
    permission: PERMISSIONS.updatePaymentMethod,
  }),
  command: limits.command({
    description: `${COMMAND} Activation checks the overlap rule again.`,
    permission: PERMISSIONS.updatePaymentMethod,
    errors: { 409: 'Already in the target status, or activation would overlap an active limit.' },
  }),
} as const;
