import { type AccountMappingItemPayload, accountMappingSchema } from '@contract/account-mapping';
import { pagedSchema } from '@contract/envelope';
import * as v from 'valibot';
import { fetchData } from '@/lib/api';
import { SUCCESS } from '@/lib/copy';
import { listQuery, orApprovalRequest, resourceKeys, useToastMutation } from './resource';

export interface AccountMappingListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  /** The API's `sort`; undefined for the list's default order (src/lib/list-sort.ts). */
  sort?: string | undefined;
}

const accountMappingPageSchema = pagedSchema(accountMappingSchema);
const keys = resourceKeys('account-mappings');

export const accountMappingQueries = {
  all: keys.all,
  lists: keys.lists,
  /** `GET account-mappings`. Not toasted: the list shows 'Failed to load resources' with Retry. */
  list: ({ page, limit, search, sort }: AccountMappingListParams) =>
    listQuery([...keys.lists(), { page, limit, search: search ?? '', sort: sort ?? '' }] as const, (signal) =>
      fetchData('account-mappings', accountMappingPageSchema, {
        searchParams: { page, limit, search_term: search, sort },
        signal,
        toastErrors: false,
      }),
    ),
};

/** One item as sent: spec §7 "financial_account_type, gl_account_id, optionally payment_method_id and charge_id". */
export type AccountMappingSendItem = Pick<
  AccountMappingItemPayload,
  'financial_account_type' | 'gl_account_id'
> &
  Partial<Pick<AccountMappingItemPayload, 'payment_method_id' | 'charge_id'>>;

/** `POST account-mappings`: the whole staging list at once; the server stores all or none. */
export function createAccountMappings(items: readonly AccountMappingSendItem[]) {
  // With the account mapping approval rule on, the list waits for a second person (202).
  return fetchData('account-mappings', orApprovalRequest(v.array(accountMappingSchema)), {
    method: 'POST',
    json: items,
  });
}

/**
 * Sends the staging list. Success toasts spec §8's text and refreshes the mapping lists; a refusal
 * is toasted by fetchData with the server's message (which names the item, `[1].gl_account_id: …`)
 * and the caller keeps the staged rows.
 */
export function useCreateAccountMappings() {
  return useToastMutation({
    mutationFn: createAccountMappings,
    success: SUCCESS.accountMappingAdded,
    approvable: true,
    invalidate: () => [accountMappingQueries.lists()],
  });
}

/** The staged rows a refusal names (`[0].gl_account_id: …; [2].charge_id: …` -> 0 and 2). */
export function refusedItemIndexes(message: string): Set<number> {
  return new Set([...message.matchAll(/\[(\d+)\]\./g)].map((match) => Number(match[1])));
}
