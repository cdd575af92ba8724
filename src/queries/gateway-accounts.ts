import { pagedSchema } from '@contract/envelope';
import type { ActivationCommand } from '@contract/fields';
import {
  type GatewayAccountCreatePayload,
  type GatewayAccountUpdatePayload,
  gatewayAccountSchema,
} from '@contract/gateway-account';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { SUCCESS } from '@/lib/copy';
import { isApiError } from '@/lib/errors';
import { notifySuccess } from '@/lib/notify';

export interface GatewayAccountListParams {
  page: number;
  limit: number;
  search?: string | undefined;
}

const gatewayAccountPageSchema = pagedSchema(gatewayAccountSchema);
const LIST_STALE_MS = 10_000;

const path = (id: string) => `gateway-accounts/${encodeURIComponent(id)}`;

/** `GET gateway-accounts`. Not toasted: lists show 'Failed to load resources' with Retry (spec §8). */
export function fetchGatewayAccounts(
  { page, limit, search }: GatewayAccountListParams,
  signal?: AbortSignal,
) {
  return fetchData('gateway-accounts', gatewayAccountPageSchema, {
    searchParams: { page, limit, search_term: search },
    signal,
    toastErrors: false,
  });
}

/** `GET gateway-accounts/{id}`. Not toasted: the detail page shows its own error with Retry. */
export function fetchGatewayAccount(id: string, signal?: AbortSignal) {
  return fetchData(path(id), gatewayAccountSchema, { signal, toastErrors: false });
}

/** One factory for every gateway-account query (DESIGN §8). */
export const gatewayAccountQueries = {
  all: () => ['gateway-accounts'] as const,
  lists: () => [...gatewayAccountQueries.all(), 'list'] as const,
  list: (params: GatewayAccountListParams) =>
    queryOptions({
      queryKey: [
        ...gatewayAccountQueries.lists(),
        { page: params.page, limit: params.limit, search: params.search ?? '' },
      ] as const,
      queryFn: ({ signal }) => fetchGatewayAccounts(params, signal),
      placeholderData: keepPreviousData,
      staleTime: LIST_STALE_MS,
    }),
  details: () => [...gatewayAccountQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...gatewayAccountQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchGatewayAccount(id, signal),
    }),
};

/** `POST gateway-accounts`. Errors are toasted with the server's message by fetchData. */
export function createGatewayAccount(payload: GatewayAccountCreatePayload) {
  return fetchData('gateway-accounts', gatewayAccountSchema, { method: 'POST', json: payload });
}

/** `PUT gateway-accounts/{id}`. */
export function updateGatewayAccount(id: string, payload: GatewayAccountUpdatePayload) {
  return fetchData(path(id), gatewayAccountSchema, { method: 'PUT', json: payload });
}

/** `POST gateway-accounts/{id}?command=` with the spec's `{ isActive }` body (spec §7). */
export function changeGatewayAccountStatus(id: string, command: ActivationCommand) {
  return fetchData(path(id), gatewayAccountSchema, {
    method: 'POST',
    searchParams: { command },
    json: { isActive: command === 'activate' },
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (id?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: gatewayAccountQueries.lists() }),
      id
        ? queryClient.invalidateQueries({ queryKey: gatewayAccountQueries.detail(id).queryKey, exact: true })
        : null,
    ]);
}

export function useCreateGatewayAccount() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (payload: GatewayAccountCreatePayload) => createGatewayAccount(payload),
    onSuccess: async () => {
      notifySuccess(SUCCESS.gatewayAccountAdded);
      await refresh();
    },
  });
}

export function useUpdateGatewayAccount() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: GatewayAccountUpdatePayload }) =>
      updateGatewayAccount(id, payload),
    onSuccess: async (_account, { id }) => {
      notifySuccess(SUCCESS.gatewayAccountUpdated);
      await refresh(id);
    },
  });
}

const STATUS_SUCCESS: Readonly<Record<ActivationCommand, string>> = {
  activate: SUCCESS.activated,
  deactivate: SUCCESS.deactivated,
};

/**
 * Activate or deactivate a gateway account (spec §4 names the calls; the screen is ours). A 409
 * (changed elsewhere) is toasted by fetchData and refetches the account.
 */
export function useGatewayAccountStatusMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, command }: { id: string; command: ActivationCommand }) =>
      changeGatewayAccountStatus(id, command),
    onSuccess: async (_account, { id, command }) => {
      notifySuccess(STATUS_SUCCESS[command]);
      await refresh(id);
    },
    onError: (error, { id }) => {
      if (isApiError(error) && error.status === 409) void refresh(id);
    },
  });
}
