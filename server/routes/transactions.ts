/**
 * Transactions (spec §2 Transactions, §7 `GET /transactions`): the filtered, paged list. The same
 * list feeds the Payouts screen (`status=pay-out`). Ours: the CSV export of the whole filtered
 * result and one transaction by id (the console's detail drawer). Permission: view-transactions.
 */
import { totalPages } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import {
  type TransactionDetail,
  type TransactionPage,
  transactionExportQuerySchema,
  transactionListQuerySchema,
} from '@contract/transaction';
import { Hono } from 'hono';
import { requirePermission } from '../auth/middleware';
import { findTransactionDetail, listTransactions } from '../db/queries/transactions';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { parseIdParam, parseOr400 } from '../http/validate';
import { exportHeaders, transactionCsvStream } from '../services/transaction-export';

export function transactionRoutes({ db, clock }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', requirePermission(PERMISSIONS.viewTransactions), async (c) => {
    const query = parseOr400(transactionListQuerySchema, c.req.query());
    const { contents, total, isEmpty } = await listTransactions(db, query);
    return ok<TransactionPage>(c, {
      contents,
      total,
      total_pages: totalPages(total, query.limit),
      is_empty: isEmpty,
    });
  });

  // Before `/:id`, which would read "export" as an id.
  app.get('/export', requirePermission(PERMISSIONS.viewTransactions), (c) => {
    // Paging is not part of the export: the whole filtered result is sent.
    const { page: _page, limit: _limit, ...filters } = c.req.query();
    const filter = parseOr400(transactionExportQuerySchema, filters);
    const body = transactionCsvStream(db, filter, (error) =>
      console.error('Transaction export failed mid-stream:', error),
    );
    return c.body(body, 200, exportHeaders(clock(), filter));
  });

  app.get('/:id', requirePermission(PERMISSIONS.viewTransactions), async (c) => {
    const transaction = await findTransactionDetail(db, parseIdParam(c));
    if (!transaction) throw new ApiError(404, API_ERRORS.notFound('Transaction'));
    return ok<TransactionDetail>(c, transaction);
  });

  return app;
}
