/**
 * Refunds (ours, issue 22): staff return all or part of a successful payment to the customer. A
 * refund is a REFUND transaction linked to its payment; the refunded total never exceeds what is
 * left of the payment (its amount less earlier refunds and chargebacks not won).
 */
import * as v from 'valibot';
import { decimalSchema, idSchema, recordedActorSchema, timestampSchema } from './common';
import { moneyInput, payloadObject, requiredText } from './fields';

export const REFUND_MESSAGES = {
  amount: 'Enter the amount to refund, more than 0',
  reason: 'Give the reason for the refund',
  notAPayment: 'Only a successful payment can be refunded',
  tooMuch: (refundable: string) => `The refund is more than what is left of the payment (${refundable})`,
} as const;

export const REFUND_REASON_MAX = 500;

export const refundPayloadSchema = payloadObject({
  amount: v.pipe(
    moneyInput('Amount', REFUND_MESSAGES.amount),
    v.check((s) => /[1-9]/.test(s), REFUND_MESSAGES.amount),
  ),
  reason: requiredText(REFUND_MESSAGES.reason, 'Reason', REFUND_REASON_MAX, { multiLine: true }),
});
export type RefundPayload = v.InferOutput<typeof refundPayloadSchema>;
/** What the form holds (the amount as typed). */
export type RefundPayloadInput = v.InferInput<typeof refundPayloadSchema>;

export const refundSchema = v.object({
  /** The REFUND transaction's id. */
  id: idSchema,
  txn_ref: v.string(),
  payment_id: idSchema,
  payment_txn_ref: v.string(),
  amount: decimalSchema,
  /** The currency's REFUND_FEE charge on this refund, taken from the merchant; "0" when none. */
  fee: decimalSchema,
  reason: v.string(),
  created_at: timestampSchema,
  created_by: recordedActorSchema,
});
export type Refund = v.InferOutput<typeof refundSchema>;

/**
 * `GET /transactions/{id}/refunds`: what has happened to a payment's money since it was received,
 * or, for a REFUND transaction, the payment it returned (`refund_of`).
 */
export const paymentRefundsSchema = v.object({
  transaction_id: idSchema,
  /** True for a successful PAYMENT: one that can be refunded or disputed. */
  refundable: v.boolean(),
  amount: decimalSchema,
  refunded_amount: decimalSchema,
  /** Chargebacks still open. */
  disputed_amount: decimalSchema,
  /** Chargebacks lost: the money went back through the card scheme. */
  charged_back_amount: decimalSchema,
  /** What the payment still holds: amount less refunds and lost chargebacks. */
  balance: decimalSchema,
  /** What a new refund may be at most: the balance less open chargebacks. */
  refundable_amount: decimalSchema,
  refunds: v.array(refundSchema),
  refund_of: v.nullable(v.object({ id: idSchema, txn_ref: v.string(), amount: decimalSchema })),
});
export type PaymentRefunds = v.InferOutput<typeof paymentRefundsSchema>;
