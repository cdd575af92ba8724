import { type CurrencyPayload, currencySchema } from '@contract/currency';
import { pagedSchema } from '@contract/envelope';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { SUCCESS } from '@/lib/copy';
import { notifySuccess } from '@/lib/notify';
import { chargeQueries } from './charges';
import { paymentMethodQueries } from './payment-methods';

export interface CurrencyListParams {
  page: number;
  limit: number;
  search?: string | undefined;
}

/** Spec §9: forms load the first 50 currencies (payment method supported currencies). */
export const CURRENCY_FORM_PARAMS: CurrencyListParams = { page: 1, limit: 50 };

const currencyPageSchema = pagedSchema(currencySchema);
const LIST_STALE_MS = 10_000;

const path = (id: string) => `currencies/${encodeURIComponent(id)}`;

/** `GET currencies`. Not toasted: lists show 'Failed to load resources' with Retry (spec §8). */
export function fetchCurrencies({ page, limit, search }: CurrencyListParams, signal?: AbortSignal) {
  return fetchData('currencies', currencyPageSchema, {
    searchParams: { page, limit, search_term: search },
    signal,
    toastErrors: false,
  });
}

/** `GET currencies/{id}`. Not toasted: the detail page shows its own error with Retry. */
export function fetchCurrency(id: string, signal?: AbortSignal) {
  return fetchData(path(id), currencySchema, { signal, toastErrors: false });
}

/** One factory for every currency query (DESIGN §8): bare keys for invalidation, shared options. */
export const currencyQueries = {
  all: () => ['currencies'] as const,
  lists: () => [...currencyQueries.all(), 'list'] as const,
  list: (params: CurrencyListParams) =>
    queryOptions({
      queryKey: [
        ...currencyQueries.lists(),
        { page: params.page, limit: params.limit, search: params.search ?? '' },
      ] as const,
      queryFn: ({ signal }) => fetchCurrencies(params, signal),
      placeholderData: keepPreviousData,
      staleTime: LIST_STALE_MS,
    }),
  /** The first 50, as dropdowns in forms load them (spec §9). */
  forForms: () => currencyQueries.list(CURRENCY_FORM_PARAMS),
  details: () => [...currencyQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...currencyQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchCurrency(id, signal),
    }),
};

/** `POST currencies`. Errors are toasted with the server's message by fetchData. */
export function createCurrency(payload: CurrencyPayload) {
  return fetchData('currencies', currencySchema, { method: 'POST', json: payload });
}

/** `PUT currencies/{id}`. */
export function updateCurrency(id: string, payload: CurrencyPayload) {
  return fetchData(path(id), currencySchema, { method: 'PUT', json: payload });
}

/** `DELETE currencies/{id}`: a currency in use is refused (409) with the server's reason, toasted. */
export function deleteCurrency(id: string) {
  return fetchData(path(id), currencySchema, { method: 'DELETE' });
}

export function useCreateCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CurrencyPayload) => createCurrency(payload),
    onSuccess: async () => {
      notifySuccess(SUCCESS.currencyAdded);
      await queryClient.invalidateQueries({ queryKey: currencyQueries.lists() });
    },
  });
}

export function useUpdateCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: CurrencyPayload }) => updateCurrency(id, payload),
    onSuccess: async (_currency, { id }) => {
      notifySuccess(SUCCESS.currencyUpdated);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currencyQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: currencyQueries.detail(id).queryKey, exact: true }),
        // Charges carry their currency's name and code; payment methods list it by code, which the
        // server renames in their supported_currencies when the code changes.
        queryClient.invalidateQueries({ queryKey: chargeQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: paymentMethodQueries.all() }),
      ]);
    },
  });
}

export function useDeleteCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCurrency(id),
    onSuccess: async (_currency, id) => {
      notifySuccess(SUCCESS.currencyDeleted);
      queryClient.removeQueries({ queryKey: currencyQueries.detail(id).queryKey, exact: true });
      await queryClient.invalidateQueries({ queryKey: currencyQueries.lists() });
    },
  });
}
