import { pagedSchema } from '@contract/envelope';
import type { ActiveStatus } from '@contract/fields';
import { type GlAccountPayload, glAccountSchema } from '@contract/gl-account';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { SUCCESS } from '@/lib/copy';
import { notifySuccess } from '@/lib/notify';
import { accountMappingQueries } from '@/queries/account-mappings';
import { journalEntryQueries } from '@/queries/journal-entries';

export interface GlAccountListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: ActiveStatus | undefined;
}

const glAccountPageSchema = pagedSchema(glAccountSchema);
const LIST_STALE_MS = 10_000;

/**
 * The mapping modal's dropdown: page 1, limit 100 (spec §9), ACTIVE accounts only, since the server
 * refuses a mapping to an inactive one.
 */
export const GL_ACCOUNT_OPTIONS_PARAMS: GlAccountListParams = { page: 1, limit: 100, status: 'ACTIVE' };

/** `GET gl-accounts`. Not toasted: the list shows 'Failed to load resources' with Retry. */
export function fetchGlAccounts({ page, limit, search, status }: GlAccountListParams, signal?: AbortSignal) {
  return fetchData('gl-accounts', glAccountPageSchema, {
    searchParams: { page, limit, search_term: search, status },
    signal,
    toastErrors: false,
  });
}

export const glAccountQueries = {
  all: () => ['gl-accounts'] as const,
  lists: () => [...glAccountQueries.all(), 'list'] as const,
  list: (params: GlAccountListParams) =>
    queryOptions({
      queryKey: [
        ...glAccountQueries.lists(),
        { page: params.page, limit: params.limit, search: params.search ?? '', status: params.status ?? '' },
      ] as const,
      queryFn: ({ signal }) => fetchGlAccounts(params, signal),
      placeholderData: keepPreviousData,
      staleTime: LIST_STALE_MS,
    }),
  /** The mapping modal's dropdown; under `lists()`, so adding or updating an account refreshes it. */
  options: () => glAccountQueries.list(GL_ACCOUNT_OPTIONS_PARAMS),
};

/** `POST gl-accounts`. Spec §7 also sends `id` and `status`, empty; the server ignores them. */
export function createGlAccount(payload: GlAccountPayload) {
  return fetchData('gl-accounts', glAccountSchema, {
    method: 'POST',
    json: { ...payload, id: '', status: '' },
  });
}

/** `PUT gl-accounts/{id}` with the record's `id` in the body, as spec §7 sends it. */
export function updateGlAccount(id: string, payload: GlAccountPayload) {
  return fetchData(`gl-accounts/${encodeURIComponent(id)}`, glAccountSchema, {
    method: 'PUT',
    json: { ...payload, id },
  });
}

/** Adds an account: toasts spec §8's text and refreshes every GL account list (no page reload). */
export function useCreateGlAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGlAccount,
    onSuccess: async () => {
      notifySuccess(SUCCESS.glAccountAdded);
      await queryClient.invalidateQueries({ queryKey: glAccountQueries.lists() });
    },
  });
}

/**
 * Updates an account. Mapping and journal lists show the account's name, so they are refreshed
 * too; errors (a taken name, a locked type) are toasted by fetchData with the server's message.
 */
export function useUpdateGlAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: GlAccountPayload }) => updateGlAccount(id, payload),
    onSuccess: async () => {
      notifySuccess(SUCCESS.glAccountUpdated);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: glAccountQueries.all() }),
        queryClient.invalidateQueries({ queryKey: accountMappingQueries.all() }),
        queryClient.invalidateQueries({ queryKey: journalEntryQueries.all() }),
      ]);
    },
  });
}
