import * as v from 'valibot';
import {
  decidedEntries,
  decimalSchema,
  detailWith,
  idSchema,
  nullableString,
  pageQueryEntries,
  queryText,
  timestampSchema,
  valueList,
} from './common';
import { pagedSchema } from './envelope';
import { commandList, queryDate, queryList, queryUuid } from './fields';
import { sortQuery, TRANSACTION_SORT_DEFAULT, TRANSACTION_SORT_KEYS } from './list-sort';
import { API_ERRORS } from './messages';
import {
  AMOUNT_RANGE_MESSAGE,
  isOrderedAmountRange,
  transactionListFilterEntries,
} from './transaction-list-filters';

/** Spec §4 transaction statuses. PAY_OUT is a payout request waiting for approval. */
export const [TRANSACTION_STATUSES, transactionStatusSchema] = valueList([
  'SUCCESS',
  'PENDING',
  'FAILED',
  'CHECKED_OUT',
  'CANCELED',
  'PAY_OUT',
]);
export type TransactionStatus = v.InferOutput<typeof transactionStatusSchema>;

/** The lowercase, hyphenated values of the URL and the `status` query, in spec §7's "all" order. */
export const TRANSACTION_STATUS_FILTERS = [
  'success',
  'pending',
  'checked-out',
  'failed',
  'canceled',
  'pay-out',
] as const;
export type TransactionStatusFilter = (typeof TRANSACTION_STATUS_FILTERS)[number];

export const STATUS_FILTER_TO_STATUS: Readonly<Record<TransactionStatusFilter, TransactionStatus>> = {
  success: 'SUCCESS',
  pending: 'PENDING',
  'checked-out': 'CHECKED_OUT',
  failed: 'FAILED',
  canceled: 'CANCELED',
  'pay-out': 'PAY_OUT',
};
export const STATUS_TO_STATUS_FILTER: Readonly<Record<TransactionStatus, TransactionStatusFilter>> = {
  SUCCESS: 'success',
  PENDING: 'pending',
  CHECKED_OUT: 'checked-out',
  FAILED: 'failed',
  CANCELED: 'canceled',
  PAY_OUT: 'pay-out',
};

/** The Transactions screen's left filter (spec §2 order); 'all' is the seventh value of spec §9. */
export const TRANSACTION_FILTER_OPTIONS = [
  'all',
  'success',
  'pay-out',
  'checked-out',
  'pending',
  'failed',
  'canceled',
] as const;
export type TransactionFilterOption = (typeof TRANSACTION_FILTER_OPTIONS)[number];

/** Spec §2: on a merchant's Transactions tab, 'all' or no status means these four. */
export const MERCHANT_TRANSACTION_DEFAULT_FILTERS = ['pending', 'checked-out', 'failed', 'canceled'] as const;

/**
 * Transaction types (ours; the spec shows a type column but no values). PAYMENT: a customer pays a
 * merchant. PAYOUT: money leaves the platform to a merchant or customer (a PAY_OUT request until
 * approved). REFUND: a payment returned to the customer.
 */
export const [TRANSACTION_TYPES, transactionTypeSchema] = valueList(['PAYMENT', 'PAYOUT', 'REFUND']);
export type TransactionType = v.InferOutput<typeof transactionTypeSchema>;

export const transactionSchema = v.object({
  id: idSchema,
  transaction_date: timestampSchema,
  reference: v.object({ txn_ref: v.string() }),
  /** The customer's side; any part can be unknown (Payouts fall back to the phone number). */
  against: v.object({
    customer: v.object({
      first_name: nullableString,
      last_name: nullableString,
      phone_number: nullableString,
    }),
  }),
  amount: decimalSchema,
  /** Ours: the gateway charge taken, in the transaction's currency; "0" when none applied. */
  fee: decimalSchema,
  type: transactionTypeSchema,
  status: transactionStatusSchema,
  transaction_method: v.object({
    /** `decimal_places` is ours: the console pads amounts to the currency's places. */
    currency: v.object({
      name_code: v.string(),
      name: v.string(),
      decimal_places: v.pipe(v.number(), v.integer(), v.minValue(0)),
    }),
    /** Null for internal movements (Payouts show 'Internal'). */
    payment_method: v.nullable(v.object({ name: v.string(), code: v.string() })),
  }),
  /** Ours: the merchant the transaction belongs to; null for platform-internal ones. */
  merchant: v.nullable(v.object({ id: idSchema, name: v.string() })),
});
export type Transaction = v.InferOutput<typeof transactionSchema>;

/**
 * Ours: who decided a payout request, and when (the time its approval or rejection was posted).
 * `by` is null for a decision recorded without a person: the seed's history.
 */
export const payoutDecisionSchema = v.object(decidedEntries);
export type PayoutDecision = v.InferOutput<typeof payoutDecisionSchema>;

/**
 * Ours: `GET transactions/{id}` and the payout command answer one transaction with its decision,
 * null for any transaction that is not a decided payout request. Lists stay as the spec has them.
 */
export const transactionDetailSchema = detailWith(transactionSchema, 'decision', payoutDecisionSchema);
export type TransactionDetail = v.InferOutput<typeof transactionDetailSchema>;

/** Transactions lists add `is_empty` (spec §3): true when there are no items at all. */
export const transactionPageSchema = v.object({
  ...pagedSchema(transactionSchema).entries,
  is_empty: v.boolean(),
});
export type TransactionPage = v.InferOutput<typeof transactionPageSchema>;

