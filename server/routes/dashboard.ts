/**
 * The Dashboard's figures (`GET /dashboard/summary`, ours: the spec names the screen but no call)
 * and what waits for staff (`GET /dashboard/waiting`, the header bell's badge on every screen).
 * The summary needs uma_protection on the admin type, the Dashboard's sidebar permission (spec §6).
 * The server checks every permission (spec deviation 7): the pending payouts are answered only to
 * holders of view-transactions and the merchant counts only to holders of view-merchant (the
 * screens they come from); otherwise those sections are null (docs/api.md "Dashboard").
 */
import { API_ERRORS } from '@contract/messages';
import { dashboardOperations } from '@contract/operations/dashboard';
import { hasPermission, PERMISSIONS, type PermissionMap } from '@contract/permissions';
import { approvalsWaitingFor } from '../db/queries/approvals';
import { dashboardSummary, resolveRange, waitingCounts } from '../db/queries/dashboard';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { decidableKinds } from '../services/approval-requests';

/** The waiting sections a caller may see: each needs the permission of the screen it opens. */
const sectionsOf = (access: PermissionMap | undefined) => ({
  pendingPayouts: hasPermission(access, PERMISSIONS.viewTransactions),
  merchants: hasPermission(access, PERMISSIONS.viewMerchant),
});

export function dashboardRoutes({ db, clock }: RouteDeps) {
  return [
    handle(dashboardOperations.summary, ({ query, claims }) =>
      dashboardSummary(db, resolveRange(query, clock()), sectionsOf(claims.resource_access)),
    ),
    handle(dashboardOperations.waiting, async ({ claims }) => {
      const sections = sectionsOf(claims.resource_access);
      const approvalKinds = decidableKinds(claims);
      if (!sections.pendingPayouts && !sections.merchants && approvalKinds.length === 0) {
        throw new ApiError(403, API_ERRORS.forbidden);
      }
      const [counts, approvals] = await Promise.all([
        waitingCounts(db, sections),
        approvalKinds.length > 0 ? approvalsWaitingFor(db, claims.sub, approvalKinds) : null,
      ]);
      return { ...counts, approvals_waiting: approvals };
    }),
  ];
}
