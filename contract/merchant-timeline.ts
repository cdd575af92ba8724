/**
 * Ours (issue 24, decision 046): a merchant's timeline, `GET merchants/{id}/timeline`. What happened
 * to the merchant, newest first, read from the records the API already keeps: status changes,
 * payout requests and their decisions, the compliance documents on file, and the first and latest
 * transaction.
 */
import * as v from 'valibot';
import { decimalSchema, idSchema, intQueryParam, recordedActorSchema, timestampSchema } from './common';
import { merchantStatusSchema } from './merchant';
import { transactionStatusSchema, transactionTypeSchema } from './transaction';

export const TIMELINE_LIMIT_DEFAULT = 20;
export const TIMELINE_LIMIT_MAX = 200;

/** `limit`: how many of the newest entries to answer ("show more" asks for more). */
export const merchantTimelineQuerySchema = v.object({
  limit: intQueryParam('limit', TIMELINE_LIMIT_DEFAULT, TIMELINE_LIMIT_MAX),
});
export type MerchantTimelineQuery = v.InferOutput<typeof merchantTimelineQuerySchema>;

/** The transaction an entry is about, enough to name it and link to it. */
export const timelineTransactionSchema = v.object({
  id: idSchema,
  txn_ref: v.string(),
  amount: decimalSchema,
  currency: v.string(),
  type: transactionTypeSchema,
  /** Its status now (a payout request's entry shows whether it is still waiting). */
  status: transactionStatusSchema,
});
export type TimelineTransaction = v.InferOutput<typeof timelineTransactionSchema>;

/** Which compliance document: the three of the compliance record and the contact person's ID. */
export const TIMELINE_DOCUMENTS = ['tin_certification', 'trade_license', 'moa', 'contact_id'] as const;
export const timelineDocumentSchema = v.picklist(TIMELINE_DOCUMENTS);
export type TimelineDocument = v.InferOutput<typeof timelineDocumentSchema>;

export const PAYOUT_DECISIONS = ['approved', 'rejected'] as const;

const at = timestampSchema;

export const merchantTimelineEntrySchema = v.variant('kind', [
  v.object({
    kind: v.literal('status_change'),
    at,
    from: merchantStatusSchema,
    to: merchantStatusSchema,
    by: recordedActorSchema,
  }),
  v.object({ kind: v.literal('payout_request'), at, transaction: timelineTransactionSchema }),
  v.object({
    kind: v.literal('payout_decision'),
    at,
    decision: v.picklist(PAYOUT_DECISIONS),
    by: recordedActorSchema,
    transaction: timelineTransactionSchema,
  }),
  /** `at` is when the file was stored; `path` is under `/api/v1/files/`. */
  v.object({ kind: v.literal('document'), at, document: timelineDocumentSchema, path: v.string() }),
  v.object({ kind: v.literal('first_transaction'), at, transaction: timelineTransactionSchema }),
  v.object({ kind: v.literal('latest_transaction'), at, transaction: timelineTransactionSchema }),
]);
export type MerchantTimelineEntry = v.InferOutput<typeof merchantTimelineEntrySchema>;
export type MerchantTimelineKind = MerchantTimelineEntry['kind'];

export const MERCHANT_TIMELINE_KINDS: readonly MerchantTimelineKind[] = [
  'status_change',
  'payout_request',
  'payout_decision',
  'document',
  'first_transaction',
  'latest_transaction',
];

/** The newest `limit` entries, newest first; `has_more` when older ones were left out. */
export const merchantTimelineSchema = v.object({
  contents: v.array(merchantTimelineEntrySchema),
  has_more: v.boolean(),
});
export type MerchantTimeline = v.InferOutput<typeof merchantTimelineSchema>;

/**
 * Newest first; at the same instant the later kind in MERCHANT_TIMELINE_KINDS first (a decision
 * above its request), then the transaction's reference, so the server and the mocks agree.
 */
export function compareTimelineEntries(a: MerchantTimelineEntry, b: MerchantTimelineEntry): number {
  if (a.at !== b.at) return Date.parse(b.at) - Date.parse(a.at);
  const kinds = MERCHANT_TIMELINE_KINDS.indexOf(b.kind) - MERCHANT_TIMELINE_KINDS.indexOf(a.kind);
  if (kinds !== 0) return kinds;
  return tieKey(b).localeCompare(tieKey(a));
}

function tieKey(entry: MerchantTimelineEntry): string {
  if ('transaction' in entry) return entry.transaction.txn_ref;
  if (entry.kind === 'document') return entry.path;
  return '';
}
