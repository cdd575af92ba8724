/**
 * The Dashboard's figures (`GET /dashboard/summary`, ours: the spec names the screen but no call).
 * Permission: uma_protection on the admin type, the Dashboard's sidebar permission (spec §6). The
 * server checks every permission (spec deviation 7): the pending payouts are answered only to holders of
 * view-transactions and the merchant counts only to holders of view-merchant (the screens they
 * come from); otherwise those sections are null (docs/api.md "Dashboard").
 */
import { dashboardOperations } from '@contract/operations/dashboard';
import { hasPermission, PERMISSIONS } from '@contract/permissions';
import { dashboardSummary, resolveRange } from '../db/queries/dashboard';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';

export function dashboardRoutes({ db, clock }: RouteDeps) {
  return [
    handle(dashboardOperations.summary, ({ query, claims }) =>
      dashboardSummary(db, resolveRange(query, clock()), {
        pendingPayouts: hasPermission(claims.resource_access, PERMISSIONS.viewTransactions),
        merchants: hasPermission(claims.resource_access, PERMISSIONS.viewMerchant),
      }),
    ),
  ];
}
