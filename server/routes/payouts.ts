/**
 * Payout decisions (spec §2 Payouts, §4, §7 `POST payout/transactions/{id}?command=approve|reject`).
 * Permission: change-payout-status on transaction.
 *
 * One database transaction does everything or nothing: the conditional status change
 * (`UPDATE … WHERE id = $1 AND status = 'PAY_OUT'`), the event's balanced journal through the
 * account mappings, and the gateway account's balance change, which an approval may make only while
 * the gateway account covers the payout. Of two concurrent decisions on one
 * payout the second finds the row no longer PAY_OUT (PostgreSQL re-checks the WHERE after the
 * first commits) and answers 409 with nothing written.
 */
import { API_ERRORS, API_LEDGER_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import {
  PAYOUT_COMMAND_TARGET,
  PAYOUT_PENDING_STATUS,
  type PayoutCommand,
  payoutCommandQuerySchema,
} from '@contract/transaction';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { type Actor, actorOf } from '../auth/actor';
import { requirePermission } from '../auth/middleware';
import type { Database } from '../db/connect';
import { loadMappings, loadRequestLines, moveGatewayBalance, postJournal } from '../db/ledger-store';
import { findTransactionDetail } from '../db/queries/transactions';
import { transactions } from '../db/schema';
import { buildJournal, gatewayBalanceDelta, MissingMappingError, type PayoutDecided } from '../domain/ledger';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { parseIdParam, parseOr400 } from '../http/validate';

const EVENT_OF: Readonly<Record<PayoutCommand, PayoutDecided['type']>> = {
  approve: 'PAYOUT_APPROVED',
  reject: 'PAYOUT_REJECTED',
};

const EVENT_LABEL: Readonly<Record<PayoutDecided['type'], string>> = {
  PAYOUT_APPROVED: 'payout approval',
  PAYOUT_REJECTED: 'payout rejection',
};

/**
 * Applies the command; false when the transaction is not (or no longer) a pending payout. Throws
 * ApiError 409 when a posting has no account mapping or the gateway account cannot cover an
 * approval (the transaction rolls back).
 */
export async function decidePayout(
  db: Database,
  id: string,
  command: PayoutCommand,
  now: Date,
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const [payout] = await tx
      .update(transactions)
      .set({ status: PAYOUT_COMMAND_TARGET[command], updatedAt: now })
      .where(and(eq(transactions.id, id), eq(transactions.status, PAYOUT_PENDING_STATUS)))
      .returning({
        amount: transactions.amount,
        paymentMethodId: transactions.paymentMethodId,
        gatewayAccountId: transactions.gatewayAccountId,
        txnRef: transactions.txnRef,
      });
    if (!payout) return false;

    const requestLines = await loadRequestLines(tx, id);
    const event: PayoutDecided = {
      type: EVENT_OF[command],
      amount: payout.amount,
      payment_method_id: payout.paymentMethodId,
      reference: payout.txnRef,
      // Clear the suspense the request actually used, even if the mappings changed since.
      ...(requestLines ? { request_lines: requestLines } : {}),
    };
    let journal: ReturnType<typeof buildJournal>;
    try {
      journal = buildJournal(event, await loadMappings(tx));
    } catch (error) {
      if (error instanceof MissingMappingError) {
        // Thrown inside the transaction: the status change above rolls back with it.
        throw new ApiError(
          409,
          API_LEDGER_ERRORS.missingAccountMapping(error.financial_account_type, EVENT_LABEL[event.type]),
        );
      }
      throw error;
    }
    if (!(await moveGatewayBalance(tx, payout.gatewayAccountId, gatewayBalanceDelta(event), now))) {
      // The gateway account holds less than the payout: nothing is paid, the request stays pending.
      throw new ApiError(409, API_LEDGER_ERRORS.gatewayCannotCover);
    }
    // The journal records who decided: the audit trail of a payout is its ledger.
    await postJournal(tx, journal, { transactionId: id, now, postedBy: actor });
    return true;
  });
}

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
