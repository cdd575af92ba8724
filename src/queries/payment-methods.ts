import { LIMIT_MAX } from '@contract/common';
import { pagedSchema } from '@contract/envelope';
import type { ActivationCommand } from '@contract/fields';
import { type PaymentMethodPayload, paymentMethodSchema } from '@contract/payment-method';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { ERRORS, SUCCESS } from '@/lib/copy';
import { isApiError } from '@/lib/errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { gatewayAccountQueries } from './gateway-accounts';

export interface PaymentMethodListParams {
  page: number;
  limit: number;
  search?: string | undefined;
}

/** Gateway-account forms (and the mapping modal) load page 1, limit 100 (spec §7, §9; DESIGN §6.4). */
export const PAYMENT_METHOD_FORM_PARAMS: PaymentMethodListParams = { page: 1, limit: LIMIT_MAX };

const paymentMethodPageSchema = pagedSchema(paymentMethodSchema);
const LIST_STALE_MS = 10_000;

const path = (id: string) => `payment-methods/${encodeURIComponent(id)}`;

/** `GET payment-methods`. Not toasted: lists show 'Failed to load resources' with Retry (spec §8). */
export function fetchPaymentMethods({ page, limit, search }: PaymentMethodListParams, signal?: AbortSignal) {
  return fetchData('payment-methods', paymentMethodPageSchema, {
    searchParams: { page, limit, search_term: search },
    signal,
    toastErrors: false,
  });
}

/** `GET payment-methods/{id}`. Not toasted: the detail page shows its own error with Retry. */
export function fetchPaymentMethod(id: string, signal?: AbortSignal) {
  return fetchData(path(id), paymentMethodSchema, { signal, toastErrors: false });
}

/** One factory for every payment-method query (DESIGN §8): bare keys for invalidation, shared options. */
export const paymentMethodQueries = {
  all: () => ['payment-methods'] as const,
  lists: () => [...paymentMethodQueries.all(), 'list'] as const,
  list: (params: PaymentMethodListParams) =>
    queryOptions({
      queryKey: [
        ...paymentMethodQueries.lists(),
        { page: params.page, limit: params.limit, search: params.search ?? '' },
      ] as const,
      queryFn: ({ signal }) => fetchPaymentMethods(params, signal),
      placeholderData: keepPreviousData,
      staleTime: LIST_STALE_MS,
    }),
  /** The first 100, as dropdowns load them. */
  forForms: () => paymentMethodQueries.list(PAYMENT_METHOD_FORM_PARAMS),
  details: () => [...paymentMethodQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...paymentMethodQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchPaymentMethod(id, signal),
    }),
};

/** `POST payment-methods`. Errors are toasted with the server's message by fetchData. */
export function createPaymentMethod(payload: PaymentMethodPayload) {
  return fetchData('payment-methods', paymentMethodSchema, { method: 'POST', json: payload });
}

/** `PUT payment-methods/{id}` (the same fields as create, spec §7). */
export function updatePaymentMethod(id: string, payload: PaymentMethodPayload) {
  return fetchData(path(id), paymentMethodSchema, { method: 'PUT', json: payload });
}

/** `POST payment-methods/{id}?command=activate|deactivate`. The caller toasts failures (spec §8 fallbacks). */
export function changePaymentMethodStatus(id: string, command: ActivationCommand) {
  return fetchData(path(id), paymentMethodSchema, {
    method: 'POST',
    searchParams: { command },
    toastErrors: false,
  });
}

export function useCreatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PaymentMethodPayload) => createPaymentMethod(payload),
    onSuccess: async () => {
      notifySuccess(SUCCESS.paymentMethodAdded);
      await queryClient.invalidateQueries({ queryKey: paymentMethodQueries.lists() });
    },
  });
}

export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: PaymentMethodPayload }) =>
      updatePaymentMethod(id, payload),
    onSuccess: async (_method, { id }) => {
      notifySuccess(SUCCESS.paymentMethodUpdated);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentMethodQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: paymentMethodQueries.detail(id).queryKey, exact: true }),
        // Gateway accounts show their method's name and logo.
        queryClient.invalidateQueries({ queryKey: gatewayAccountQueries.all() }),
      ]);
    },
  });
}

const STATUS_SUCCESS: Readonly<Record<ActivationCommand, string>> = {
  activate: SUCCESS.activated,
  deactivate: SUCCESS.deactivated,
};

const STATUS_FALLBACK: Readonly<Record<ActivationCommand, string>> = {
  activate: ERRORS.activate,
  deactivate: ERRORS.deactivate,
};

/**
 * Activate or deactivate a payment method (spec §4). Success toasts 'Successfully Activated' or
 * 'Successfully Deactivated' and refetches the lists and the detail; a failure toasts the server's
 * message, or spec §8's fallback ('Failed to activate' / 'Failed to deactivate') when no server
 * message came back (no connection, a proxy's page). A 409 (changed elsewhere) refetches too, so
 * the row shows the status that blocked it.
 */
export function usePaymentMethodStatusMutation() {
  const queryClient = useQueryClient();
  const refresh = (id: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentMethodQueries.lists() }),
      queryClient.invalidateQueries({ queryKey: paymentMethodQueries.detail(id).queryKey, exact: true }),
    ]);
  return useMutation({
    mutationFn: ({ id, command }: { id: string; command: ActivationCommand }) =>
      changePaymentMethodStatus(id, command),
    onSuccess: async (_method, { id, command }) => {
      notifySuccess(STATUS_SUCCESS[command]);
      await refresh(id);
    },
    onError: (error, { id, command }) => {
      notifyError(isApiError(error) && error.serverMessage ? error.message : STATUS_FALLBACK[command]);
      if (isApiError(error) && error.status === 409) void refresh(id);
    },
  });
}
