import { dashboardSummarySchema } from '@contract/dashboard';
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

export const dashboardQueries = {
  all: () => ['dashboard'] as const,
  summaries: () => [...dashboardQueries.all(), 'summary'] as const,
  summary: (range: DashboardRange) =>
    queryOptions({
      queryKey: [...dashboardQueries.summaries(), { from: range.from ?? '', to: range.to ?? '' }] as const,
      queryFn: ({ signal }) => fetchDashboardSummary(range, signal),
    }),
};
