/**
 * The SQL behind the transaction lists (GET /transactions, GET /merchants/{id}/transactions) and the
 * mapping from rows to `transactionSchema`. Every filter is a column of `transactions`, so the
 * count runs on that table alone with the same WHERE (or on its count deltas); the page joins
 * currency, payment method and merchant for display. A search term is first resolved to the stored
 * customer names it matches (decision 011), so the name arm is an index lookup, not a recheck.
 */
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type Transaction,
  type TransactionStatus,
  type TransactionType,
} from '@contract/transaction';
import { and, count, desc, eq, gte, ilike, inArray, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/connect';
import {
  ALL_TRANSACTIONS_SCOPE,
  currencies,
  merchants,
  paymentMethods,
  transactionCountDeltas,
  transactionCustomerNames,
  transactions,
} from '../db/schema';
import { normalize } from '../domain/decimal';
import { containsPattern } from './merchant-queries';

export interface TransactionListFilter {
  page: number;
  limit: number;
  statuses: readonly TransactionStatus[];
  types: readonly TransactionType[];
  /** YYYY-MM-DD, inclusive, the UTC day. */
  from?: string | undefined;
  /** YYYY-MM-DD, inclusive, the UTC day. */
  to?: string | undefined;
  /** Case-insensitive contains over reference, customer name and phone. */
  searchTerm?: string | undefined;
  /** Exact txn_ref. */
  reference?: string | undefined;
  merchantId?: string | undefined;
}

const DAY_MS = 86_400_000;

/** The first instant of a UTC day. */
export function startOfUtcDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The first instant after a UTC day: `to` is inclusive, so the bound is `< next midnight`. */
export function endOfUtcDayExclusive(day: string): Date {
  return new Date(startOfUtcDay(day).getTime() + DAY_MS);
}

/** The scope `is_empty` is about: the merchant when one is named, else the whole system. */
function scopeWhere(filter: Pick<TransactionListFilter, 'merchantId'>): SQL | undefined {
  return filter.merchantId ? eq(transactions.merchantId, filter.merchantId) : undefined;
}

function coversAll<T>(chosen: readonly T[], all: readonly T[]): boolean {
  return all.every((value) => chosen.includes(value));
}

/**
 * More names than this and the name arm filters by `ILIKE` instead of listing them: a term that
 * broad (a letter or two) matches most rows, where walking the date index is the right plan anyway.
 */
export const MAX_LISTED_CUSTOMER_NAMES = 1000;

/** A search term resolved against `transaction_customer_names` (docs/decisions/011). */
export interface TransactionSearch {
  /** `ILIKE` pattern for the reference and phone arms (and the name arm when `names` is undefined). */
  pattern: string;
  /** Every stored customer name containing the term; undefined when over the listing limit. */
  names: readonly string[] | undefined;
}

/** A list filter with its search term resolved: what the WHERE and the count are built from. */
export type ResolvedTransactionFilter = Omit<TransactionListFilter, 'page' | 'limit' | 'searchTerm'> & {
  search?: TransactionSearch | undefined;
};

export async function resolveTransactionFilter(
  db: Executor,
  filter: Omit<TransactionListFilter, 'page' | 'limit'>,
  maxNames = MAX_LISTED_CUSTOMER_NAMES,
): Promise<ResolvedTransactionFilter> {
  const { searchTerm, ...rest } = filter;
  if (!searchTerm) return rest;
  const pattern = containsPattern(searchTerm);
  // The planner sees the names as values (not a subquery it cannot estimate), so a term matching
  // no name plans as the reference and phone arms alone.
  const rows = await db
    .select({ name: transactionCustomerNames.name })
    .from(transactionCustomerNames)
    .where(ilike(transactionCustomerNames.name, pattern))
    .limit(maxNames + 1);
  const names = rows.length > maxNames ? undefined : rows.map((row) => row.name);
  return { ...rest, search: { pattern, names } };
}

/** Every condition but the search. */
function filterConditions(filter: ResolvedTransactionFilter): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [scopeWhere(filter)];
  // A list naming every value filters nothing; leaving it out lets count(*) use an index-only scan.
  if (!coversAll(filter.statuses, TRANSACTION_STATUSES))
    conditions.push(inArray(transactions.status, [...filter.statuses]));
  if (!coversAll(filter.types, TRANSACTION_TYPES))
    conditions.push(inArray(transactions.type, [...filter.types]));
  // Half-open range on the timestamp itself (no function on the column), so the date indexes serve it.
  if (filter.from) conditions.push(gte(transactions.transactionDate, startOfUtcDay(filter.from)));
  if (filter.to) conditions.push(lt(transactions.transactionDate, endOfUtcDayExclusive(filter.to)));
  if (filter.reference) conditions.push(eq(transactions.txnRef, filter.reference));
  return conditions;
}

/** Reference or phone contains the term: one trigram GIN index per arm (server/db/schema.ts). */
function referenceOrPhoneMatches({ pattern }: TransactionSearch): SQL | undefined {
  return or(ilike(transactions.txnRef, pattern), ilike(transactions.customerPhoneNumber, pattern));
}

/** The customer name contains the term: equality on the resolved names, or ILIKE for a broad term. */
function nameMatches({ pattern, names }: TransactionSearch): SQL | undefined {
  if (names === undefined) return ilike(transactions.customerName, pattern);
  return names.length > 0 ? inArray(transactions.customerName, [...names]) : undefined;
}

export function transactionListWhere(filter: ResolvedTransactionFilter): SQL | undefined {
  const conditions = filterConditions(filter);
  if (filter.search) conditions.push(or(referenceOrPhoneMatches(filter.search), nameMatches(filter.search)));
  return and(...conditions);
}

