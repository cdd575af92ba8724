/** Transaction limits (spec §7). Texts follow docs/api.md. */
import { activationCommandQuerySchema } from '../fields';
import { PERMISSIONS } from '../permissions';
import {
  transactionLimitListSchema,
  transactionLimitPayloadSchema,
  transactionLimitUpdatePayloadSchema,
} from '../transaction-limit';
import { defineOperation } from './define';
import { COMMAND } from './notes';

export const transactionLimitOperations = {
  create: defineOperation({
    method: 'post',
    path: '/transaction-limits',
    tag: 'Transaction limits',
    summary: 'Create a transaction limit',
    description:
      'Whole amounts, `max_amount` above `min_amount`. Two ACTIVE limits of one method and interval may not ' +
      'have intersecting ranges. A new limit is ACTIVE.',
    permission: PERMISSIONS.updatePaymentMethod,
    body: { schema: transactionLimitPayloadSchema },
    response: { status: 201, data: transactionLimitListSchema.item },
    errors: { 409: 'An active limit of the same interval already covers part of the range.' },
  }),
  update: defineOperation({
    method: 'put',
    path: '/transaction-limits/{id}',
    tag: 'Transaction limits',
    summary: 'Update a transaction limit',
    description: 'Amounts and interval; the limit keeps its payment method and status.',
    permission: PERMISSIONS.updatePaymentMethod,
    body: { schema: transactionLimitUpdatePayloadSchema },
    response: { data: transactionLimitListSchema.item },
    errors: { 409: 'An active limit of the same interval already covers part of the range.' },
  }),
  remove: defineOperation({
    method: 'delete',
    path: '/transaction-limits/{id}',
    tag: 'Transaction limits',
    summary: 'Delete a transaction limit',
    description: 'Answers the deleted limit.',
    permission: PERMISSIONS.updatePaymentMethod,
    response: { data: transactionLimitListSchema.item },
  }),
  command: defineOperation({
    method: 'post',
    path: '/transaction-limits/{id}',
    tag: 'Transaction limits',
    summary: 'Activate or deactivate a transaction limit',
    description: `${COMMAND} Activation checks the overlap rule again.`,
    permission: PERMISSIONS.updatePaymentMethod,
    query: activationCommandQuerySchema,
    response: { data: transactionLimitListSchema.item },
    errors: { 409: 'Already in the target status, or activation would overlap an active limit.' },
  }),
} as const;
