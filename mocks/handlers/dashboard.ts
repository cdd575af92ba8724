import { dashboardOperations } from '@contract/operations/dashboard';
import { hasPermission, PERMISSIONS, type Permission } from '@contract/permissions';
import { buildDashboardSummary, resolveMockRange } from '../data/dashboard';
import { allTransactions } from '../data/transactions';
import { db } from '../db';
import { mock } from '../operation';

/** `GET dashboard/summary` (docs/api.md "Dashboard"): the figures of the home screen. */
export const dashboardHandlers = [
  mock(dashboardOperations.summary, ({ query, claims }) => {
    const summary = buildDashboardSummary(
      allTransactions(db.merchants),
      db.merchants,
      resolveMockRange(query),
    );
    // Like the server: each waiting section only with the permission of the screen it comes from.
    const holds = (permission: Permission) => hasPermission(claims.resource_access, permission);
    return {
      ...summary,
      pending_payouts: holds(PERMISSIONS.viewTransactions) ? summary.pending_payouts : null,
      merchants_by_status: holds(PERMISSIONS.viewMerchant) ? summary.merchants_by_status : null,
    };
  }),
];
