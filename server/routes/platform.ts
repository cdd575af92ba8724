/**
 * The platform API (issue 22): payment events reported with an API client's key. Access (the
 * key's scope, no staff token), the Idempotency-Key header and validation are the declarations'
 * (contract/operations/platform.ts); each call's work runs in withIdempotency's transaction, and
 * announces the new payment or payout request there: PostgreSQL delivers the NOTIFY at commit and
 * drops it on rollback, so consoles hear only of what was written, without a round trip of its own.
 */

import type { LiveEvent } from '@contract/live-events';
import { platformOperations } from '@contract/operations/platform';
import type { PlatformTransaction } from '@contract/payment';
import type { Transaction } from '../db/connect';
import { withIdempotency } from '../http/idempotency';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { publishLiveEvent } from '../services/live-events';
import { createPayment, movePayment, requestPayout } from '../services/payment-events';

/** The work, then its live event in the same transaction. */
function announced(kind: LiveEvent['kind'], work: (tx: Transaction) => Promise<PlatformTransaction>) {
  return async (tx: Transaction) => {
    const answer = await work(tx);
    await publishLiveEvent(tx, { kind, id: answer.id });
    return answer;
  };
}

export function platformRoutes(deps: RouteDeps) {
  const { db, clock } = deps;
  const ops = platformOperations;
  return [
    handle(ops.createPayment, (input) =>
      withIdempotency(
        db,
        ops.createPayment,
        input,
        announced('payment', (tx) => createPayment(tx, input.body, input.client, clock())),
      ),
    ),
    handle(ops.movePayment, (input) =>
      withIdempotency(
        db,
        ops.movePayment,
        input,
        announced('payment', (tx) => movePayment(tx, input.params.id, input.body.status, clock())),
      ),
    ),
    handle(ops.requestPayout, (input) =>
      withIdempotency(
        db,
        ops.requestPayout,
        input,
        announced('payout-request', (tx) => requestPayout(tx, input.body, input.client, clock())),
      ),
    ),
  ];
}
