import { pagedSchema } from '@contract/envelope';
import {
  type MerchantCommand,
  type MerchantListQuery,
  merchantAccountsSchema,
  merchantDetailSchema,
  merchantSchema,
} from '@contract/merchant';
import { transactionPageSchema } from '@contract/transaction';
import { queryOptions } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { SUCCESS } from '@/lib/copy';
import { dashboardQueries } from '@/queries/dashboard';
import type { MerchantFilter, MerchantTransactionFilter } from './merchant-filters';
import {
  exact,
  invalidate,
  isConflict,
  itemPath,
  listQuery,
  resourceKeys,
  useToastMutation,
} from './resource';

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
  /** The API's `sort`; undefined for the list's default order (src/lib/list-sort.ts). */
  sort?: string | undefined;
}

const merchantPageSchema = pagedSchema(merchantSchema);
const keys = resourceKeys('merchants');

/**
 * `GET merchants`. Errors are not toasted: the list shows 'Failed to load resources' with Retry
 * instead (spec §8 "Merchant and some list-load errors are only logged or silent").
 */
export function fetchMerchants(
  { page, limit, search, filter, sort }: MerchantListParams,
  signal?: AbortSignal,
) {
  return fetchData('merchants', merchantPageSchema, {
    searchParams: { page, limit, search_term: search, status: MERCHANT_FILTER_STATUS[filter], sort },
    signal,
    toastErrors: false,
  });
}

/** `GET merchants/{id}`. Not toasted (spec §8): the details page shows its own error view with Retry. */
export function fetchMerchant(id: string, signal?: AbortSignal) {
  return fetchData(itemPath('merchants', id), merchantDetailSchema, {
    signal,
    toastErrors: false,
  });
}

export function fetchMerchantAccounts(id: string, signal?: AbortSignal) {
  return fetchData(`${itemPath('merchants', id)}/accounts`, merchantAccountsSchema, { signal });
}

/**
 * One factory for every merchant query: bare keys for invalidation by prefix, options
 * shared by loaders, prefetching and components.
 */
export const merchantQueries = {
  ...keys,
  list: (params: MerchantListParams) =>
    // Normalised so `search: undefined` and a missing search share one cache entry.
    listQuery(
      [
        ...keys.lists(),
        {
          page: params.page,
          limit: params.limit,
          search: params.search ?? '',
          filter: params.filter,
          sort: params.sort ?? '',
        },
      ] as const,
      (signal) => fetchMerchants(params, signal),
    ),
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

export interface MerchantTransactionParams {
  page: number;
  limit: number;
  status: MerchantTransactionFilter;
  /** The API's `sort`; undefined for the list's default order (src/lib/list-sort.ts). */
  sort?: string | undefined;
}

/** `GET merchants/{id}/transactions`. Not toasted: the tab shows 'Failed to load resources' with Retry. */
export function fetchMerchantTransactions(
  id: string,
  { page, limit, status, sort }: MerchantTransactionParams,
  signal?: AbortSignal,
) {
  return fetchData(`${itemPath('merchants', id)}/transactions`, transactionPageSchema, {
    searchParams: { page, limit, status: status === 'all' ? undefined : status, sort },
    signal,
    toastErrors: false,
  });
}

/**
 * A merchant's transactions. Keyed beside, not under, `detail(id)`: a status change invalidates the
 * detail, and that must not refetch the transactions page too.
 */
export const merchantTransactionQueries = {
  all: (id: string) => [...merchantQueries.all(), 'transactions', id] as const,
  list: (id: string, { page, limit, status, sort }: MerchantTransactionParams) =>
    listQuery(
      [...merchantTransactionQueries.all(id), { page, limit, status, sort: sort ?? '' }] as const,
      (signal) => fetchMerchantTransactions(id, { page, limit, status, sort }, signal),
    ),
};

/** `PATCH merchants/{id}?command=`: the updated merchant. */
export function changeMerchantStatus(id: string, command: MerchantCommand) {
  return fetchData(itemPath('merchants', id), merchantDetailSchema, {
    method: 'PATCH',
    searchParams: { command },
  });
}

const COMMAND_SUCCESS: Readonly<Record<MerchantCommand, string>> = {
  activate: SUCCESS.merchantActivated,
  deactivate: SUCCESS.merchantDeactivated,
};

/**
 * Activate or deactivate a merchant (spec §4). Success toasts the spec message and refreshes the
 * merchant and every merchants list from the server; a refusal (409: someone changed it first) is
 * toasted by fetchData with the server's message, and the detail is refetched so the screen shows
 * the status that blocked it and the actions it now offers.
 */
export function useMerchantStatusMutation() {
  return useToastMutation({
    mutationFn: ({ id, command }: { id: string; command: MerchantCommand }) =>
      changeMerchantStatus(id, command),
    success: ({ command }) => COMMAND_SUCCESS[command],
    // The bell's count and the Dashboard's merchants by status follow the status too.
    invalidate: ({ id }) => [
      exact(merchantQueries.detail(id).queryKey),
      merchantQueries.lists(),
      dashboardQueries.waitingKey(),
      dashboardQueries.summaries(),
    ],
    onError: (error, { id }, _refresh, queryClient) => {
      if (isConflict(error))
        void invalidate(queryClient, [
          exact(merchantQueries.detail(id).queryKey),
          dashboardQueries.waitingKey(),
        ]);
    },
  });
}
