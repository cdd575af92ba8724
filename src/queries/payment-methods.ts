import { LIMIT_MAX } from '@contract/common';
import type { ActivationCommand } from '@contract/fields';
import { type PaymentMethodPayload, paymentMethodSchema } from '@contract/payment-method';
import { fetchData } from '@/lib/api';
import { ERRORS, SUCCESS } from '@/lib/copy';
import { isApiError } from '@/lib/errors';
import { notifyError } from '@/lib/notify';
import { gatewayAccountQueries } from './gateway-accounts';
import { resource, type SearchListParams, searchList } from './resource';

export type PaymentMethodListParams = SearchListParams;

/** Gateway-account forms (and the mapping modal) load page 1, limit 100 (spec §7, §9; spec deviation 4). */
export const PAYMENT_METHOD_FORM_PARAMS: PaymentMethodListParams = { page: 1, limit: LIMIT_MAX };

/** `payment-methods` and `payment-methods/{id}`: reads, create and update (the same fields, spec §7). */
const paymentMethods = resource({ base: 'payment-methods', schema: paymentMethodSchema, ...searchList });

/** One factory for every payment-method query: bare keys for invalidation, shared options. */
export const paymentMethodQueries = {
  ...paymentMethods.queries,
  /** The first 100, as dropdowns load them. */
  forForms: () => paymentMethods.queries.list(PAYMENT_METHOD_FORM_PARAMS),
};

/** `POST payment-methods/{id}?command=activate|deactivate`. The caller toasts failures (spec §8 fallbacks). */
export function changePaymentMethodStatus(id: string, command: ActivationCommand) {
  return fetchData(paymentMethods.path(id), paymentMethodSchema, {
    method: 'POST',
    searchParams: { command },
    toastErrors: false,
  });
}

export const useCreatePaymentMethod = () =>
  paymentMethods.useCreate<PaymentMethodPayload>(SUCCESS.paymentMethodAdded);

/** Gateway accounts show their method's name and logo. */
export const useUpdatePaymentMethod = () =>
  paymentMethods.useUpdate<PaymentMethodPayload>(SUCCESS.paymentMethodUpdated, [gatewayAccountQueries.all()]);

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
export const usePaymentMethodStatusMutation = () =>
  paymentMethods.useActivation(changePaymentMethodStatus, (error, command) =>
    notifyError(isApiError(error) && error.serverMessage ? error.message : STATUS_FALLBACK[command]),
  );
