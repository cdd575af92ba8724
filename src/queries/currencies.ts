import { type CurrencyPayload, currencySchema } from '@contract/currency';
import { SUCCESS } from '@/lib/copy';
import { chargeQueries } from './charges';
import { paymentMethodQueries } from './payment-methods';
import { resource, type SearchListParams, searchList } from './resource';

export type CurrencyListParams = SearchListParams;

/** Spec §9: forms load the first 50 currencies (payment method supported currencies). */
export const CURRENCY_FORM_PARAMS: CurrencyListParams = { page: 1, limit: 50 };

/** `currencies` and `currencies/{id}`: reads, create, update and delete. */
const currencies = resource({ base: 'currencies', schema: currencySchema, ...searchList });

/** One factory for every currency query: bare keys for invalidation, shared options. */
export const currencyQueries = {
  ...currencies.queries,
  /** The first 50, as dropdowns in forms load them (spec §9). */
  forForms: () => currencies.queries.list(CURRENCY_FORM_PARAMS),
};

export const useCreateCurrency = () => currencies.useCreate<CurrencyPayload>(SUCCESS.currencyAdded);

/**
 * Charges carry their currency's name and code; payment methods list it by code, which the server
 * renames in their supported_currencies when the code changes.
 */
export const useUpdateCurrency = () =>
  currencies.useUpdate<CurrencyPayload>(SUCCESS.currencyUpdated, [
    chargeQueries.lists(),
    paymentMethodQueries.all(),
  ]);

/** `DELETE currencies/{id}`: a currency in use is refused (409) with the server's reason, toasted. */
export const useDeleteCurrency = () => currencies.useDelete(SUCCESS.currencyDeleted);
