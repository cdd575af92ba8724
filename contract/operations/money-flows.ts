/**
 * Refunds, chargebacks and the live event stream (ours, issue 22; docs/api.md "Refunds and
 * chargebacks", "Live events").
 */
import {
  disputeDecisionPayloadSchema,
  disputeListQuerySchema,
  disputePageSchema,
  disputePayloadSchema,
  disputeSchema,
} from '../dispute';
import { PERMISSIONS } from '../permissions';
import { paymentRefundsSchema, refundPayloadSchema, refundSchema } from '../refund';
import { waitsForApproval } from './approvals';
import { defineOperation } from './define';
import { IDEMPOTENCY_CONFLICT } from './platform';

const OVER =
  'the amount is more than what is left of the payment (its amount less refunds, open and lost chargebacks)';

export const refundOperations = {
  ofTransaction: defineOperation({
    method: 'get',
    path: '/transactions/{id}/refunds',
    tag: 'Refunds and chargebacks',
    summary: "A payment's refunds and what is left of it",
    description:
      'For a successful payment: what has been refunded, what chargebacks hold (open) and took (lost), its ' +
      'balance (amount less refunds and lost chargebacks), what a new refund may be at most, and each refund. ' +
      'For a REFUND transaction, `refund_of` names the payment it returned. Any other transaction answers ' +
      '`refundable: false` and zeros.',
    permission: PERMISSIONS.viewTransactions,
    response: { data: paymentRefundsSchema },
  }),
  create: defineOperation({
    method: 'post',
    path: '/transactions/{id}/refunds',
    tag: 'Refunds and chargebacks',
    summary: 'Refund a payment',
    description:
      '`amount` (a positive decimal string, all or part of what is left) and `reason`. Creates a REFUND ' +
      'transaction linked to the payment, takes the currency’s REFUND_FEE charge from the merchant, posts ' +
      'REFUND_ISSUED (docs/ledger.md) and takes the amount from the gateway account, in one database ' +
      'transaction holding the payment row’s lock, so concurrent refunds never exceed the payment.',
    permission: PERMISSIONS.refundTransaction,
    body: { schema: refundPayloadSchema },
    response: { status: 201, data: refundSchema },
    accepted: waitsForApproval('refunds above this amount in the payment’s currency'),
    errors: {
      409: `Not a successful payment, ${OVER}, a posting has no account mapping, or the gateway account cannot cover the refund; nothing is written.`,
    },
  }),
} as const;

export const disputeOperations = {
  list: defineOperation({
    method: 'get',
    path: '/disputes',
    tag: 'Refunds and chargebacks',
    summary: 'List chargebacks',
    description:
      '`status`: open, won or lost; `from`/`to`: whole UTC days the chargeback opened, inclusive; ' +
      '`search_term`: the payment’s reference contains it. Newest first.',
    permission: PERMISSIONS.viewDispute,
    query: disputeListQuerySchema,
    response: { data: disputePageSchema },
  }),
  detail: defineOperation({
    method: 'get',
    path: '/disputes/{id}',
    tag: 'Refunds and chargebacks',
    summary: 'Get a chargeback',
    description:
      'One chargeback with its payment (and the payment’s balance), who opened and who decided it.',
    permission: PERMISSIONS.viewDispute,
    response: { data: disputeSchema },
  }),
  create: defineOperation({
    method: 'post',
    path: '/disputes',
    tag: 'Refunds and chargebacks',
    summary: 'Open a chargeback',
    description:
      '`payment_id` (a successful payment), `amount`, `reason` and `response_due` (YYYY-MM-DD). Takes the ' +
      'currency’s CHARGE_BACK_FEE charge from the merchant and posts CHARGEBACK_OPENED: the amount is held ' +
      'in transfer suspense until the chargeback is decided.',
    permission: PERMISSIONS.manageDispute,
    body: { schema: disputePayloadSchema },
    response: { status: 201, data: disputeSchema },
    errors: {
      409: `Not a successful payment, ${OVER}, or a posting has no account mapping; nothing is written.`,
    },
  }),
  decide: defineOperation({
    method: 'post',
    path: '/disputes/{id}/decision',
    tag: 'Refunds and chargebacks',
    summary: 'Decide a chargeback',
    description:
      '`decision` WON or LOST and `notes`. Only an OPEN chargeback can be decided, once: of two decisions ' +
      'at once one applies and the other is refused (409). WON returns the held amount to the merchant ' +
      'payable; LOST takes it out of the gateway account (CHARGEBACK_WON / CHARGEBACK_LOST).',
    permission: PERMISSIONS.manageDispute,
    body: { schema: disputeDecisionPayloadSchema },
    response: { data: disputeSchema },
    errors: {
      409: 'The chargeback is no longer OPEN, a posting has no account mapping, or (LOST) the gateway account cannot cover it.',
    },
  }),
  platformOpen: defineOperation({
    method: 'post',
    path: '/platform/disputes',
    tag: 'Platform',
    summary: 'Report a chargeback',
    description:
      'The payment platform reports a chargeback its acquirer opened: the body and rules of `POST /disputes` ' +
      '(a successful payment, never more than is left of it, the CHARGE_BACK_FEE charge, CHARGEBACK_OPENED ' +
      'posted), recorded as opened by the API client. Staff decide it in the console.',
    platform: { scope: 'disputes:write', idempotent: true },
    body: { schema: disputePayloadSchema },
    response: { status: 201, data: disputeSchema },
    errors: {
      409: `Not a successful payment, ${OVER}, or a posting has no account mapping; nothing is written.`,
      422: IDEMPOTENCY_CONFLICT,
    },
  }),
} as const;

export const liveEventOperations = {
  stream: defineOperation({
    method: 'get',
    path: '/events',
    tag: 'Live events',
    summary: 'Live event stream',
    description:
      'Server-Sent Events (`text/event-stream`): `change` events whose data is `{"kind","id"}` when a payment, ' +
      'payout request, refund, chargeback, approval or journal changes, each sent only to callers holding ' +
      'the permission that views its kind; `resync` when events may have been missed. Any valid token; send ' +
      'it in the Authorization header (read the stream with fetch, not EventSource). The server ends the ' +
      'stream when the token expires or is signed out, and after a bounded time; reconnect then. ' +
      'Decision 035.',
    response: { contentType: 'text/event-stream', description: 'The event stream.' },
  }),
} as const;
