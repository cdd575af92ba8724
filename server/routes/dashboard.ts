/**
 * The Dashboard's figures (`GET /dashboard/summary`, ours: the spec names the screen but no call).
 * Permission: uma_protection on the admin type, the Dashboard's sidebar permission (spec §6). The
 * server checks every permission (DESIGN §6.7): the pending payouts are answered only to holders of
 * view-transactions and the merchant counts only to holders of view-merchant (the screens they
 * come from); otherwise those sections are null (docs/api.md "Dashboard").
 */
import { type DashboardSummary, dashboardQuerySchema } from '@contract/dashboard';
import { hasPermission, PERMISSIONS } from '@contract/permissions';
import { Hono } from 'hono';
import { requirePermission } from '../auth/middleware';
import { dashboardSummary, resolveRange } from '../db/queries/dashboard';
import { ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { parseOr400 } from '../http/validate';

export function dashboardRoutes({ db, clock }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/summary', requirePermission(PERMISSIONS.dashboard), async (c) => {
    const query = parseOr400(dashboardQuerySchema, c.req.query());
    const access = c.get('claims')?.resource_access;
    const summary = await dashboardSummary(db, resolveRange(query, clock()), {
      pendingPayouts: hasPermission(access, PERMISSIONS.viewTransactions),
      merchants: hasPermission(access, PERMISSIONS.viewMerchant),
    });
    return ok<DashboardSummary>(c, summary);
  });

  return app;
}
