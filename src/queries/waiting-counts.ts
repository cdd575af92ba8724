/**
 * What waits for staff: pending payout requests and merchants awaiting verification, the header
 * bell's badge on every screen and the Dashboard's two cards. One call, `GET dashboard/waiting`
 * (docs/decisions/024-waiting-counts-one-call.md), so every screen shows the same total.
 */
import { PERMISSIONS } from '@contract/permissions';
import { useQuery } from '@tanstack/react-query';
import { usePermission } from '@/lib/permissions';
import { dashboardQueries } from '@/queries/dashboard';

export interface WaitingCount {
  /** The user may see it (and open the screen it links to). */
  allowed: boolean;
  /** Known total, or undefined while loading or after a failure. */
  count: number | undefined;
  status: 'pending' | 'error' | 'success';
  refetch: () => unknown;
}

/**
 * Pending payout requests and merchants awaiting verification, each only with the permission of
 * the screen it opens (the server answers null for the other); nothing is asked with neither.
 */
export function useWaitingCounts() {
  const canSeePayouts = usePermission(PERMISSIONS.viewTransactions);
  const canSeeMerchants = usePermission(PERMISSIONS.viewMerchant);
  // The approval inbox's count: requests someone else made that this person could decide (decision 039).
  const canDecide = usePermission(PERMISSIONS.decideApproval);
  const query = useQuery({
    ...dashboardQueries.waiting(),
    enabled: canSeePayouts || canSeeMerchants || canDecide,
  });
  const waiting = (allowed: boolean, count: number | null | undefined): WaitingCount => ({
    allowed,
    count: count ?? undefined,
    status: query.status,
    refetch: query.refetch,
  });
  return {
    pendingPayouts: waiting(canSeePayouts, query.data?.pending_payouts),
    awaitingVerification: waiting(canSeeMerchants, query.data?.merchants_awaiting_verification),
    approvalsWaiting: waiting(canDecide, query.data?.approvals_waiting),
  };
}
