import { type ChargePayload, chargeSchema } from '@contract/charge';
import { LIMIT_MAX } from '@contract/common';
import { pagedSchema } from '@contract/envelope';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { SUCCESS } from '@/lib/copy';
import { notifySuccess } from '@/lib/notify';
import { accountMappingQueries } from './account-mappings';

export interface ChargeListParams {
  page: number;
  limit: number;
  /** One currency's charges (`GET charges?currency_id=`); all charges when absent. */
  currencyId?: string | undefined;
}

const chargePageSchema = pagedSchema(chargeSchema);
const LIST_STALE_MS = 10_000;

const path = (id: string) => `charges/${encodeURIComponent(id)}`;

/** `GET charges`. Not toasted: lists show 'Failed to load resources' with Retry (spec §8). */
export function fetchCharges({ page, limit, currencyId }: ChargeListParams, signal?: AbortSignal) {
  return fetchData('charges', chargePageSchema, {
    searchParams: { page, limit, currency_id: currencyId },
    signal,
    toastErrors: false,
  });
}

export function fetchCharge(id: string, signal?: AbortSignal) {
  return fetchData(path(id), chargeSchema, { signal, toastErrors: false });
}

/** One factory for every charge query (DESIGN §8). */
export const chargeQueries = {
  all: () => ['charges'] as const,
  lists: () => [...chargeQueries.all(), 'list'] as const,
  list: (params: ChargeListParams) =>
    queryOptions({
      queryKey: [
        ...chargeQueries.lists(),
        { page: params.page, limit: params.limit, currencyId: params.currencyId ?? '' },
      ] as const,
      queryFn: ({ signal }) => fetchCharges(params, signal),
      placeholderData: keepPreviousData,
      staleTime: LIST_STALE_MS,
    }),
  /**
   * A currency's charges, as its detail page lists them: the first 100 (the API's largest page;
   * a currency has a handful of gateway charges).
   */
  ofCurrency: (currencyId: string) => chargeQueries.list({ page: 1, limit: LIMIT_MAX, currencyId }),
  /** Dropdowns (the account-mapping modal) load page 1, limit 100 (spec §7). */
  forForms: () => chargeQueries.list({ page: 1, limit: LIMIT_MAX }),
  details: () => [...chargeQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...chargeQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchCharge(id, signal),
    }),
};

/** `POST charges`. Errors are toasted with the server's message by fetchData. */
export function createCharge(payload: ChargePayload) {
  return fetchData('charges', chargeSchema, { method: 'POST', json: payload });
}

export function updateCharge(id: string, payload: ChargePayload) {
  return fetchData(path(id), chargeSchema, { method: 'PUT', json: payload });
}

export function deleteCharge(id: string) {
  return fetchData(path(id), chargeSchema, { method: 'DELETE' });
}

export function useCreateCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ChargePayload) => createCharge(payload),
    onSuccess: async () => {
      notifySuccess(SUCCESS.chargeAdded);
      await queryClient.invalidateQueries({ queryKey: chargeQueries.lists() });
    },
  });
}

export function useUpdateCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: ChargePayload }) => updateCharge(id, payload),
    onSuccess: async (_charge, { id }) => {
      notifySuccess(SUCCESS.chargeUpdated);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chargeQueries.lists() }),
        // Account mappings show their charge's amount and currency.
        queryClient.invalidateQueries({ queryKey: accountMappingQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: chargeQueries.detail(id).queryKey, exact: true }),
      ]);
    },
  });
}

export function useDeleteCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCharge(id),
    onSuccess: async (_charge, id) => {
      notifySuccess(SUCCESS.chargeDeleted);
      queryClient.removeQueries({ queryKey: chargeQueries.detail(id).queryKey, exact: true });
      await queryClient.invalidateQueries({ queryKey: chargeQueries.lists() });
    },
  });
}
