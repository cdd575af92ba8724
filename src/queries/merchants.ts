import { pagedSchema } from '@contract/envelope';
import { type MerchantListQuery, merchantAccountsSchema, merchantSchema } from '@contract/merchant';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';

/** The merchants list's `filter` search param (spec §2), as written in the URL. */
export const MERCHANT_FILTERS = ['all', 'pending', 'pending-verification', 'verified', 'inactive'] as const;
export type MerchantFilter = (typeof MERCHANT_FILTERS)[number];

/** Spec §4 "Merchant list filter to status sent": All sends empty (no `status` at all). */
export const MERCHANT_FILTER_STATUS: Readonly<Record<MerchantFilter, MerchantListQuery['status']>> = {
  all: undefined,
  pending: 'PENDING',
  'pending-verification': 'PENDING_VERIFICATION',
  verified: 'ACTIVE',
  inactive: 'INACTIVE',
};

export interface MerchantListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  filter: MerchantFilter;
}

const merchantPageSchema = pagedSchema(merchantSchema);
const LIST_STALE_MS = 10_000;

/**
 * `GET merchants`. Errors are not toasted: the list shows 'Failed to load resources' with Retry
 * instead (spec §8 "Merchant and some list-load errors are only logged or silent").
 */
export function fetchMerchants({ page, limit, search, filter }: MerchantListParams, signal?: AbortSignal) {
  return fetchData('merchants', merchantPageSchema, {
    searchParams: { page, limit, search_term: search, status: MERCHANT_FILTER_STATUS[filter] },
    signal,
    toastErrors: false,
  });
}

export function fetchMerchant(id: string, signal?: AbortSignal) {
  return fetchData(`merchants/${encodeURIComponent(id)}`, merchantSchema, { signal });
}

export function fetchMerchantAccounts(id: string, signal?: AbortSignal) {
  return fetchData(`merchants/${encodeURIComponent(id)}/accounts`, merchantAccountsSchema, { signal });
}

/**
 * One factory for every merchant query (DESIGN §8): bare keys for invalidation by prefix, options
 * shared by loaders, prefetching and components.
 */
export const merchantQueries = {
  all: () => ['merchants'] as const,
  lists: () => [...merchantQueries.all(), 'list'] as const,
  list: (params: MerchantListParams) =>
    queryOptions({
      // Normalised so `search: undefined` and a missing search share one cache entry.
      queryKey: [
        ...merchantQueries.lists(),
        { page: params.page, limit: params.limit, search: params.search ?? '', filter: params.filter },
      ] as const,
      queryFn: ({ signal }) => fetchMerchants(params, signal),
      // The previous page stays on screen (dimmed) while the next loads: no layout jump.
      placeholderData: keepPreviousData,
      // What the loader or the next-page prefetch just fetched is not fetched again on mount;
      // status changes invalidate `lists()`, so staff still see their own changes at once.
      staleTime: LIST_STALE_MS,
    }),
  details: () => [...merchantQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...merchantQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchMerchant(id, signal),
    }),
  accounts: (id: string) =>
    queryOptions({
      queryKey: [...merchantQueries.detail(id).queryKey, 'accounts'] as const,
      queryFn: ({ signal }) => fetchMerchantAccounts(id, signal),
    }),
};
