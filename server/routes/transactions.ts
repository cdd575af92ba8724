/**
 * Transactions (spec §2 Transactions, §7 `GET /transactions`): the filtered, paged list. The same
 * list feeds the Payouts screen (`status=pay-out`). Permission: view-transactions on transaction.
 */
import { totalPages } from '@contract/envelope';
import { PERMISSIONS } from '@contract/permissions';
import { type TransactionPage, transactionListQuerySchema } from '@contract/transaction';
import { Hono } from 'hono';
import { requirePermission } from '../auth/middleware';
import { ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { parseOr400 } from '../http/validate';
import { listTransactions } from './transaction-queries';

export function transactionRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', requirePermission(PERMISSIONS.viewTransactions), async (c) => {
    const query = parseOr400(transactionListQuerySchema, c.req.query());
    const { contents, total, isEmpty } = await listTransactions(db, {
      page: query.page,
      limit: query.limit,
      statuses: query.status,
      types: query.types,
      from: query.from,
      to: query.to,
      searchTerm: query.search_term || undefined,
      reference: query.reference || undefined,
      merchantId: query.merchantId,
    });
    return ok<TransactionPage>(c, {
      contents,
      total,
      total_pages: totalPages(total, query.limit),
      is_empty: isEmpty,
    });
  });

  return app;
}
