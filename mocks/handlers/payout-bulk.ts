/**
 * `POST payouts/bulk-decision` (docs/api.md "Payouts", decision 045): each payout decided as the
 * single decision's mock would (mocks/handlers/transactions.ts), with its result per id.
 */
import { API_ERRORS } from '@contract/messages';
import { payoutOperations } from '@contract/operations/payouts';
import {
  BULK_DECISION_MAX,
  BULK_DECISION_MESSAGES,
  type BulkDecisionResult,
  countOutcomes,
} from '@contract/payout-bulk';
import { PAYOUT_COMMAND_TARGET, PAYOUT_PENDING_STATUS, type PayoutCommand } from '@contract/transaction';
import { allTransactions, setTransactionStatus } from '../data/transactions';
import { db } from '../db';
import { actorOf, failure } from '../http';
import { mock } from '../operation';
import { payoutApprovalAnswer } from './approvals';
import { filterTransactions } from './transactions';

async function decideOne(request: Request, id: string, command: PayoutCommand): Promise<BulkDecisionResult> {
  const payout = allTransactions(db.merchants).find((t) => t.id === id);
  const reference = payout?.reference.txn_ref ?? null;
  const result = (outcome: BulkDecisionResult['outcome'], message: string | null = null) => ({
    id,
    reference,
    outcome,
    message,
    approval_request_id: null,
  });
  if (!payout) return result('refused', API_ERRORS.notFound('Transaction'));
  if (payout.status !== PAYOUT_PENDING_STATUS) return result('refused', API_ERRORS.payoutNotPending);
  if (command === 'approve') {
    const answer = payoutApprovalAnswer(request, payout);
    if (answer) {
      const body = (await answer.json()) as { data: { id: string } | null; errorMessage: string | null };
      return body.data
        ? { ...result('sent-for-approval'), approval_request_id: body.data.id }
        : result('refused', body.errorMessage);
    }
  }
  setTransactionStatus(db.merchants, id, PAYOUT_COMMAND_TARGET[command], {
    at: new Date().toISOString(),
    by: actorOf(request),
  });
  return result(command === 'approve' ? 'approved' : 'rejected');
}

export const payoutBulkHandlers = [
  mock(payoutOperations.bulkDecide, async ({ request, body }) => {
    let ids = body.ids;
    if (!ids) {
      const { found } = filterTransactions({
        ...(body.filter ?? ({} as never)),
        status: [PAYOUT_PENDING_STATUS],
      });
      if (found.length > BULK_DECISION_MAX) {
        return failure(400, `filter: ${BULK_DECISION_MESSAGES.filterTooMany(found.length)}`);
      }
      ids = found.map((t) => t.id);
    }
    const results: BulkDecisionResult[] = [];
    for (const id of ids) results.push(await decideOne(request, id, body.command));
    return { command: body.command, results, counts: countOutcomes(results) };
  }),
];
