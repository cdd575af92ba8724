/**
 * The platform API (issue 22): payment events reported with an API client's key. Access (the
 * key's scope, no staff token), the Idempotency-Key header and validation are the declarations'
 * (contract/operations/platform.ts); each call's work runs in withIdempotency's transaction, and
 * a new payment or payout request is announced to the consoles once it committed.
 */
import { platformOperations } from '@contract/operations/platform';
import { withIdempotency } from '../http/idempotency';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { publishLiveEvent } from '../services/live-events';
import { createPayment, movePayment, requestPayout } from '../services/payment-events';

export function platformRoutes(deps: RouteDeps) {
  const { db, clock } = deps;
  const ops = platformOperations;
  return [
    handle(ops.createPayment, (input) =>
      withIdempotency(
        db,
        ops.createPayment,
        input,
        (tx) => createPayment(tx, input.body, input.client, clock()),
        {
          afterCommit: (payment) => publishLiveEvent(db, { kind: 'payment', id: payment.id }),
        },
      ),
    ),
    handle(ops.movePayment, (input) =>
      withIdempotency(
        db,
        ops.movePayment,
        input,
        (tx) => movePayment(tx, input.params.id, input.body.status, clock()),
        {
          afterCommit: (payment) => publishLiveEvent(db, { kind: 'payment', id: payment.id }),
        },
      ),
    ),
    handle(ops.requestPayout, (input) =>
      withIdempotency(
        db,
        ops.requestPayout,
        input,
        (tx) => requestPayout(tx, input.body, input.client, clock()),
        {
          afterCommit: (payout) => publishLiveEvent(db, { kind: 'payout-request', id: payout.id }),
        },
      ),
    ),
  ];
}
