/**
 * Merchants (spec §7): list, detail, bank accounts and the activate/deactivate command. Each route
 * names its spec §6 permission next to its definition.
 */
import { type pagedSchema, totalPages } from '@contract/envelope';
import {
  type merchantAccountsSchema,
  merchantCommandQuerySchema,
  merchantListQuerySchema,
  type merchantSchema,
} from '@contract/merchant';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { Hono } from 'hono';
import type * as v from 'valibot';
import { actorOf } from '../auth/actor';
import { requirePermission } from '../auth/middleware';
import {
  applyMerchantCommand,
  findMerchantDetail,
  listMerchantAccounts,
  listMerchants,
  merchantStatus,
} from '../db/queries/merchants';
import { ApiError, ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { parseIdParam, parseOr400 } from '../http/validate';

type MerchantList = v.InferOutput<ReturnType<typeof pagedSchema<typeof merchantSchema>>>;
type MerchantAccounts = v.InferOutput<typeof merchantAccountsSchema>;

export function merchantRoutes({ db, clock }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', requirePermission(PERMISSIONS.viewMerchant), async (c) => {
    const query = parseOr400(merchantListQuerySchema, c.req.query());
    const { contents, total } = await listMerchants(db, query);
    return ok<MerchantList>(c, { contents, total, total_pages: totalPages(total, query.limit) });
  });

  app.get('/:id', requirePermission(PERMISSIONS.viewMerchant), async (c) => {
    const id = parseIdParam(c);
    const merchant = await findMerchantDetail(db, id);
    if (!merchant) throw new ApiError(404, API_ERRORS.notFound('Merchant'));
    return ok(c, merchant);
  });

  app.get('/:id/accounts', requirePermission(PERMISSIONS.viewMerchantAccount), async (c) => {
    const id = parseIdParam(c);
    if ((await merchantStatus(db, id)) === undefined)
      throw new ApiError(404, API_ERRORS.notFound('Merchant'));
    const contents = await listMerchantAccounts(db, id);
    return ok<MerchantAccounts>(c, { is_empty: contents.length === 0, contents });
  });

  app.patch('/:id', requirePermission(PERMISSIONS.changeStatusMerchant), async (c) => {
    const id = parseIdParam(c);
    const { command } = parseOr400(merchantCommandQuerySchema, c.req.query());
    if (!(await applyMerchantCommand(db, id, command, clock(), actorOf(c.get('claims'))))) {
      // Nothing changed: say why, from the status as it is now.
      const status = await merchantStatus(db, id);
      if (status === undefined) throw new ApiError(404, API_ERRORS.notFound('Merchant'));
      throw new ApiError(409, API_ERRORS.merchantCommand(command, status));
    }
    const merchant = await findMerchantDetail(db, id);
    if (!merchant) throw new ApiError(404, API_ERRORS.notFound('Merchant'));
    return ok(c, merchant);
  });

  return app;
}
