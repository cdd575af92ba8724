/**
 * Bulk payout decisions (ours, issue 24, decision 045). Each payout goes through
 * submitPayoutDecision exactly as the single call does (its gate: above the threshold an approval
 * becomes a pending request; its state: only a pending payout is decided), one after another, each
 * in its own database transaction, so a refusal undoes nothing else. Two bulk calls on the same
 * payouts decide each once: the decision's conditional UPDATE (…AND status = 'PAY_OUT') lets only
 * the first through, and the one-pending-request index refuses a second approval request.
 */
import { API_ERRORS } from '@contract/messages';
import {
  BULK_DECISION_MAX,
  BULK_DECISION_MESSAGES,
  type BulkDecision,
  type BulkDecisionPayload,
  type BulkDecisionResult,
  countOutcomes,
} from '@contract/payout-bulk';
import type { PayoutCommand } from '@contract/transaction';
import type { Database } from '../db/connect';
import { findTransactionDetail, listTransactions } from '../db/queries/transactions';
import { ApiError } from '../http/envelope';
import type { RequestContext } from './approval-gates';
import { auditActor, recordAudit } from './audit-log';
import { submitPayoutDecision } from './payout-decision';

const DECIDED: Readonly<Record<PayoutCommand, BulkDecisionResult['outcome']>> = {
  approve: 'approved',
  reject: 'rejected',
};

/** The pending payouts `filter` matches, in the list's order; 400 when more than the cap. */
async function matchingPayouts(db: Database, filter: NonNullable<BulkDecisionPayload['filter']>) {
  const { contents, total } = await listTransactions(db, {
    ...filter,
    status: ['PAY_OUT'],
    page: 1,
    limit: BULK_DECISION_MAX,
  });
  if (total > BULK_DECISION_MAX)
    throw new ApiError(400, `filter: ${BULK_DECISION_MESSAGES.filterTooMany(total)}`);
  return contents.map((t) => t.id);
}

/** One payout, as the single call would decide it; a refusal is the single call's message. */
async function decideOne(
  db: Database,
  id: string,
  command: PayoutCommand,
  context: RequestContext,
): Promise<BulkDecisionResult> {
  const result = (
    outcome: BulkDecisionResult['outcome'],
    reference: string | null,
    message: string | null = null,
  ) => ({ id, reference, outcome, message, approval_request_id: null }) as BulkDecisionResult;
  try {
    const answer = await submitPayoutDecision(db, id, command, context);
    if ('pending' in answer) {
      const reference = (await findTransactionDetail(db, id))?.reference.txn_ref ?? null;
      return { ...result('sent-for-approval', reference), approval_request_id: answer.pending.id };
    }
    const payout = await findTransactionDetail(db, id);
    if (!payout) return result('refused', null, API_ERRORS.notFound('Transaction'));
    const reference = payout.reference.txn_ref;
    return answer.done
      ? result(DECIDED[command], reference)
      : result('refused', reference, API_ERRORS.payoutNotPending);
  } catch (error) {
    // A refusal of this payout (409: no mapping, no funds, a request already waiting) is its result;
    // anything else is a fault of ours and fails the call (what was decided before it stays decided).
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const reference = (await findTransactionDetail(db, id))?.reference.txn_ref ?? null;
    return result('refused', reference, error.message);
  }
}

export async function decidePayoutsInBulk(
  db: Database,
  payload: BulkDecisionPayload,
  context: RequestContext,
): Promise<BulkDecision> {
  const ids = payload.ids ?? (payload.filter ? await matchingPayouts(db, payload.filter) : []);
  const results: BulkDecisionResult[] = [];
  for (const id of ids) results.push(await decideOne(db, id, payload.command, context));
  const counts = countOutcomes(results);
  // Each decision audits itself; this entry keeps what they share: the call, its reason, its counts.
  await recordAudit(db, {
    actor: auditActor(context.claims),
    action: 'payout.bulk-decision',
    resource: { type: 'payout', id: null },
    after: { command: payload.command, reason: payload.reason ?? null, payouts: ids.length, ...counts },
    address: context.address,
    at: context.now,
  });
  return { command: payload.command, results, counts };
}
