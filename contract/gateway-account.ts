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
import { GATEWAY_ACCOUNT_SORT_DEFAULT, GATEWAY_ACCOUNT_SORT_KEYS, sortQuery } from './list-sort';
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
  /**
   * Ours: the decimal places the balance is shown with. A gateway account has no currency (spec
   * §3): its balance adds the amounts of the payments and payouts of its payment method, in any of
   * the currencies the method supports (docs/ledger.md), so this is the most places among those
   * currencies; null when none of them is a currency any more.
   */
  balance_decimal_places: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
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
 * The payment method's length rule, held on create (the server) and by the add form as it is typed:
 * the message for an account number of the wrong length, or undefined when it fits. Digits only are
 * the payload schema's rule; this one is asked of what passed it.
 */
export function accountNumberLengthIssue(accountNumber: string, length: number): string | undefined {
  return accountNumber.length === length ? undefined : m.accountNumberLength(length);
}

/**
 * The add form's schema: the create payload's rules, and the chosen method's length when
 * `lengthOf` knows it (the form knows the methods it offers; the server asks its database).
 */
export function gatewayAccountCreateFormSchema(lengthOf: (paymentMethodId: string) => number | undefined) {
  const issueOf = (account: { payment_method_id: string; account_number: string }) => {
    const length = lengthOf(account.payment_method_id);
    return length === undefined ? undefined : accountNumberLengthIssue(account.account_number, length);
  };
  return v.pipe(
    gatewayAccountCreatePayloadSchema,
    // Checked once both fields pass their own rules, whatever the other fields hold.
    v.forward(
      v.partialCheck(
        [['payment_method_id'], ['account_number']],
        (account) => issueOf(account) === undefined,
        (issue) => issueOf(issue.input) ?? '',
      ),
      ['account_number'],
    ),
  );
}

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
export const gatewayAccountListQuerySchema = v.object({
  ...pageQueryEntries,
  sort: sortQuery(GATEWAY_ACCOUNT_SORT_KEYS, GATEWAY_ACCOUNT_SORT_DEFAULT),
});
export type GatewayAccountListQuery = v.InferOutput<typeof gatewayAccountListQuerySchema>;

/** `?command=activate|deactivate` (spec §7); the same schema for every activatable resource. */
export const gatewayAccountCommandQuerySchema = activationCommandQuerySchema;
