import { pagedSchema } from '@contract/envelope';
import type { ActiveStatus } from '@contract/fields';
import { type GlAccountPayload, glAccountSchema } from '@contract/gl-account';
import { fetchData } from '@/lib/api';
import { SUCCESS } from '@/lib/copy';
import { accountMappingQueries } from '@/queries/account-mappings';
import { journalEntryQueries } from '@/queries/journal-entries';
import { itemPath, listQuery, orApprovalRequest, resourceKeys, useToastMutation } from './resource';

export interface GlAccountListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: ActiveStatus | undefined;
  /** The API's `sort`; undefined for the list's default order (src/lib/list-sort.ts). */
  sort?: string | undefined;
}

const glAccountPageSchema = pagedSchema(glAccountSchema);

/**
 * The mapping modal's dropdown: page 1, limit 100 (spec §9), ACTIVE accounts only, since the server
 * refuses a mapping to an inactive one.
 */
export const GL_ACCOUNT_OPTIONS_PARAMS: GlAccountListParams = { page: 1, limit: 100, status: 'ACTIVE' };

const keys = resourceKeys('gl-accounts');

export const glAccountQueries = {
  all: keys.all,
  lists: keys.lists,
  /** `GET gl-accounts`. Not toasted: the list shows 'Failed to load resources' with Retry. */
  list: ({ page, limit, search, status, sort }: GlAccountListParams) =>
    listQuery(
      [
        ...keys.lists(),
        { page, limit, search: search ?? '', status: status ?? '', sort: sort ?? '' },
      ] as const,
      (signal) =>
        fetchData('gl-accounts', glAccountPageSchema, {
          searchParams: { page, limit, search_term: search, status, sort },
          signal,
          toastErrors: false,
        }),
    ),
  /** The mapping modal's dropdown; under `lists()`, so adding or updating an account refreshes it. */
  options: () => glAccountQueries.list(GL_ACCOUNT_OPTIONS_PARAMS),
};

/** `POST gl-accounts`. Spec §7 also sends `id` and `status`, empty; the server ignores them. */
export function createGlAccount(payload: GlAccountPayload) {
  // With the GL account approval rule on, the change waits for a second person (202).
  return fetchData('gl-accounts', orApprovalRequest(glAccountSchema), {
    method: 'POST',
    json: { ...payload, id: '', status: '' },
  });
}

/** `PUT gl-accounts/{id}` with the record's `id` in the body, as spec §7 sends it. */
export function updateGlAccount(id: string, payload: GlAccountPayload) {
  return fetchData(itemPath('gl-accounts', id), orApprovalRequest(glAccountSchema), {
    method: 'PUT',
    json: { ...payload, id },
  });
}

/** Adds an account: toasts spec §8's text and refreshes every GL account list (no page reload). */
export function useCreateGlAccount() {
  return useToastMutation({
    mutationFn: createGlAccount,
    success: SUCCESS.glAccountAdded,
    approvable: true,
    invalidate: () => [glAccountQueries.lists()],
  });
}

/**
 * Updates an account. Mapping and journal lists show the account's name, so they are refreshed
 * too; errors (a taken name, a locked type) are toasted by fetchData with the server's message.
 */
export function useUpdateGlAccount() {
  return useToastMutation({
    mutationFn: ({ id, payload }: { id: string; payload: GlAccountPayload }) => updateGlAccount(id, payload),
    success: SUCCESS.glAccountUpdated,
    approvable: true,
    invalidate: () => [glAccountQueries.all(), accountMappingQueries.all(), journalEntryQueries.all()],
  });
}
