import { API_ERRORS } from '@contract/messages';
import { dashboardOperations } from '@contract/operations/dashboard';
import { hasPermission, PERMISSIONS, type PermissionMap } from '@contract/permissions';
import { buildDashboardSummary, resolveMockRange } from '../data/dashboard';
import { allTransactions } from '../data/transactions';
import { db } from '../db';
import { failure } from '../http';
import { mock } from '../operation';

/** Like the server: each waiting section only with the permission of the screen it comes from. */
/** The mocks' requests are payout approvals only: deciding them needs both permissions. */
const decidesPayoutApprovals = (access: PermissionMap | undefined) =>
  hasPermission(access, PERMISSIONS.decideApproval) && hasPermission(access, PERMISSIONS.changePayoutStatus);

const sectionsOf = (access: PermissionMap | undefined) => ({
  pendingPayouts: hasPermission(access, PERMISSIONS.viewTransactions),
  merchants: hasPermission(access, PERMISSIONS.viewMerchant),
});

/**
 * `GET dashboard/summary` (the figures of the home screen) and `GET dashboard/waiting` (the bell's
 * counts), docs/api.md "Dashboard".
 */
export const dashboardHandlers = [
  mock(dashboardOperations.summary, ({ query, claims }) => {
    const summary = buildDashboardSummary(
      allTransactions(db.merchants),
      db.merchants,
      resolveMockRange(query),
    );
    const sections = sectionsOf(claims.resource_access);
    return {
      ...summary,
      pending_payouts: sections.pendingPayouts ? summary.pending_payouts : null,
      merchants_by_status: sections.merchants ? summary.merchants_by_status : null,
    };
  }),
  mock(dashboardOperations.waiting, ({ claims }) => {
    const sections = sectionsOf(claims.resource_access);
    const decides = decidesPayoutApprovals(claims.resource_access);
    if (!sections.pendingPayouts && !sections.merchants && !decides)
      return failure(403, API_ERRORS.forbidden);
    return {
      approvals_waiting: decides
        ? db.approvalRequests.filter((r) => r.status === 'PENDING' && r.requested_by?.id !== claims.sub)
            .length
        : null,
      pending_payouts: sections.pendingPayouts
        ? allTransactions(db.merchants).filter((t) => t.status === 'PAY_OUT').length
        : null,
      merchants_awaiting_verification: sections.merchants
        ? db.merchants.filter((m) => m.status === 'PENDING_VERIFICATION').length
        : null,
    };
  }),
];
