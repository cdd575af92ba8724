/**
 * A merchant's Transactions tab (spec §2 Merchant details, §7 `GET merchants/{id}/transactions`).
 * Mounted beside the merchants router under /merchants. Permission: view-merchant on merchant,
 * the permission of the screen that shows the tab.
 */
import { totalPages } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { merchantTransactionListQuerySchema, type TransactionPage } from '@contract/transaction';
import { Hono } from 'hono';
import { requirePermission } from '../auth/middleware';
import { merchantStatus } from '../db/queries/merchants';
import { listTransactions } from '../db/queries/transactions';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { parseIdParam, parseOr400 } from '../http/validate';

export function merchantTransactionRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/:id/transactions', requirePermission(PERMISSIONS.viewMerchant), async (c) => {
    const id = parseIdParam(c);
    const query = parseOr400(merchantTransactionListQuerySchema, c.req.query());
    if ((await merchantStatus(db, id)) === undefined)
      throw new ApiError(404, API_ERRORS.notFound('Merchant'));
    const { contents, total, isEmpty } = await listTransactions(db, { ...query, merchantId: id });
    return ok<TransactionPage>(c, {
      contents,
      total,
      total_pages: totalPages(total, query.limit),
      is_empty: isEmpty,
    });
  });

  return app;
}