/**
 * A parsed `status` query: 'all' (no status condition at all) or the statuses asked for. The URL's
 * 'all' reaches the SQL as 'all': it is never spelled out as the six statuses on the way.
 */
export type TransactionStatusQuery = 'all' | TransactionStatus[];

const STATUS_LIST_MESSAGE = API_ERRORS.queryList('status', TRANSACTION_STATUS_FILTERS);

/** A comma list of filter values, mapped to statuses. */
const statusList = v.pipe(
  queryList('status', TRANSACTION_STATUS_FILTERS),
  v.transform((filters) => filters.map((f) => STATUS_FILTER_TO_STATUS[f])),
);

/** '' or 'all' (the query trimmed; absent is ''). */
const allStatuses = v.pipe(
  v.picklist(['', 'all']),
  v.transform(() => 'all' as const),
);

/** `GET /transactions`: '' or 'all' (or nothing) is 'all'; anything else a comma list of filter values. */
const statusQuery = v.pipe(
  v.optional(v.string(), ''),
  v.transform((s) => s.trim()),
  v.union([allStatuses, statusList], STATUS_LIST_MESSAGE),
);

/** A merchant's Transactions tab: '' or 'all' (or nothing) is its default statuses (spec §2). */
const merchantStatusQuery = v.pipe(
  v.optional(v.string(), ''),
  v.transform((s) => s.trim()),
  v.transform((s) => (s === '' || s === 'all' ? MERCHANT_TRANSACTION_DEFAULT_FILTERS.join(',') : s)),
  statusList,
);

/** A comma list of types, any case; absent means every type. */
const typesQuery = v.pipe(
  v.optional(v.string(), ''),
  v.transform((s) => s.trim().toUpperCase()),
  v.transform((s) => (s === '' || s === 'ALL' ? TRANSACTION_TYPES.join(',') : s)),
  queryList('types', TRANSACTION_TYPES),
);

const { search_term, ...paging } = pageQueryEntries;

/**
 * The filters of `GET /transactions`. `status` is a comma list of filter values and comes out as
 * statuses, or as 'all' when absent, empty or `all` (no status condition); from/to are whole days,
 * inclusive; the search goes by `search_term` (reference or customer name) or by exact `reference`,
 * not both (spec §7 "searchBy").
 */
const transactionFilterEntries = {
  status: statusQuery,
  from: queryDate('from'),
  to: queryDate('to'),
  search_term,
  reference: queryText('reference'),
  types: typesQuery,
  merchantId: queryUuid('merchantId'),
  ...transactionListFilterEntries,
};

const transactionFilterObject = v.object(transactionFilterEntries);
/** The filters of `GET /transactions` without paging: what the CSV export takes. */
export type TransactionFilterQuery = v.InferOutput<typeof transactionFilterObject>;

type FilterRules = Pick<TransactionFilterQuery, 'from' | 'to' | 'search_term' | 'reference'>;
const isOrderedRange = (q: FilterRules) => !q.from || !q.to || q.from <= q.to;
const isOneSearch = (q: FilterRules) => !q.search_term || !q.reference;

export const transactionListQuerySchema = v.pipe(
  v.object({
    ...paging,
    ...transactionFilterEntries,
    sort: sortQuery(TRANSACTION_SORT_KEYS, TRANSACTION_SORT_DEFAULT),
  }),
  v.check((q) => isOrderedRange(q), API_ERRORS.dateRange),
  v.check((q) => isOneSearch(q), API_ERRORS.searchBy),
  v.check((q) => isOrderedAmountRange(q), AMOUNT_RANGE_MESSAGE),
);
export type TransactionListQuery = v.InferOutput<typeof transactionListQuerySchema>;

/**
 * `GET /transactions/export` (ours): the same filters as the list, every matching row as CSV.
 * `page` and `limit` are not part of it; unknown query names are ignored, as on every list.
 */
export const transactionExportQuerySchema = v.pipe(
  transactionFilterObject,
  v.check((q) => isOrderedRange(q), API_ERRORS.dateRange),
  v.check((q) => isOneSearch(q), API_ERRORS.searchBy),
  v.check((q) => isOrderedAmountRange(q), AMOUNT_RANGE_MESSAGE),
);
export type TransactionExportQuery = v.InferOutput<typeof transactionExportQuerySchema>;

/** `GET merchants/{id}/transactions`: 'all' or no status means MERCHANT_TRANSACTION_DEFAULT_FILTERS. */
export const merchantTransactionListQuerySchema = v.object({
  ...paging,
  status: merchantStatusQuery,
  types: typesQuery,
  sort: sortQuery(TRANSACTION_SORT_KEYS, TRANSACTION_SORT_DEFAULT),
});
export type MerchantTransactionListQuery = v.InferOutput<typeof merchantTransactionListQuerySchema>;

/** `POST payout/transactions/{id}?command=approve|reject` (reject: docs/spec-deviations.md 1). */
export const [PAYOUT_COMMANDS, payoutCommandQuerySchema] = commandList(['approve', 'reject']);
export type PayoutCommand = (typeof PAYOUT_COMMANDS)[number];

/**
 * Where a PAY_OUT request goes (ours; spec §4 leaves it open): approved payouts are paid out
 * (SUCCESS), rejected ones are CANCELED and reversed in the ledger. Any other status answers 409.
 */
export const PAYOUT_COMMAND_TARGET: Readonly<Record<PayoutCommand, TransactionStatus>> = {
  approve: 'SUCCESS',
  reject: 'CANCELED',
};

/** The only status a payout command applies to. */
export const PAYOUT_PENDING_STATUS: TransactionStatus = 'PAY_OUT';
