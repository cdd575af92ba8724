/**
 * Transactions (spec §2 Transactions, §7 `GET /transactions`): the filtered, paged list, which also
 * feeds the Payouts screen (`status=pay-out`); ours: the CSV export of the whole filtered result
 * and one transaction by id (the console's detail drawer); and the payout decision (spec §2
 * Payouts, §4, §7 `POST payout/transactions/{id}?command=approve|reject`), whose one database
 * transaction is server/services/payout-decision.ts; and (ours, issue 24) the bulk decision,
 * server/services/payout-bulk-decision.ts.
 */
import { totalPages } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { payoutOperations } from '@contract/operations/payouts';
import { transactionOperations } from '@contract/operations/transactions';
import { findTransactionDetail, listTransactions } from '../db/queries/transactions';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { requestAddress } from '../services/audit-log';
import { decidePayoutsInBulk } from '../services/payout-bulk-decision';
import { submitPayoutDecision } from '../services/payout-decision';
import { exportHeaders, openTransactionCsv } from '../services/transaction-export';
import { answerAccepted } from './approvals';
import { found } from './catalogue';

const NOT_FOUND = API_ERRORS.notFound('Transaction');

export function transactionRoutes({ db, clock, logger }: RouteDeps) {
  return [
    handle(transactionOperations.list, async ({ query }) => {
      const { contents, total, isEmpty } = await listTransactions(db, query);
      return { contents, total, total_pages: totalPages(total, query.limit), is_empty: isEmpty };
    }),

    // Paging is not part of the export: the declared filters drop `page` and `limit`.
    handle(transactionOperations.export, async ({ c, query }) => {
      // Past the first byte a failure can only cut the stream; the log says which request it was.
      const requestId = c.get('requestId');
      const body = await openTransactionCsv(db, query, (error) =>
        logger.error({ requestId, err: error }, 'Transaction export failed mid-stream'),
      );
      return c.body(body, 200, exportHeaders(clock(), query));
    }),

    handle(transactionOperations.detail, ({ params }) =>
      found(findTransactionDetail(db, params.id), NOT_FOUND),
    ),

    handle(payoutOperations.decide, async ({ c, params: { id }, query: { command }, claims }) => {
      const answer = await submitPayoutDecision(db, id, command, {
        claims,
        address: requestAddress(c),
        now: clock(),
      });
      if ('pending' in answer) return answerAccepted(c, answer.pending);
      const transaction = await findTransactionDetail(db, id);
      if (!transaction) throw new ApiError(404, NOT_FOUND);
      // Already decided, or never a payout request: the same answer, nothing was written.
      if (!answer.done) throw new ApiError(409, API_ERRORS.payoutNotPending);
      return transaction;
    }),

    // Issue 24: each payout decided as the call above would, in its own transaction (decision 045).
    handle(payoutOperations.bulkDecide, ({ c, body, claims }) =>
      decidePayoutsInBulk(db, body, { claims, address: requestAddress(c), now: clock() }),
    ),
  ];
}
