/**
 * The platform API (issue 22): payment events reported with an API client's key. Access (the
 * key's scope, no staff token), the Idempotency-Key header and validation are the declarations'
 * (contract/operations/platform.ts); each call's work runs in withIdempotency's transaction. The
 * new or moved payment or payout request is announced once that transaction committed (never on a
 * refusal or a replay), batched with other calls' notices outside any writer's transaction:
 * decision 051.
 */

import type { LiveEvent } from '@contract/live-events';
import { platformOperations } from '@contract/operations/platform';
import type { PlatformTransaction } from '@contract/payment';
import { withIdempotency } from '../http/idempotency';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { announceCommitted } from '../services/live-events';
import {
  createPayment,
  movePayment,
  paymentInsert,
  paymentLock,
  requestPayout,
} from '../services/payment-events';

export function platformRoutes(deps: RouteDeps) {
  const { db, clock } = deps;
  const ops = platformOperations;
  /** The live event of a committed answer (built once, not per call). */
  const announce = (kind: LiveEvent['kind']) => ({
    afterCommit: (answer: PlatformTransaction) => announceCommitted(db, { kind, id: answer.id }),
  });
  const announcePayment = announce('payment');
  const announcePayout = announce('payout-request');
  return [
    // The payment's insert, and a move's row lock, go with the idempotency claim (decision 059).
    handle(ops.createPayment, (input) => {
      const now = clock();
      return withIdempotency(
        db,
        ops.createPayment,
        input,
        (tx, inserted) => createPayment(tx, input.body, input.client, now, inserted),
        { ...announcePayment, along: paymentInsert(input.body, input.client, now) },
      );
    }),
    handle(ops.movePayment, (input) =>
      withIdempotency(
        db,
        ops.movePayment,
        input,
        (tx, locked) => movePayment(tx, input.params.id, input.body.status, clock(), locked),
        { ...announcePayment, along: paymentLock(input.params.id, input.body.status) },
      ),
    ),
    handle(ops.requestPayout, (input) =>
      withIdempotency(
        db,
        ops.requestPayout,
        input,
        (tx) => requestPayout(tx, input.body, input.client, clock()),
        announcePayout,
      ),
    ),
  ];
}
