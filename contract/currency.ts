import * as v from 'valibot';
import { decimalSchema, idSchema, pageQueryEntries, timestampSchema } from './common';
import { integerInput, moneyInput, payloadObject, requiredText } from './fields';
import { CURRENCY_SORT_DEFAULT, CURRENCY_SORT_KEYS, sortQuery } from './list-sort';
import { VALIDATION } from './messages';

/** Amounts are stored with 6 decimals (docs/decisions/003), so a currency cannot use more. */
export const MAX_DECIMAL_PLACES = 6;

export const currencySchema = v.object({
  id: idSchema,
  name: v.string(),
  /** The short code ("ETB"), also what payment methods list in supported_currencies. */
  name_code: v.string(),
  display_symbol: v.string(),
  decimal_places: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The smallest step amounts are rounded to, in currency units ("0.05" for the birr's coin). */
  in_multiples_of: decimalSchema,
  /** Ours: read-only. */
  created_at: timestampSchema,
});
export type Currency = v.InferOutput<typeof currencySchema>;

/** The currency as embedded in other resources. */
export const currencyRefSchema = v.object({ id: idSchema, name: v.string(), name_code: v.string() });
export type CurrencyRef = v.InferOutput<typeof currencyRefSchema>;

const m = VALIDATION.currency;

/** `POST currencies` and `PUT currencies/{id}`. */
export const currencyPayloadSchema = payloadObject({
  name: requiredText(m.name, 'Currency Name', 100),
  decimal_places: integerInput(
    {
      required: m.decimalPlaces,
      integer: m.decimalPlacesInteger,
      min: m.decimalPlaces,
      tooLarge: m.decimalPlacesMax,
    },
    0,
    MAX_DECIMAL_PLACES,
  ),
  // An amount, not a count: cash rounding steps like 0.05 are fractions (docs/ledger.md, fees).
  in_multiples_of: moneyInput('Is Multiples of', m.inMultiplesOf),
  display_symbol: requiredText(m.displaySymbol, 'Display Symbol', 10),
  /** Codes are compared across resources, so they are kept upper-case. */
  name_code: v.pipe(requiredText(m.nameCode, 'Name Code', 10), v.toUpperCase()),
});
export type CurrencyPayload = v.InferOutput<typeof currencyPayloadSchema>;
export type CurrencyInput = v.InferInput<typeof currencyPayloadSchema>;

/** What the add and edit forms hold (NumberInput gives '' when empty). */
export interface CurrencyFormValues {
  name: string;
  decimal_places: number | string;
  in_multiples_of: number | string;
  display_symbol: string;
  name_code: string;
}
export const currencyFormDefaults: CurrencyFormValues = {
  name: '',
  decimal_places: '',
  in_multiples_of: '',
  display_symbol: '',
  name_code: '',
};

/** `GET currencies`: page, limit, search_term. */
export const currencyListQuerySchema = v.object({
  ...pageQueryEntries,
  sort: sortQuery(CURRENCY_SORT_KEYS, CURRENCY_SORT_DEFAULT),
});
export type CurrencyListQuery = v.InferOutput<typeof currencyListQuerySchema>;
