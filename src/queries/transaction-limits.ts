import {
  type TransactionLimitPayload,
  type TransactionLimitUpdatePayload,
  transactionLimitListSchema,
  transactionLimitSchema,
} from '@contract/transaction-limit';
import { notifications } from '@mantine/notifications';
import { queryOptions } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { ERRORS, SUCCESS } from '@/lib/copy';
import { isApiError } from '@/lib/errors';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '@/lib/notify';
import { exact, itemPath, useToastMutation } from './resource';

const path = (id: string) => itemPath('transaction-limits', id);

/** `GET payment-methods/{id}/transaction-limits`: a plain array (spec §7). Not toasted: the tab shows Retry. */
export function fetchTransactionLimits(paymentMethodId: string, signal?: AbortSignal) {
  return fetchData(
    `${itemPath('payment-methods', paymentMethodId)}/transaction-limits`,
    transactionLimitListSchema,
    { signal, toastErrors: false },
  );
}

/** A payment method's limits, keyed by the method so a change refetches only its own table. */
export const transactionLimitQueries = {
  all: () => ['transaction-limits'] as const,
  ofMethod: (paymentMethodId: string) =>
    queryOptions({
      queryKey: [...transactionLimitQueries.all(), paymentMethodId] as const,
      queryFn: ({ signal }) => fetchTransactionLimits(paymentMethodId, signal),
    }),
};

/** `POST transaction-limits`. The hook toasts failures itself (spec §8's fixed text). */
export function createTransactionLimit(payload: TransactionLimitPayload) {
  return fetchData('transaction-limits', transactionLimitSchema, {
    method: 'POST',
    json: payload,
    toastErrors: false,
  });
}

/** `PUT transaction-limits/{id}`. Errors are toasted with the server's message by fetchData. */
export function updateTransactionLimit(id: string, payload: TransactionLimitUpdatePayload) {
  return fetchData(path(id), transactionLimitSchema, { method: 'PUT', json: payload });
}

/** `DELETE transaction-limits/{id}`: answers the deleted limit. */
export function deleteTransactionLimit(id: string) {
  return fetchData(path(id), transactionLimitSchema, { method: 'DELETE' });
}

/** A change refetches only its own method's table. */
const refreshed = (paymentMethodId: string) => [
  exact(transactionLimitQueries.ofMethod(paymentMethodId).queryKey),
];

/**
 * Spec §8 gives limit add a fixed failure text, 'Failed to add transaction limit'. It is the toast's
 * title; the server's reason (an overlapping limit, a missing permission) is its message, so staff
 * can still fix what was refused (docs/spec-deviations.md).
 */
export function useCreateTransactionLimit() {
  return useToastMutation({
    mutationFn: (payload: TransactionLimitPayload) => createTransactionLimit(payload),
    success: SUCCESS.transactionLimitAdded,
    invalidate: (payload) => refreshed(payload.payment_method_id),
    onError: (error) => {
      const reason = isApiError(error) ? error.message : null;
      notifications.show({
        // Mantine drops a toast whose id is already on screen, so the id carries the reason: a second
        // refusal for another reason shows; the same one repeated while it shows does not stack.
        id: `error:${ERRORS.addTransactionLimit}:${reason ?? ''}`,
        color: 'red',
        title: ERRORS.addTransactionLimit,
        message: reason,
        position: TOAST_POSITION,
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
    },
  });
}

export function useUpdateTransactionLimit() {
  return useToastMutation({
    mutationFn: ({
      id,
      payload,
    }: {
      id: string;
      paymentMethodId: string;
      payload: TransactionLimitUpdatePayload;
    }) => updateTransactionLimit(id, payload),
    success: SUCCESS.transactionLimitUpdated,
    invalidate: ({ paymentMethodId }) => refreshed(paymentMethodId),
  });
}

export function useDeleteTransactionLimit() {
  return useToastMutation({
    mutationFn: ({ id }: { id: string; paymentMethodId: string }) => deleteTransactionLimit(id),
    success: SUCCESS.transactionLimitDeleted,
    invalidate: ({ paymentMethodId }) => refreshed(paymentMethodId),
    // A 404 means someone deleted it first: the refetched table shows it gone.
    onError: (error, _vars, refresh) => {
      if (isApiError(error) && error.status === 404) void refresh();
    },
  });
}
