import { dashboardQuerySchema, dashboardSummarySchema } from '@contract/dashboard';
import { issuesMessage } from '@contract/envelope';
import { PERMISSIONS, type Permission } from '@contract/permissions';
import { http } from 'msw';
import * as v from 'valibot';
import { buildDashboardSummary, resolveMockRange } from '../data/dashboard';
import { allTransactions } from '../data/transactions';
import { db } from '../db';
import { API, failure, ok, queryOf, refuse } from '../http';

/** `GET dashboard/summary` (docs/api.md "Dashboard"): the figures of the home screen. */
export const dashboardHandlers = [
  http.get(`${API}/dashboard/summary`, ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.dashboard);
    if (refusal) return refusal;
    const query = v.safeParse(dashboardQuerySchema, queryOf(request));
    if (!query.success) return failure(400, issuesMessage(query.issues));
    const summary = buildDashboardSummary(
      allTransactions(db.merchants),
      db.merchants,
      resolveMockRange(query.output),
    );
    // Like the server: each waiting section only with the permission of the screen it comes from.
    const holds = (permission: Permission) => refuse(request, permission) === null;
    return ok(dashboardSummarySchema, {
      ...summary,
      pending_payouts: holds(PERMISSIONS.viewTransactions) ? summary.pending_payouts : null,
      merchants_by_status: holds(PERMISSIONS.viewMerchant) ? summary.merchants_by_status : null,
    });
  }),
];
