import {
  type ApiClientCreateInput,
  type ApiClientStatus,
  apiClientSchema,
  apiClientWithKeySchema,
} from '@contract/api-client';
import { fetchData } from '@/lib/api';
import { itemPath, resource, useToastMutation } from './resource';

export interface ApiClientListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: ApiClientStatus | undefined;
  /** The API's `sort`; undefined for the list's default order (src/lib/list-sort.ts). */
  sort?: string | undefined;
}

const clients = resource({
  base: 'api-clients',
  schema: apiClientSchema,
  listKey: ({ page, limit, search, status, sort }: ApiClientListParams) => ({
    page,
    limit,
    search: search ?? '',
    status: status ?? '',
    sort: sort ?? '',
  }),
  searchParams: ({ page, limit, search, status, sort }: ApiClientListParams) => ({
    page,
    limit,
    search_term: search,
    status,
    sort,
  }),
});

export const apiClientQueries = clients.queries;

export const API_CLIENT_SUCCESS = {
  created: 'API client created',
  revoked: 'API client revoked',
} as const;

/** `POST api-clients`: answers the client and its key, which the screen shows once. */
export function useCreateApiClient() {
  return useToastMutation({
    mutationFn: (payload: ApiClientCreateInput) =>
      fetchData('api-clients', apiClientWithKeySchema, { method: 'POST', json: payload }),
    success: API_CLIENT_SUCCESS.created,
    invalidate: () => [clients.queries.lists()],
  });
}

export function useRevokeApiClient() {
  return useToastMutation({
    mutationFn: (id: string) =>
      fetchData(`${itemPath('api-clients', id)}/revoke`, apiClientSchema, { method: 'POST' }),
    success: API_CLIENT_SUCCESS.revoked,
    invalidate: () => [clients.queries.lists()],
  });
}
