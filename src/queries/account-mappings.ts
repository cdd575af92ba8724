import { type AccountMappingItemPayload, accountMappingSchema } from '@contract/account-mapping';
import { pagedSchema } from '@contract/envelope';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { fetchData } from '@/lib/api';
import { SUCCESS } from '@/lib/copy';
import { notifySuccess } from '@/lib/notify';

export interface AccountMappingListParams {
  page: number;
  limit: number;
  search?: string | undefined;
}

const accountMappingPageSchema = pagedSchema(accountMappingSchema);
const LIST_STALE_MS = 10_000;

/** `GET account-mappings`. Not toasted: the list shows 'Failed to load resources' with Retry. */
export function fetchAccountMappings(
  { page, limit, search }: AccountMappingListParams,
  signal?: AbortSignal,
) {
  return fetchData('account-mappings', accountMappingPageSchema, {
    searchParams: { page, limit, search_term: search },
    signal,
    toastErrors: false,
  });
}

export const accountMappingQueries = {
  all: () => ['account-mappings'] as const,
  lists: () => [...accountMappingQueries.all(), 'list'] as const,
  list: (params: AccountMappingListParams) =>
    queryOptions({
      queryKey: [
        ...accountMappingQueries.lists(),
        { page: params.page, limit: params.limit, search: params.search ?? '' },
      ] as const,
      queryFn: ({ signal }) => fetchAccountMappings(params, signal),
      placeholderData: keepPreviousData,
      staleTime: LIST_STALE_MS,
    }),
};

/** One item as sent: spec §7 "financial_account_type, gl_account_id, optionally payment_method_id and charge_id". */
export type AccountMappingSendItem = Pick<
  AccountMappingItemPayload,
  'financial_account_type' | 'gl_account_id'
> &
  Partial<Pick<AccountMappingItemPayload, 'payment_method_id' | 'charge_id'>>;

/** `POST account-mappings`: the whole staging list at once; the server stores all or none. */
export function createAccountMappings(items: readonly AccountMappingSendItem[]) {
  return fetchData('account-mappings', v.array(accountMappingSchema), { method: 'POST', json: items });
}

/**
 * Sends the staging list. Success toasts spec §8's text and refreshes the mapping lists; a refusal
 * is toasted by fetchData with the server's message (which names the item, `[1].gl_account_id: …`)
 * and the caller keeps the staged rows.
 */
export function useCreateAccountMappings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccountMappings,
    onSuccess: async () => {
      notifySuccess(SUCCESS.accountMappingAdded);
      await queryClient.invalidateQueries({ queryKey: accountMappingQueries.lists() });
    },
  });
}

/** The staged rows a refusal names (`[0].gl_account_id: …; [2].charge_id: …` -> 0 and 2). */
export function refusedItemIndexes(message: string): Set<number> {
  return new Set([...message.matchAll(/\[(\d+)\]\./g)].map((match) => Number(match[1])));
}
