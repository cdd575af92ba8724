/**
 * The payment events of the platform API (issue 22; docs/api.md "The platform API"): the state
 * machine of a payment reported by the platform, declared once here, and the wire shapes of its
 * calls. Server, mocks and docs read the same table.
 */
import * as v from 'valibot';
import { idSchema, plainText, timestampSchema } from './common';
import { isPositive } from './decimal';
import { payloadObject, requiredText } from './fields';
import { type TransactionStatus, transactionStatusSchema, transactionTypeSchema } from './transaction';

/**
 * Where a payment may go from each status. A payment starts PENDING; the customer may check out
 * first (CHECKED_OUT); it ends SUCCESS (the money event: its journal is posted), FAILED or CANCELED,
 * and an ended payment never moves again (refunds and chargebacks are their own records).
 * PAY_OUT is a payout request: only staff decide it (Payouts screen), never the platform.
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  PENDING: ['CHECKED_OUT', 'SUCCESS', 'FAILED', 'CANCELED'],
  CHECKED_OUT: ['SUCCESS', 'FAILED', 'CANCELED'],
  SUCCESS: [],
  FAILED: [],
  CANCELED: [],
  PAY_OUT: [],
};

/** The statuses the platform may move a payment to (`POST platform/payments/{id}/status`). */
export const PAYMENT_TARGET_STATUSES = ['CHECKED_OUT', 'SUCCESS', 'FAILED', 'CANCELED'] as const;
export type PaymentTargetStatus = (typeof PAYMENT_TARGET_STATUSES)[number];

export function canMovePayment(from: TransactionStatus, to: TransactionStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

export const PAYMENT_MESSAGES = {
  reference: 'reference is required',
  amount: 'amount must be a positive decimal string with at most 6 decimals, such as "125.50"',
  amountTooLarge: 'amount must have at most 18 digits before the decimal point',
  currency: 'currency is required: the currency code, such as ETB',
  merchantId: 'merchant_id must be a UUID',
  gatewayAccountId: 'gateway_account_id must be a UUID',
  status: `status must be one of ${PAYMENT_TARGET_STATUSES.join(', ')}`,
} as const;

/** Refusals of the payment events (the 409s name both states or the record in the way). */
export const PAYMENT_ERRORS = {
  impossibleTransition: (from: string, to: string) => `A payment in status ${from} cannot move to ${to}`,
  notAPayment: 'This transaction is not a payment reported through the platform API',
  referenceTaken: (reference: string) => `A transaction with reference ${reference} already exists`,
  unknown: (field: string, what: string) => `${field}: no ${what} has this id`,
  unknownCurrency: (code: string) => `currency: no currency has the code ${code}`,
  currencyPlaces: (code: string, places: number) =>
    `amount: ${code} has ${places} decimal place${places === 1 ? '' : 's'}`,
  gatewayInactive: 'The gateway account is inactive: it takes no payments or payouts',
  missingCharge: (code: string) =>
    `No TRANSACTION_FEE charge for ${code} is in force: the payment cannot be posted. Add one on the currency's Charges tab.`,
} as const;

const amountField = v.pipe(
  v.string(PAYMENT_MESSAGES.amount),
  v.regex(/^\d+(\.\d{1,6})?$/, PAYMENT_MESSAGES.amount),
  v.check(
    (s) => (s.split('.')[0] ?? '').replace(/^0+(?=\d)/, '').length <= 18,
    PAYMENT_MESSAGES.amountTooLarge,
  ),
  v.check(isPositive, PAYMENT_MESSAGES.amount),
);

const optionalName = (label: string) =>
  v.optional(
    v.nullable(
      v.pipe(v.string(`${label} must be a string`), v.trim(), plainText<string>(label), v.maxLength(100)),
    ),
    null,
  );

const customerSchema = v.optional(
  v.object({
    first_name: optionalName('customer.first_name'),
    last_name: optionalName('customer.last_name'),
    phone_number: v.optional(
      v.nullable(
        v.pipe(
          v.string('customer.phone_number must be a string'),
          v.trim(),
          v.regex(/^\+?[0-9]{4,20}$/, 'customer.phone_number must be 4 to 20 digits, optionally after +'),
        ),
      ),
      null,
    ),
  }),
  {},
);

/** What a payment and a payout request both carry. */
const moneyEventEntries = {
  /** The platform's own reference: unique across all transactions (the Transactions screen's Reference). */
  reference: v.pipe(
    requiredText(PAYMENT_MESSAGES.reference, 'reference', 64),
    v.regex(/^[A-Za-z0-9._:-]+$/, 'reference may hold letters, digits and . _ : - only'),
  ),
  merchant_id: v.pipe(v.string(PAYMENT_MESSAGES.merchantId), v.uuid(PAYMENT_MESSAGES.merchantId)),
  gateway_account_id: v.pipe(
    v.string(PAYMENT_MESSAGES.gatewayAccountId),
    v.uuid(PAYMENT_MESSAGES.gatewayAccountId),
  ),
  amount: amountField,
  currency: v.pipe(
    v.string(PAYMENT_MESSAGES.currency),
    v.trim(),
    v.nonEmpty(PAYMENT_MESSAGES.currency),
    v.regex(/^[A-Za-z]{2,10}$/, PAYMENT_MESSAGES.currency),
    v.toUpperCase(),
  ),
};

/** `POST platform/payments`: a new payment, PENDING. */
export const paymentCreatePayloadSchema = payloadObject({ ...moneyEventEntries, customer: customerSchema });
export type PaymentCreatePayload = v.InferOutput<typeof paymentCreatePayloadSchema>;

/** `POST platform/payments/{id}/status`. */
export const paymentMovePayloadSchema = payloadObject({
  status: v.picklist(PAYMENT_TARGET_STATUSES, PAYMENT_MESSAGES.status),
});
export type PaymentMovePayload = v.InferOutput<typeof paymentMovePayloadSchema>;

/** `POST platform/payouts`: a payout request (PAY_OUT), decided by staff on the Payouts screen. */
export const payoutRequestPayloadSchema = payloadObject({ ...moneyEventEntries, customer: customerSchema });
export type PayoutRequestPayload = v.InferOutput<typeof payoutRequestPayloadSchema>;

/** A payment or payout request as the platform sees it. */
export const platformTransactionSchema = v.object({
  id: idSchema,
  reference: v.string(),
  type: transactionTypeSchema,
  status: transactionStatusSchema,
  amount: v.string(),
  /** The TRANSACTION_FEE charge taken when the payment succeeded; "0" before (and for payouts). */
  fee: v.string(),
  currency: v.string(),
  merchant_id: v.nullable(idSchema),
  gateway_account_id: v.nullable(idSchema),
  payment_method_id: v.nullable(idSchema),
  transaction_date: timestampSchema,
  updated_at: timestampSchema,
});
export type PlatformTransaction = v.InferOutput<typeof platformTransactionSchema>;
