/**
 * Refunds (`/transactions/{id}/refunds`) and chargebacks (`/disputes`), issue 22. The work of each
 * write is one service call (server/services/refund.ts, dispute.ts) in one database transaction.
 */
import { API_ERRORS } from '@contract/messages';
import { disputeOperations, refundOperations } from '@contract/operations/money-flows';
import { findDispute, findPaymentRefunds, listDisputes } from '../db/queries/money-flows';
import { withIdempotency } from '../http/idempotency';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { requestAddress } from '../services/audit-log';
import { decideDispute, openDispute } from '../services/dispute';
import { submitRefund } from '../services/refund';
import { answerAccepted } from './approvals';
import { found, pageOf } from './catalogue';

const staff = (claims: { sub: string; name: string; email: string }) => ({
  id: claims.sub,
  name: claims.name,
  email: claims.email,
});

export function moneyFlowRoutes({ db, clock }: RouteDeps) {
  return [
    handle(refundOperations.ofTransaction, ({ params }) =>
      found(findPaymentRefunds(db, params.id), API_ERRORS.notFound('Transaction')),
    ),

    handle(refundOperations.create, async ({ c, params, body, claims }) => {
      const answer = await submitRefund(
        db,
        { paymentId: params.id, amount: body.amount, reason: body.reason },
        { claims, address: requestAddress(c), now: clock() },
      );
      return 'pending' in answer ? answerAccepted(c, answer.pending) : answer.done;
    }),

    handle(disputeOperations.list, ({ query }) => pageOf(listDisputes(db, query), query)),

    handle(disputeOperations.detail, ({ params }) =>
      found(findDispute(db, params.id), API_ERRORS.notFound('Chargeback')),
    ),

    handle(disputeOperations.create, ({ c, body, claims }) =>
      openDispute(
        db,
        {
          paymentId: body.payment_id,
          amount: body.amount,
          reason: body.reason,
          responseDue: body.response_due,
        },
        { kind: 'staff', actor: staff(claims) },
        { now: clock(), address: requestAddress(c) },
      ),
    ),

    // The chargeback's own NOTIFY (inside openDispute) is delivered when withIdempotency commits.
    handle(disputeOperations.platformOpen, (input) =>
      withIdempotency(db, disputeOperations.platformOpen, input, (tx) =>
        openDispute(
          tx,
          {
            paymentId: input.body.payment_id,
            amount: input.body.amount,
            reason: input.body.reason,
            responseDue: input.body.response_due,
          },
          { kind: 'platform', actor: { id: input.client.id, name: input.client.name } },
          { now: clock() },
        ),
      ),
    ),

    handle(disputeOperations.decide, ({ c, params, body, claims }) =>
      decideDispute(db, { id: params.id, decision: body.decision, notes: body.notes }, staff(claims), {
        now: clock(),
        address: requestAddress(c),
      }),
    ),
  ];
}
