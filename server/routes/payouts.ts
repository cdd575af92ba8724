/**
 * Payout decisions (spec §2 Payouts, §4, §7 `POST payout/transactions/{id}?command=approve|reject`).
 * Permission: change-payout-status on transaction. The decision itself, one database transaction,
 * is server/services/payout-decision.ts.
 */
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { payoutCommandQuerySchema } from '@contract/transaction';
import { Hono } from 'hono';
import { actorOf } from '../auth/actor';
import { requirePermission } from '../auth/middleware';
import { findTransactionDetail } from '../db/queries/transactions';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { parseIdParam, parseOr400 } from '../http/validate';
import { decidePayout } from '../services/payout-decision';

export function payoutRoutes({ db, clock }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.post('/transactions/:id', requirePermission(PERMISSIONS.changePayoutStatus), async (c) => {
    const id = parseIdParam(c);
    const { command } = parseOr400(payoutCommandQuerySchema, c.req.query());
    const changed = await decidePayout(db, id, command, clock(), actorOf(c.get('claims')));
    const transaction = await findTransactionDetail(db, id);
    if (!transaction) throw new ApiError(404, API_ERRORS.notFound('Transaction'));
    // Already decided, or never a payout request: the same answer, nothing was written.
    if (!changed) throw new ApiError(409, API_ERRORS.payoutNotPending);
    return ok(c, transaction);
  });

  return app;
}
