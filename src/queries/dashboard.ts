import { dashboardSummarySchema, waitingCountsSchema } from '@contract/dashboard';
import { queryOptions } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';

export interface DashboardRange {
  /** 'YYYY-MM-DD', inclusive; both absent lets the server pick the last 30 days. */
  from?: string | undefined;
  to?: string | undefined;
}

/** `GET dashboard/summary`. Not toasted: the Dashboard shows 'Failed to load resources' with Retry. */
export function fetchDashboardSummary({ from, to }: DashboardRange, signal?: AbortSignal) {
  return fetchData('dashboard/summary', dashboardSummarySchema, {
    searchParams: { from, to },
    signal,
    toastErrors: false,
  });
}

/**
 * `GET dashboard/waiting`: the bell's counts on every screen. Not toasted: a failure shows Retry in
 * the bell's panel and on the Dashboard's cards.
 */
export function fetchWaitingCounts(signal?: AbortSignal) {
  return fetchData('dashboard/waiting', waitingCountsSchema, { signal, toastErrors: false });
}

/**
 * What waits changes with other people's decisions too, and the bell stays mounted across screens:
 * asked again every minute while the console is in front (React Query pauses it in a hidden tab).
 */
export const WAITING_REFRESH_MS = 60_000;

export const dashboardQueries = {
  all: () => ['dashboard'] as const,
  summaries: () => [...dashboardQueries.all(), 'summary'] as const,
  summary: (range: DashboardRange) =>
    queryOptions({
      queryKey: [...dashboardQueries.summaries(), { from: range.from ?? '', to: range.to ?? '' }] as const,
      queryFn: ({ signal }) => fetchDashboardSummary(range, signal),
    }),
  /** The key a payout decision or a merchant status change invalidates. */
  waitingKey: () => [...dashboardQueries.all(), 'waiting'] as const,
  waiting: () =>
    queryOptions({
      queryKey: dashboardQueries.waitingKey(),
      queryFn: ({ signal }) => fetchWaitingCounts(signal),
      refetchInterval: WAITING_REFRESH_MS,
    }),
};
