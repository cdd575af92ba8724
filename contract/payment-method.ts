import * as v from 'valibot';
import { idSchema, PG_INTEGER_MAX, pageQueryEntries, plainText, valueList } from './common';
import {
  activatableEntries,
  activationCommandQuerySchema,
  integerInput,
  payloadObject,
  requiredText,
  shownImageInput,
  webAddressInput,
} from './fields';
import { PAYMENT_METHOD_SORT_DEFAULT, PAYMENT_METHOD_SORT_KEYS, sortQuery } from './list-sort';
import { VALIDATION } from './messages';

/** Spec §9 payment types. */
export const [PAYMENT_METHOD_TYPES, paymentMethodTypeSchema] = valueList(['BANK', 'WALLET', 'CARD']);
export type PaymentMethodType = v.InferOutput<typeof paymentMethodTypeSchema>;

export const paymentMethodSchema = v.object({
  id: idSchema,
  name: v.string(),
  type: paymentMethodTypeSchema,
  code: v.string(),
  url: v.string(),
  logo: v.string(),
  account_number_length: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Currency name codes (spec §3), e.g. ["ETB", "USD"]. */
  supported_currencies: v.array(v.string()),
  ...activatableEntries,
});
export type PaymentMethod = v.InferOutput<typeof paymentMethodSchema>;

const m = VALIDATION.paymentMethod;

/** `POST /payment-methods` and `PUT /payment-methods/{id}` (same fields, spec §7). */
export const paymentMethodPayloadSchema = payloadObject({
  name: requiredText(m.name, 'Name', 100),
  type: v.picklist(PAYMENT_METHOD_TYPES, m.type),
  url: webAddressInput({ required: m.url, invalid: m.urlInvalid }, 'URL', 500),
  // docs/decisions/026: no upload yet, so only what the console can show is taken.
  logo: shownImageInput({ required: m.logo, invalid: m.logoNotShown }, 'Logo', 500),
  code: requiredText(m.code, 'Code', 50),
  account_number_length: integerInput(
    {
      required: m.accountNumberLengthRequired,
      integer: m.accountNumberLengthInteger,
      min: m.accountNumberLengthPositive,
      tooLarge: VALIDATION.common.numberTooLarge('Account Number Length', PG_INTEGER_MAX),
    },
    1,
  ),
  supported_currencies: v.pipe(
    v.array(
      v.pipe(
        v.string(m.supportedCurrencies),
        v.trim(),
        v.toUpperCase(),
        // A currency's name code is at most 10 characters (currencyPayloadSchema).
        plainText<string>('Supported Currency'),
        v.maxLength(10, VALIDATION.common.tooLong('Supported Currency', 10)),
      ),
      m.supportedCurrencies,
    ),
    v.transform((codes) => [...new Set(codes.filter((c) => c !== ''))]),
    v.minLength(1, m.supportedCurrencies),
  ),
});
export type PaymentMethodPayload = v.InferOutput<typeof paymentMethodPayloadSchema>;
export type PaymentMethodInput = v.InferInput<typeof paymentMethodPayloadSchema>;

/** What the add and edit forms hold: Select gives null, NumberInput '' when empty. */
export interface PaymentMethodFormValues {
  name: string;
  type: string | null;
  url: string;
  logo: string;
  code: string;
  account_number_length: number | string;
  supported_currencies: string[];
}
export const paymentMethodFormDefaults: PaymentMethodFormValues = {
  name: '',
  type: null,
  url: '',
  logo: '',
  code: '',
  account_number_length: '',
  supported_currencies: [],
};

/** `GET /payment-methods`: page, limit, search_term. */
export const paymentMethodListQuerySchema = v.object({
  ...pageQueryEntries,
  sort: sortQuery(PAYMENT_METHOD_SORT_KEYS, PAYMENT_METHOD_SORT_DEFAULT),
});
export type PaymentMethodListQuery = v.InferOutput<typeof paymentMethodListQuerySchema>;

/** `?command=activate|deactivate` (spec §7); the same schema for every activatable resource. */
export const paymentMethodCommandQuerySchema = activationCommandQuerySchema;
