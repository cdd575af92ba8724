/**
 * Refunds and chargebacks (issue 22): the same answers from the server and the mocks. The newest
 * successful payment is refunded and disputed; the second newest is left alone.
 */
import { DISPUTE_MESSAGES, disputePageSchema, disputeSchema } from '@contract/dispute';
import { API_ERRORS } from '@contract/messages';
import { disputeOperations, refundOperations } from '@contract/operations/money-flows';
import { paymentRefundsSchema, REFUND_MESSAGES, refundSchema } from '@contract/refund';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import { listCases, malformedIdCases, refusalCases, refusals, unknownIdCases } from './helpers';
import { fails, made, ok, table } from './table';

const PAYMENT = '{transaction:success/PAYMENT}';
const REFUNDS = `transactions/${PAYMENT}/refunds`;
const finance = { id: '{user:finance}', name: 'Dawit Haile' };
const DISPUTE = { payment_id: PAYMENT, amount: '1', reason: 'Not received', response_due: '2026-12-31' };

const cases: ConformanceCase[] = [
  // GET transactions/{id}/refunds
  ...refusals({ method: 'GET', path: REFUNDS }, 'nobody'),
  ...malformedIdCases(refundOperations.ofTransaction),
  ...unknownIdCases(refundOperations.ofTransaction, { message: API_ERRORS.notFound('Transaction') }),
  ...table([
    [
      `support GET ${REFUNDS}`,
      ok(paymentRefundsSchema, {
        transaction_id: PAYMENT,
        refundable: true,
        refunded_amount: '0',
        refunds: [],
      }),
      { name: 'a payment nothing was taken from' },
    ],
    [
      'support GET transactions/{transaction:pay-out}/refunds',
      ok(paymentRefundsSchema, { refundable: false, balance: '0', refundable_amount: '0', refund_of: null }),
      { name: 'a payout request is not refundable' },
    ],
  ]),

  // POST transactions/{id}/refunds: refund-transaction, which support lacks
  ...refusalCases(refundOperations.create, {
    id: PAYMENT,
    refused: 'support',
    body: { amount: '1', reason: 'x' },
  }),
  ...table([
    [
      `finance POST ${REFUNDS}`,
      fails(400, `amount: ${REFUND_MESSAGES.amount}`),
      { body: { amount: '0', reason: 'x' } },
    ],
    [`finance POST ${REFUNDS}`, fails(400, `reason: ${REFUND_MESSAGES.reason}`), { body: { amount: '1' } }],
    [
      `finance POST transactions/${UNKNOWN_ID}/refunds`,
      fails(404, API_ERRORS.notFound('Transaction')),
      { body: { amount: '1', reason: 'x' } },
    ],
    [
      'finance POST transactions/{transaction:pay-out}/refunds',
      fails(409, REFUND_MESSAGES.notAPayment),
      { body: { amount: '1', reason: 'x' } },
    ],
    [
      `finance POST ${REFUNDS}`,
      made(refundSchema, { payment_id: PAYMENT, amount: '1.5', reason: 'Conformance', created_by: finance }),
      { body: { amount: '1.50', reason: 'Conformance' }, name: 'a partial refund' },
    ],
    [
      `support GET ${REFUNDS}`,
      ok(paymentRefundsSchema, {
        refunded_amount: '1.5',
        refunds: [{ amount: '1.5', reason: 'Conformance' }],
      }),
      { name: 'the payment shows what was refunded' },
    ],
    [
      `finance POST ${REFUNDS}`,
      fails(409, /^The refund is more than what is left of the payment/),
      { body: { amount: '999999999', reason: 'Too much' } },
    ],
  ]),

  // GET disputes, GET disputes/{id}
  ...listCases(disputeOperations.list, {
    refused: 'nobody',
    invalid: [
      [{ status: 'closed' }, `status: ${API_ERRORS.queryEnum('status', ['open', 'won', 'lost'])}`],
      [{ from: '2026-12-02', to: '2026-12-01' }, API_ERRORS.dateRange],
    ],
  }),
  ...refusalCases(disputeOperations.detail, { id: UNKNOWN_ID, refused: 'nobody' }),
  ...malformedIdCases(disputeOperations.detail),
  ...unknownIdCases(disputeOperations.detail, { message: API_ERRORS.notFound('Chargeback') }),

  // POST disputes, POST disputes/{id}/decision: manage-dispute, which support lacks
  ...refusalCases(disputeOperations.create, { refused: 'support', body: DISPUTE }),
  ...table([
    [
      'finance POST disputes',
      fails(400, `amount: ${DISPUTE_MESSAGES.amount}`),
      { body: { ...DISPUTE, amount: '0' } },
    ],
    [
      'finance POST disputes',
      fails(400, `response_due: ${DISPUTE_MESSAGES.responseDue}`),
      { body: { ...DISPUTE, response_due: 'soon' } },
    ],
    [
      'finance POST disputes',
      fails(404, API_ERRORS.notFound('Transaction')),
      { body: { ...DISPUTE, payment_id: UNKNOWN_ID } },
    ],
    [
      'finance POST disputes',
      fails(409, DISPUTE_MESSAGES.notAPayment),
      { body: { ...DISPUTE, payment_id: '{transaction:pay-out}' } },
    ],
    [
      'finance POST disputes',
      made(disputeSchema, {
        status: 'OPEN',
        amount: '1',
        reason: 'Not received',
        response_due: '2026-12-31',
        opened_by: { kind: 'staff', actor: finance },
        decided_by: null,
      }),
      { body: DISPUTE, name: 'a chargeback opened by staff' },
    ],
    [
      'support GET disputes?status=open',
      ok(disputePageSchema, { total: 1, contents: [{ status: 'OPEN', amount: '1' }] }),
      { name: 'listed as open' },
    ],
    ['support GET disputes?status=lost', ok(disputePageSchema, { total: 0, contents: [] })],
    ['support GET disputes/{dispute:open}', ok(disputeSchema, { id: '{dispute:open}', status: 'OPEN' })],
    [
      'support POST disputes/{dispute:open}/decision',
      fails(403, API_ERRORS.forbidden),
      { body: { decision: 'LOST', notes: 'x' } },
    ],
    [
      'finance POST disputes/{dispute:open}/decision',
      fails(400, `decision: ${DISPUTE_MESSAGES.decision}`),
      { body: { decision: 'DRAW', notes: 'x' } },
    ],
    [
      `finance POST disputes/${UNKNOWN_ID}/decision`,
      fails(404, API_ERRORS.notFound('Chargeback')),
      { body: { decision: 'LOST', notes: 'x' } },
    ],
    [
      'finance POST disputes/{dispute:open}/decision',
      ok(disputeSchema, {
        id: '{dispute:open}',
        status: 'LOST',
        notes: 'Lost at the bank',
        decided_by: finance,
      }),
      { body: { decision: 'LOST', notes: 'Lost at the bank' }, name: 'decided LOST, and who decided' },
    ],
    [
      'admin POST disputes/{dispute:open}/decision',
      fails(409, DISPUTE_MESSAGES.notOpen('LOST')),
      { body: { decision: 'WON', notes: 'Too late' }, name: 'a decided chargeback cannot be decided again' },
    ],
  ]),
];

export const moneyFlowCases: ResourceCases = { resource: 'money-flows', cases };
