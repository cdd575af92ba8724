/**
 * What waits for staff: pending payout requests and merchants awaiting verification (the
 * Dashboard's cards and the bell). Apart from dashboard.ts because transactions.ts invalidates the
 * Dashboard's figures after a payout decision, and these counts read the transaction list.
 */
import { PERMISSIONS } from '@contract/permissions';
import { useQuery } from '@tanstack/react-query';
import { usePermission } from '@/lib/permissions';
import { type MerchantListParams, merchantQueries } from '@/queries/merchants';
import { type TransactionListParams, transactionQueries } from '@/queries/transactions';

/**
 * The waiting counts read the first page of the very lists they link to (the Payouts screen as it
 * opens, the merchants list filtered to Pending Verification): one cache entry serves the count
 * and the screen, approving a payout or activating a merchant invalidates those lists and so the
 * counts, and each count needs exactly the permission of the screen it opens.
 */
export const PENDING_PAYOUTS_LIST: TransactionListParams = { page: 1, limit: 10, status: 'pay-out' };
export const AWAITING_VERIFICATION_LIST: MerchantListParams = {
  page: 1,
  limit: 10,
  filter: 'pending-verification',
};

export interface WaitingCount {
  /** The user may see it (and open the screen it links to). */
  allowed: boolean;
  /** Known total, or undefined while loading or after a failure. */
  count: number | undefined;
  status: 'pending' | 'error' | 'success';
  refetch: () => unknown;
}

export interface WaitingCountsOptions {
  /** False reads only what is already cached (the bell before it is opened). */
  fetch?: boolean;
}

/** Pending payout requests and merchants awaiting verification, each only with its permission. */
export function useWaitingCounts({ fetch = true }: WaitingCountsOptions = {}) {
  const canSeePayouts = usePermission(PERMISSIONS.viewTransactions);
  const canSeeMerchants = usePermission(PERMISSIONS.viewMerchant);
  const payouts = useQuery({
    ...transactionQueries.list(PENDING_PAYOUTS_LIST),
    select: (page) => page.total,
    enabled: canSeePayouts && fetch,
  });
  const merchants = useQuery({
    ...merchantQueries.list(AWAITING_VERIFICATION_LIST),
    select: (page) => page.total,
    enabled: canSeeMerchants && fetch,
  });
  const waiting = (allowed: boolean, query: typeof payouts): WaitingCount => ({
    allowed,
    count: query.data,
    status: query.status,
    refetch: query.refetch,
  });
  return {
    pendingPayouts: waiting(canSeePayouts, payouts),
    awaitingVerification: waiting(canSeeMerchants, merchants),
  };
}
