/**
 * Chargebacks (ours, issue 22): a customer's bank disputes a successful payment. Opened by staff
 * or by the platform with an amount, a reason and a response due date; OPEN, then WON or LOST once,
 * with staff notes and who decided. Each stage posts its journal (docs/ledger.md).
 */
import * as v from 'valibot';
import {
  decimalSchema,
  idSchema,
  pageQueryEntries,
  recordedActorSchema,
  timestampSchema,
  valueList,
} from './common';
import { pagedSchema } from './envelope';
import { dateInput, moneyInput, payloadObject, queryDate, queryEnum, requiredText } from './fields';
import { DISPUTE_SORT_DEFAULT, DISPUTE_SORT_KEYS, sortQuery } from './list-sort';
import { API_ERRORS } from './messages';

export const [DISPUTE_STATUSES, disputeStatusSchema] = valueList(['OPEN', 'WON', 'LOST']);
export type DisputeStatus = v.InferOutput<typeof disputeStatusSchema>;
export const DISPUTE_DECISIONS = ['WON', 'LOST'] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];
export const DISPUTE_OPENERS = ['staff', 'platform'] as const;

export const DISPUTE_MESSAGES = {
  payment: 'Choose the payment the chargeback is against',
  amount: 'Enter the disputed amount, more than 0',
  reason: 'Give the reason the customer’s bank gave',
  responseDue: 'Enter the date the response is due',
  decision: 'Choose Won or Lost',
  notes: 'Write a note on the decision',
  notAPayment: 'Only a successful payment can be disputed',
  tooMuch: (open: string) => `The chargeback is more than what is left of the payment (${open})`,
  notOpen: (status: string) => `The chargeback is already ${status}`,
} as const;

export const DISPUTE_REASON_MAX = 500;
export const DISPUTE_NOTES_MAX = 2000;

const disputedAmount = v.pipe(
  moneyInput('Amount', DISPUTE_MESSAGES.amount),
  v.check((s) => /[1-9]/.test(s), DISPUTE_MESSAGES.amount),
);

export const disputePayloadSchema = payloadObject({
  payment_id: v.pipe(v.string(DISPUTE_MESSAGES.payment), v.uuid(DISPUTE_MESSAGES.payment)),
  amount: disputedAmount,
  reason: requiredText(DISPUTE_MESSAGES.reason, 'Reason', DISPUTE_REASON_MAX, { multiLine: true }),
  response_due: dateInput(DISPUTE_MESSAGES.responseDue),
});
export type DisputePayload = v.InferOutput<typeof disputePayloadSchema>;
export type DisputePayloadInput = v.InferInput<typeof disputePayloadSchema>;

export const disputeDecisionPayloadSchema = payloadObject({
  decision: v.picklist(DISPUTE_DECISIONS, DISPUTE_MESSAGES.decision),
  notes: requiredText(DISPUTE_MESSAGES.notes, 'Notes', DISPUTE_NOTES_MAX, { multiLine: true }),
});
export type DisputeDecisionPayload = v.InferOutput<typeof disputeDecisionPayloadSchema>;
export type DisputeDecisionPayloadInput = v.InferInput<typeof disputeDecisionPayloadSchema>;

export const disputeSchema = v.object({
  id: idSchema,
  status: disputeStatusSchema,
  amount: decimalSchema,
  /** The currency's CHARGE_BACK_FEE charge, taken from the merchant when the chargeback opened. */
  fee: decimalSchema,
  reason: v.string(),
  response_due: v.string(),
  payment: v.object({
    id: idSchema,
    txn_ref: v.string(),
    amount: decimalSchema,
    currency: v.object({ name_code: v.string(), decimal_places: v.pipe(v.number(), v.integer()) }),
    merchant: v.nullable(v.object({ id: idSchema, name: v.string() })),
    /** What the payment still holds: amount less refunds and lost chargebacks. */
    balance: decimalSchema,
  }),
  opened_by: v.object({ kind: v.picklist(DISPUTE_OPENERS), actor: recordedActorSchema }),
  notes: v.nullable(v.string()),
  decided_at: v.nullable(timestampSchema),
  decided_by: recordedActorSchema,
  created_at: timestampSchema,
});
export type Dispute = v.InferOutput<typeof disputeSchema>;

export const DISPUTE_STATUS_FILTERS = ['open', 'won', 'lost'] as const;

/** `GET /disputes`: paging, a status, a date range on when it opened, and a search by reference. */
export const disputeListQuerySchema = v.pipe(
  v.object({
    ...pageQueryEntries,
    status: queryEnum('status', DISPUTE_STATUS_FILTERS),
    sort: sortQuery(DISPUTE_SORT_KEYS, DISPUTE_SORT_DEFAULT),
    from: queryDate('from'),
    to: queryDate('to'),
  }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, API_ERRORS.dateRange),
);
export type DisputeListQuery = v.InferOutput<typeof disputeListQuerySchema>;

export const disputePageSchema = pagedSchema(disputeSchema);
export type DisputePage = v.InferOutput<typeof disputePageSchema>;
