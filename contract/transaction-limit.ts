import * as v from 'valibot';
import { decimalSchema, idSchema, valueList } from './common';
import { compare } from './decimal';
import {
  activatableEntries,
  activationCommandQuerySchema,
  payloadObject,
  positiveDigitsInput,
  selectedId,
} from './fields';
import { VALIDATION } from './messages';

/** Spec §9 limit intervals. */
export const [LIMIT_INTERVALS, limitIntervalSchema] = valueList(['DAILY', 'WEEKLY', 'MONTHLY']);
export type LimitInterval = v.InferOutput<typeof limitIntervalSchema>;

export const transactionLimitSchema = v.object({
  id: idSchema,
  payment_method_id: idSchema,
  /** Whole amounts as decimal strings, like all money (docs/decisions/003). */
  min_amount: decimalSchema,
  max_amount: decimalSchema,
  interval: limitIntervalSchema,
  ...activatableEntries,
});
export type TransactionLimit = v.InferOutput<typeof transactionLimitSchema>;

/** `GET /payment-methods/{id}/transaction-limits` answers a plain array (spec §7). */
export const transactionLimitListSchema = v.array(transactionLimitSchema);
export type TransactionLimitList = v.InferOutput<typeof transactionLimitListSchema>;

const m = VALIDATION.transactionLimit;
const AMOUNT_DIGITS = 18;

const limitFields = {
  min_amount: positiveDigitsInput(
    { required: m.minAmount, invalid: m.minAmount },
    { keepLeadingZeros: false, maxLength: AMOUNT_DIGITS },
  ),
  max_amount: positiveDigitsInput(
    { required: m.maxAmountInvalid, invalid: m.maxAmountInvalid },
    { keepLeadingZeros: false, maxLength: AMOUNT_DIGITS },
  ),
  interval: v.picklist(LIMIT_INTERVALS, m.interval),
};

/** Spec §5: max above min, reported on max_amount. */
const maxAboveMin = (l: { min_amount: string; max_amount: string }) =>
  compare(l.max_amount, l.min_amount) > 0;

/** `POST /transaction-limits`. */
export const transactionLimitPayloadSchema = v.pipe(
  payloadObject({ ...limitFields, payment_method_id: selectedId(m.paymentMethod, 'payment_method_id') }),
  v.forward(v.partialCheck([['min_amount'], ['max_amount']], maxAboveMin, m.maxAmount), ['max_amount']),
);
export type TransactionLimitPayload = v.InferOutput<typeof transactionLimitPayloadSchema>;
export type TransactionLimitInput = v.InferInput<typeof transactionLimitPayloadSchema>;

/** What the add and edit forms hold; the payment method comes from the detail page. */
export interface TransactionLimitFormValues {
  min_amount: number | string;
  max_amount: number | string;
  interval: string | null;
  payment_method_id: string;
}
export function transactionLimitFormDefaults(paymentMethodId: string): TransactionLimitFormValues {
  return { min_amount: '', max_amount: '', interval: null, payment_method_id: paymentMethodId };
}

/** `PUT /transaction-limits/{id}`: a limit stays on its payment method; a sent payment_method_id is ignored. */
export const transactionLimitUpdatePayloadSchema = v.pipe(
  payloadObject(limitFields),
  v.forward(v.partialCheck([['min_amount'], ['max_amount']], maxAboveMin, m.maxAmount), ['max_amount']),
);
export type TransactionLimitUpdatePayload = v.InferOutput<typeof transactionLimitUpdatePayloadSchema>;
export type TransactionLimitUpdateInput = v.InferInput<typeof transactionLimitUpdatePayloadSchema>;

/** `?command=activate|deactivate` (spec §7); the same schema for every activatable resource. */
export const transactionLimitCommandQuerySchema = activationCommandQuerySchema;
