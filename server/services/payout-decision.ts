/**
 * The payout decision (spec §2 Payouts, §4, §7 `POST payout/transactions/{id}?command=approve|reject`).
 *
 * One database transaction does everything or nothing: the conditional status change
 * (`UPDATE … WHERE id = $1 AND status = 'PAY_OUT'`), the event's balanced journal through the
 * account mappings, and the gateway account's balance change, which an approval may make only while
 * the gateway account covers the payout. Of two concurrent decisions on one
 * payout the second finds the row no longer PAY_OUT (PostgreSQL re-checks the WHERE after the
 * first commits) and answers 409 with nothing written.
 */
import { PAYOUT_COMMAND_TARGET, type PayoutCommand } from '@contract/transaction';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/connect';
import { loadRequestLines } from '../db/ledger-store';
import { decidePendingPayout } from '../db/queries/transactions';
import { money } from '../db/sql';
import type { PayoutDecided } from '../domain/ledger';
import { ApiError } from '../http/envelope';
import { countPayoutDecision } from '../observability/metrics';
import {
  type Gated,
  payoutApprovalRequest,
  type RequestContext,
  requesterOf,
  throughGate,
} from './approval-gates';
import { auditActorOf, recordAudit } from './audit-log';
import { postMoneyEvent } from './money-postings';

const EVENT_OF: Readonly<Record<PayoutCommand, PayoutDecided['type']>> = {
  approve: 'PAYOUT_APPROVED',
  reject: 'PAYOUT_REJECTED',
};

const EVENT_LABEL: Readonly<Record<PayoutDecided['type'], string>> = {
  PAYOUT_APPROVED: 'payout approval',
  PAYOUT_REJECTED: 'payout rejection',
};

/**
 * The decision as staff ask for it (decision 045), the single call and each payout of a bulk one:
 * approving a payout above its currency's threshold becomes a pending request (decision 039);
 * anything else is decided at once, `done` being decidePayout's answer.
 */
export function submitPayoutDecision(
  db: Database,
  id: string,
  command: PayoutCommand,
  context: RequestContext,
): Promise<Gated<boolean>> {
  return throughGate(
    () => (command === 'approve' ? payoutApprovalRequest(db, id, context) : Promise.resolve(null)),
    () => decidePayout(db, id, command, context.now, requesterOf(context)),
  );
}

/**
 * Past the gate: only submitPayoutDecision and an approved request's carry-out call it. Applies the
 * command; false when the transaction is not (or no longer) a pending payout. Throws
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
  let decided: boolean;
  try {
    decided = await decide(db, id, command, now, actor);
  } catch (error) {
    if (error instanceof ApiError) countPayoutDecision(command, 'refused');
    throw error;
  }
  countPayoutDecision(command, decided ? 'applied' : 'not_pending');
  return decided;
}

function decide(db: Database, id: string, command: PayoutCommand, now: Date, actor: Actor) {
  return db.transaction(async (tx) => {
    const payout = await decidePendingPayout(tx, id, PAYOUT_COMMAND_TARGET[command], now);
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
    // Thrown inside the transaction, a refusal (no mapping; the gateway account holds less than an
    // approval: nothing is paid, the request stays pending) rolls the status change back with it.
    // The journal records who decided: the audit trail of a payout is its ledger.
    await postMoneyEvent(tx, event, {
      transactionId: id,
      gatewayAccountId: payout.gatewayAccountId,
      now,
      postedBy: actor,
      label: EVENT_LABEL[event.type],
    });
    await recordAudit(tx, {
      actor: auditActorOf(actor),
      action: `payout.${command}`,
      resource: { type: 'payout', id },
      before: { status: 'PAY_OUT' },
      after: {
        status: PAYOUT_COMMAND_TARGET[command],
        amount: money(payout.amount),
        reference: payout.txnRef,
      },
      address: actor.address ?? null,
      at: now,
    });
    return true;
  });
}