export function selectTransactions(db: Executor) {
  return db
    .select({
      t: transactions,
      currencyCode: currencies.nameCode,
      currencyName: currencies.name,
      currencyPlaces: currencies.decimalPlaces,
      methodName: paymentMethods.name,
      methodCode: paymentMethods.code,
      merchantName: merchants.businessName,
      merchantCode: merchants.merchantCode,
    })
    .from(transactions)
    .innerJoin(currencies, eq(currencies.id, transactions.currencyId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, transactions.paymentMethodId))
    .leftJoin(merchants, eq(merchants.id, transactions.merchantId));
}

type TransactionRow = Awaited<ReturnType<ReturnType<typeof selectTransactions>['execute']>>[number];

export async function listTransactions(
  db: Executor,
  filter: TransactionListFilter,
): Promise<{ contents: Transaction[]; total: number; isEmpty: boolean }> {
  const resolved = await resolveTransactionFilter(db, filter);
  const where = transactionListWhere(resolved);
  // Newest first; id breaks ties so pages never overlap or skip rows.
  const newestFirst = [desc(transactions.transactionDate), desc(transactions.id)] as const;
  // Deferred join: the offset walks index entries of `transactions` alone, and only the page's
  // rows are joined to currency, method and merchant (page 500 joins 10 rows, not 5,000).
  const page = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(where)
    .orderBy(...newestFirst)
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .as('page');
  const [rows, total] = await Promise.all([
    selectTransactions(db)
      .innerJoin(page, eq(page.id, transactions.id))
      .orderBy(...newestFirst),
    countTransactions(db, resolved),
  ]);
  // Only when the filtered list is empty is it worth asking whether the scope has anything at all.
  const isEmpty = total === 0 && !(await hasAnyTransaction(db, filter));
  return { contents: rows.map(toTransaction), total, isEmpty };
}

/**
 * The exact number of rows the filter selects. Without a date, search or reference filter the
 * answer is a sum over `transaction_count_deltas` (a few index entries, whatever the table's
 * size); otherwise `count(*)`, which the date, name and trigram indexes narrow.
 */
export async function countTransactions(db: Executor, filter: ResolvedTransactionFilter): Promise<number> {
  if (filter.search) return countSearch(db, filter, filter.search);
  if (filter.from || filter.to || filter.reference) return countWhere(db, transactionListWhere(filter));
  const conditions: (SQL | undefined)[] = [
    eq(transactionCountDeltas.scopeId, filter.merchantId ?? ALL_TRANSACTIONS_SCOPE),
  ];
  if (!coversAll(filter.statuses, TRANSACTION_STATUSES))
    conditions.push(inArray(transactionCountDeltas.status, [...filter.statuses]));
  if (!coversAll(filter.types, TRANSACTION_TYPES))
    conditions.push(inArray(transactionCountDeltas.type, [...filter.types]));
  const rows = await db
    .select({ total: sql<number>`coalesce(sum(${transactionCountDeltas.delta}), 0)::float8` })
    .from(transactionCountDeltas)
    .where(and(...conditions));
  return Number(rows[0]?.total ?? 0);
}

/**
 * A search's count as two disjoint parts: rows carrying a matching name (index-only on
 * `transactions_customer_name_idx`, which holds every filter column), plus rows matching by
 * reference or phone whose name does not match (few, through the trigram indexes). One count over
 * the OR would visit the heap page of every matching row to recheck it.
 */
async function countSearch(
  db: Executor,
  filter: ResolvedTransactionFilter,
  search: TransactionSearch,
): Promise<number> {
  const conditions = filterConditions(filter);
  const byName = nameMatches(search);
  if (search.names === undefined || byName === undefined) {
    return countWhere(db, and(...conditions, or(referenceOrPhoneMatches(search), byName)));
  }
  const [named, other] = await Promise.all([
    countWhere(db, and(...conditions, byName)),
    countWhere(db, and(...conditions, referenceOrPhoneMatches(search), not(byName))),
  ]);
  return named + other;
}

async function countWhere(db: Executor, where: SQL | undefined): Promise<number> {
  const rows = await db.select({ total: count() }).from(transactions).where(where);
  return rows[0]?.total ?? 0;
}

async function hasAnyTransaction(db: Executor, filter: Pick<TransactionListFilter, 'merchantId'>) {
  const rows = await db.select({ id: transactions.id }).from(transactions).where(scopeWhere(filter)).limit(1);
  return rows.length > 0;
}

export async function findTransaction(db: Executor, id: string): Promise<Transaction | undefined> {
  const rows = await selectTransactions(db).where(eq(transactions.id, id)).limit(1);
  return rows[0] ? toTransaction(rows[0]) : undefined;
}

export function toTransaction(row: TransactionRow): Transaction {
  const { t } = row;
  return {
    id: t.id,
    transaction_date: t.transactionDate.toISOString(),
    reference: { txn_ref: t.txnRef },
    against: {
      customer: {
        first_name: t.customerFirstName,
        last_name: t.customerLastName,
        phone_number: t.customerPhoneNumber,
      },
    },
    // numeric(24,6) reads back as "5.000000"; the wire carries the plain decimal "5".
    amount: normalize(t.amount),
    fee: normalize(t.fee),
    type: t.type as TransactionType,
    status: t.status,
    transaction_method: {
      currency: { name_code: row.currencyCode, name: row.currencyName, decimal_places: row.currencyPlaces },
      payment_method:
        row.methodName !== null && row.methodCode !== null
          ? { name: row.methodName, code: row.methodCode }
          : null,
    },
    merchant:
      t.merchantId === null
        ? null
        : // A merchant without business detail is shown by its code.
          { id: t.merchantId, name: row.merchantName ?? row.merchantCode ?? '' },
  };
}
