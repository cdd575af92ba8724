/**
 * The Dashboard's figures (`GET /dashboard/summary`, ours: the spec names the screen but no call).
 * Permission: uma_protection on the admin type, the Dashboard's sidebar permission (spec §6). The
 * contract's summary has no optional sections, so per-card permissions would need a contract
 * change; until then the whole summary is one permission (docs/api.md "Dashboard").
 */
import { type DashboardSummary, dashboardQuerySchema } from '@contract/dashboard';
import { PERMISSIONS } from '@contract/permissions';
import { Hono } from 'hono';
import { requirePermission } from '../auth/middleware';
import { ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';
import { parseOr400 } from '../http/validate';
import { dashboardSummary, resolveRange } from './dashboard-queries';

export function dashboardRoutes({ db, clock }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/summary', requirePermission(PERMISSIONS.dashboard), async (c) => {
    const query = parseOr400(dashboardQuerySchema, c.req.query());
    const summary = await dashboardSummary(db, resolveRange(query, clock()));
    return ok<DashboardSummary>(c, summary);
  });

  return app;
}
