import { SUCCESS } from '@contract/messages';
import {
  type PayoutCommand,
  TRANSACTION_FILTER_OPTIONS,
  type TransactionFilterOption,
  transactionPageSchema,
  transactionSchema,
} from '@contract/transaction';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { ApiError } from '@/lib/errors';
import { notifySuccess } from '@/lib/notify';

/** The `status` search param of the Transactions screen (spec §2 order); 'all' sends no status. */
export const TRANSACTION_FILTERS = TRANSACTION_FILTER_OPTIONS;
export type TransactionFilter = TransactionFilterOption;

export interface TransactionListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  /** 'YYYY-MM-DD', inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  status: TransactionFilter;
}

const LIST_STALE_MS = 10_000;

/** `GET transactions`. Not toasted: the list shows 'Failed to load resources' with Retry. */
export function fetchTransactions(
  { page, limit, search, from, to, status }: TransactionListParams,
  signal?: AbortSignal,
) {
  return fetchData('transactions', transactionPageSchema, {
    searchParams: {
      page,
      limit,
      search_term: search,
      from,
      to,
      status: status === 'all' ? undefined : status,
    },
    signal,
    toastErrors: false,
  });
}

/** Every `GET transactions` query (Transactions and Payouts screens). */
export const transactionQueries = {
  all: () => ['transactions'] as const,
  lists: () => [...transactionQueries.all(), 'list'] as const,
  list: (params: TransactionListParams) =>
    queryOptions({
      queryKey: [
        ...transactionQueries.lists(),
        {
          page: params.page,
          limit: params.limit,
          search: params.search ?? '',
          from: params.from ?? '',
          to: params.to ?? '',
          status: params.status,
        },
      ] as const,
      queryFn: ({ signal }) => fetchTransactions(params, signal),
      placeholderData: keepPreviousData,
      staleTime: LIST_STALE_MS,
    }),
};

/** `POST payout/transactions/{id}?command=`: the updated transaction. */
export function decidePayout(id: string, command: PayoutCommand) {
  return fetchData(`payout/transactions/${encodeURIComponent(id)}`, transactionSchema, {
    method: 'POST',
    searchParams: { command },
  });
}

const PAYOUT_SUCCESS: Readonly<Record<PayoutCommand, string>> = {
  approve: SUCCESS.payoutApproved,
  reject: SUCCESS.payoutRejected,
};

/**
 * Approve or reject a payout request (spec §4; reject: docs/spec-deviations.md 1). Success toasts
 * and refetches the lists, so the decided row leaves the Payouts list; a 409 (decided elsewhere) is
 * toasted by fetchData with the server's message and the lists are refetched too.
 */
export function usePayoutDecisionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, command }: { id: string; command: PayoutCommand }) => decidePayout(id, command),
    onSuccess: async (_transaction, { command }) => {
      notifySuccess(PAYOUT_SUCCESS[command]);
      await queryClient.invalidateQueries({ queryKey: transactionQueries.lists() });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: transactionQueries.lists() });
      }
    },
  });
}
