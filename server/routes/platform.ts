/**
 * The platform API (issue 22): payment events reported with an API client's key. Access (the
 * key's scope, no staff token), the Idempotency-Key header and validation are the declarations'
 * (contract/operations/platform.ts); each call's work runs in withIdempotency's transaction, which
 * announces the new payment or payout request with the stored answer, in one statement: PostgreSQL
 * delivers the NOTIFY at commit and drops it on rollback, so consoles hear only of what was
 * written, without a round trip of its own.
 */

import type { LiveEvent } from '@contract/live-events';
import { platformOperations } from '@contract/operations/platform';
import type { PlatformTransaction } from '@contract/payment';
import { withIdempotency } from '../http/idempotency';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { liveEventNotice } from '../services/live-events';
import { createPayment, movePayment, requestPayout } from '../services/payment-events';

/** The live event of an answer, announced with the stored answer (withIdempotency's `notify`). */
const announce = (kind: LiveEvent['kind']) => ({
  notify: (answer: PlatformTransaction) => liveEventNotice({ kind, id: answer.id }),
});

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
        announce('payment'),
      ),
    ),
    handle(ops.movePayment, (input) =>
      withIdempotency(
        db,
        ops.movePayment,
        input,
        (tx) => movePayment(tx, input.params.id, input.body.status, clock()),
        announce('payment'),
      ),
    ),
    handle(ops.requestPayout, (input) =>
      withIdempotency(
        db,
        ops.requestPayout,
        input,
        (tx) => requestPayout(tx, input.body, input.client, clock()),
        announce('payout-request'),
      ),
    ),
  ];
}
