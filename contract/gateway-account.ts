import * as v from 'valibot';
import { decimalSchema, idSchema, nullableString, pageQueryEntries } from './common';
import {
  activatableEntries,
  activationCommandQuerySchema,
  payloadObject,
  positiveDigitsInput,
  requiredText,
  selectedId,
} from './fields';
import { API_ERRORS, VALIDATION } from './messages';
import { paymentMethodTypeSchema } from './payment-method';

export const gatewayAccountSchema = v.object({
  id: idSchema,
  code: v.string(),
  /**
   * Spec §3 {id, name, logo}; `type` is ours so the screen can label the number Account Number
   * (BANK) or Phone Number (spec §5).
   */
  payment_method: v.object({
    id: idSchema,
    name: v.string(),
    logo: nullableString,
    type: paymentMethodTypeSchema,
  }),
  /** Digits kept as a string: phone numbers start with 0 and account numbers exceed 2^53. */
  account_number: v.string(),
  routing_code: v.string(),
  total_balance: decimalSchema,
  ...activatableEntries,
});
export type GatewayAccount = v.InferOutput<typeof gatewayAccountSchema>;

const m = VALIDATION.gatewayAccount;

/** Long enough for an IBAN (34), the longest account number format in use. */
const ACCOUNT_NUMBER_MAX = 34;

/** Digits, not all zeros, leading zeros kept (phone numbers start with 0). */
const accountNumberInput = positiveDigitsInput<string>(
  { required: m.accountNumberRequired, invalid: m.accountNumberPositive },
  { keepLeadingZeros: true, maxLength: ACCOUNT_NUMBER_MAX },
);

const commonFields = {
  code: requiredText(m.code, 'Code', 50),
  payment_method_id: selectedId(m.paymentMethod, 'payment_method_id'),
  routing_code: requiredText(m.routingCode, 'Routing Code', 50),
};

/**
 * `POST gateway-accounts`. The spec's client also sends `id` and `name`; unknown keys are dropped
 * (v.object strips them), so they are accepted and ignored.
 */
export const gatewayAccountCreatePayloadSchema = payloadObject({
  ...commonFields,
  account_number: accountNumberInput,
});
export type GatewayAccountCreatePayload = v.InferOutput<typeof gatewayAccountCreatePayloadSchema>;
export type GatewayAccountCreateInput = v.InferInput<typeof gatewayAccountCreatePayloadSchema>;

/**
 * `PUT gateway-accounts/{id}`. Spec §5 asks only that the number be there on edit; it is still held
 * to the digits the create takes and the OpenAPI document publishes (`^\\d+$`), so an edit cannot
 * store what a create refuses ('abc', '-5', '1,000'). Only the payment method's length, which the
 * server checks on create, is not asked again: accounts kept from before a length change stay editable.
 */
export const gatewayAccountUpdatePayloadSchema = payloadObject({
  ...commonFields,
  account_number: accountNumberInput,
});
export type GatewayAccountUpdatePayload = v.InferOutput<typeof gatewayAccountUpdatePayloadSchema>;
export type GatewayAccountUpdateInput = v.InferInput<typeof gatewayAccountUpdatePayloadSchema>;

/** What the add and edit forms hold (a Select gives null until a method is picked). */
export interface GatewayAccountFormValues {
  code: string;
  payment_method_id: string | null;
  account_number: string;
  routing_code: string;
}
export const gatewayAccountFormDefaults: GatewayAccountFormValues = {
  code: '',
  payment_method_id: null,
  account_number: '',
  routing_code: '',
};

/**
 * Body of `POST gateway-accounts/{id}?command=...`: the spec sends `isActive`; the command query
 * (activationCommandQuerySchema in ./fields) decides, the body is accepted and ignored.
 */
export const gatewayAccountCommandBodySchema = v.optional(
  v.nullable(v.object({ isActive: v.optional(v.boolean()) }, API_ERRORS.bodyObject)),
);

/** `GET gateway-accounts`: page, limit, search_term. */
export const gatewayAccountListQuerySchema = v.object({ ...pageQueryEntries });
export type GatewayAccountListQuery = v.InferOutput<typeof gatewayAccountListQuerySchema>;

/** `?command=activate|deactivate` (spec §7); the same schema for every activatable resource. */
export const gatewayAccountCommandQuerySchema = activationCommandQuerySchema;
