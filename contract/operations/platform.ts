/**
 * The platform API (issue 22; docs/api.md "The platform API"): the payment events the provider's
 * payment platform reports with an API client's key. Each call is idempotent by its
 * `Idempotency-Key` (docs/decisions/034).
 */
import {
  PAYMENT_TRANSITIONS,
  paymentCreatePayloadSchema,
  paymentMovePayloadSchema,
  payoutRequestPayloadSchema,
  platformTransactionSchema,
} from '../payment';
import { defineOperation } from './define';

const TAG = 'Platform';

export const IDEMPOTENCY_CONFLICT = 'The Idempotency-Key was already used with another request.';

const transitions = Object.entries(PAYMENT_TRANSITIONS)
  .filter(([, to]) => to.length > 0)
  .map(([from, to]) => `${from} -> ${to.join(' | ')}`)
  .join('; ');

export const platformOperations = {
  createPayment: defineOperation({
    method: 'post',
    path: '/platform/payments',
    tag: TAG,
    summary: 'Report a new payment',
    description:
      'A payment of `amount` in `currency` (its code) to `merchant_id`, through `gateway_account_id` (whose payment ' +
      "method it takes), under the platform's unique `reference`; status PENDING. Nothing is posted yet. " +
      'Unknown ids and codes are 400 naming the field.',
    platform: { scope: 'payments:write', idempotent: true },
    body: { schema: paymentCreatePayloadSchema },
    response: { status: 201, data: platformTransactionSchema },
    errors: {
      409: 'The reference is already used, or the gateway account is inactive.',
      422: IDEMPOTENCY_CONFLICT,
    },
  }),
  movePayment: defineOperation({
    method: 'post',
    path: '/platform/payments/{id}/status',
    tag: TAG,
    summary: 'Move a payment to another status',
    description:
      `Along the state machine: ${transitions}; SUCCESS, FAILED and CANCELED are final. SUCCESS is the money ` +
      "event: the TRANSACTION_FEE charge of the payment's currency gives the fee, the journal is posted through the " +
      'account mappings and the gateway account grows by the amount, in one transaction.',
    platform: { scope: 'payments:write', idempotent: true },
    body: { schema: paymentMovePayloadSchema },
    response: { data: platformTransactionSchema },
    errors: {
      409:
        'The move is not in the state machine (the message names both states), or SUCCESS has no TRANSACTION_FEE ' +
        'charge in force or no account mapping for a posting (nothing is written).',
      422: IDEMPOTENCY_CONFLICT,
    },
  }),
  requestPayout: defineOperation({
    method: 'post',
    path: '/platform/payouts',
    tag: TAG,
    summary: 'Request a payout',
    description:
      'A payout of `amount` to `merchant_id` from `gateway_account_id`, status PAY_OUT: it appears on the Payouts ' +
      'screen for staff to approve or reject. The request posts its journal (merchant payable to suspense) at once.',
    platform: { scope: 'payouts:write', idempotent: true },
    body: { schema: payoutRequestPayloadSchema },
    response: { status: 201, data: platformTransactionSchema },
    errors: {
      409: 'The reference is already used, the gateway account is inactive, or no account mapping serves a posting.',
      422: IDEMPOTENCY_CONFLICT,
    },
  }),
};
