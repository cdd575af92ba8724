/**
 * The SQL behind the transaction lists (GET /transactions, GET /merchants/{id}/transactions) and the
 * mapping from rows to `transactionSchema`. Every filter is a column of `transactions`, so the
 * count runs on that table alone with the same WHERE (or on its count deltas); the page joins
 * currency, payment method and merchant for display. A search term is first resolved to the stored
 * customer names it matches (decision 011), so the name arm is an index lookup, not a recheck.
 *
 * A filter is split into its shape (which conditions it has: all the SQL depends on) and its values;
 * each shape's statements are built once and kept (server/db/prepared.ts, decision 014).
 */

import { normalize } from '@contract/decimal';
import { type SortOrder, TRANSACTION_SORT_DEFAULT, type TransactionSortKey } from '@contract/list-sort';
import {
  PAYOUT_PENDING_STATUS,
  type PayoutDecision,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type Transaction,
  type TransactionDetail,
  type TransactionFilterQuery,
  type TransactionListQuery,
  type TransactionStatus,
  type TransactionType,
} from '@contract/transaction';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, not, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { recordedActor } from '../../auth/actor';
import type { Executor } from '../connect';
import {
  type Arity,
  arityOf,
  bindOneOrMany,
  oneOrAny,
  prepareUnnamed,
  shapeKey,
  statementCache,
} from '../prepared';
import {
  ALL_TRANSACTIONS_SCOPE,
  currencies,
  journals,
  merchants,
  paymentMethods,
  transactionCountDeltas,
  transactionCustomerNames,
  transactionDailyTotals,
  transactionNameCountDeltas,
  transactions,
} from '../schema';
import { containsPattern } from '../sql';

const DAY_MS = 86_400_000;

/** The first instant of a UTC day. */
export function startOfUtcDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The first instant after a UTC day: `to` is inclusive, so the bound is `< next midnight`. */
export function endOfUtcDayExclusive(day: string): Date {
  return new Date(startOfUtcDay(day).getTime() + DAY_MS);
}

/**
 * An instant as PostgreSQL reads it. toISOString() writes years past 9999 with a sign and six digits
 * ('+010000-01-01T…', the day after `to=9999-12-31`), which PostgreSQL takes for a zone offset and
 * refuses; it reads the plain five digits.
 */
export function timestampText(instant: Date): string {
  return instant.toISOString().replace(/^\+0*(?=\d{5})/, '');
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

/**
 * The contract's parsed filters (`TransactionFilterQuery`: from/to are whole UTC days, inclusive;
 * `search_term` is a case-insensitive contains over reference, customer name and phone; `reference`
 * an exact txn_ref) with the search term resolved: what the WHERE and the count are built from.
 */
export type ResolvedTransactionFilter = Omit<TransactionFilterQuery, 'search_term'> & {
  search?: TransactionSearch | undefined;
};

function buildNames(db: Executor) {
  return prepareUnnamed(
    db
      .select({ name: transactionCustomerNames.name })
      .from(transactionCustomerNames)
      .where(ilike(transactionCustomerNames.name, sql.placeholder('pattern')))
      .limit(sql.placeholder('max')),
  );
}

const namesStatements = statementCache<ReturnType<typeof buildNames>>();

export async function resolveTransactionFilter(
  db: Executor,
  filter: TransactionFilterQuery,
  maxNames = MAX_LISTED_CUSTOMER_NAMES,
): Promise<ResolvedTransactionFilter> {
  const { search_term, ...rest } = filter;
  if (!search_term) return rest;
  const pattern = containsPattern(search_term);
  // The planner sees the names as values (not a subquery it cannot estimate), so a term matching
  // no name plans as the reference and phone arms alone.
  const names = namesStatements(db, 'names', () => buildNames(db));
  const rows = await names.execute({ pattern, max: maxNames + 1 });
  return {
    ...rest,
    search: { pattern, names: rows.length > maxNames ? undefined : rows.map((row) => row.name) },
  };
}

/**
 * What a resolved filter's SQL depends on. Status 'all' (the contract's parse of an absent, empty or
 * `all` status), or a list of statuses or types naming every value, filters nothing ('all': leaving
 * it out lets count(*) use an index-only scan); one value and several are different SQL
 * (server/db/prepared.ts `oneOrAny`). The search: none; names listed (one or many); a term matching
 * no stored name (reference and phone only); a term too broad to list its names.
 */
export type TransactionFilterShape = {
  merchant: boolean;
  statuses: Arity | 'all';
  types: Arity | 'all';
  from: boolean;
  to: boolean;
  reference: boolean;
  search: 'none' | 'one-name' | 'names' | 'no-names' | 'broad';
  /** Issue 24's filters: an amount range, a currency and a payment method (by code). */
  amountMin?: boolean;
  amountMax?: boolean;
  currency?: boolean;
  paymentMethod?: boolean;
};

/** A filter as a statement sees it: its shape, the shape's cache key and the values to bind. */
export interface BoundTransactionFilter {
  shape: TransactionFilterShape;
  key: string;
  values: Record<string, unknown>;
}

function oneOrManyOf<T>(chosen: 'all' | readonly T[], all: readonly T[]): Arity | 'all' {
  return chosen === 'all' || coversAll(chosen, all) ? 'all' : arityOf(chosen);
}

function searchShapeOf(search: TransactionSearch | undefined): TransactionFilterShape['search'] {
  if (!search) return 'none';
  if (search.names === undefined) return 'broad';
  if (search.names.length === 0) return 'no-names';
  return search.names.length === 1 ? 'one-name' : 'names';
}

export function bindTransactionFilter(filter: ResolvedTransactionFilter): BoundTransactionFilter {
  const { search } = filter;
  const shape: TransactionFilterShape = {
    merchant: Boolean(filter.merchantId),
    statuses: oneOrManyOf(filter.status, TRANSACTION_STATUSES),
    types: oneOrManyOf(filter.types, TRANSACTION_TYPES),
    from: Boolean(filter.from),
    to: Boolean(filter.to),
    reference: Boolean(filter.reference),
    search: searchShapeOf(search),
    amountMin: Boolean(filter.amount_min),
    amountMax: Boolean(filter.amount_max),
    currency: Boolean(filter.currency),
    paymentMethod: Boolean(filter.payment_method),
  };
  const values: Record<string, unknown> = {
    merchantId: filter.merchantId,
    // The count deltas keep the whole system's rows under a scope of their own.
    scope: filter.merchantId || ALL_TRANSACTIONS_SCOPE,
    statuses: filter.status === 'all' ? undefined : bindOneOrMany(filter.status),
    types: bindOneOrMany(filter.types),
    // Half-open range on the timestamp itself (no function on the column), so the date indexes serve it.
    from: filter.from ? timestampText(startOfUtcDay(filter.from)) : undefined,
    to: filter.to ? timestampText(endOfUtcDayExclusive(filter.to)) : undefined,
    // The same range as whole UTC days, for the daily totals (the ranges are whole days).
    fromDay: filter.from,
    toDay: filter.to,
    reference: filter.reference,
    pattern: search?.pattern,
    names: search?.names ? bindOneOrMany(search.names) : undefined,
    // The same names always as an array, for the page read name by name (decision 069).
    nameList: search?.names ? [...search.names] : undefined,
    amountMin: filter.amount_min,
    amountMax: filter.amount_max,
    currency: filter.currency,
    paymentMethod: filter.payment_method,
  };
  return { shape, key: shapeKey(shape), values };
}

/** Every condition but the search. */
function filterConditions(shape: TransactionFilterShape): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (shape.merchant) conditions.push(eq(transactions.merchantId, sql.placeholder('merchantId')));
  if (shape.statuses !== 'all') conditions.push(oneOrAny(transactions.status, 'statuses', shape.statuses));
  if (shape.types !== 'all') conditions.push(oneOrAny(transactions.type, 'types', shape.types));
  if (shape.from) conditions.push(gte(transactions.transactionDate, sql.placeholder('from')));
  if (shape.to) conditions.push(lt(transactions.transactionDate, sql.placeholder('to')));
  if (shape.reference) conditions.push(eq(transactions.txnRef, sql.placeholder('reference')));
  if (shape.amountMin) conditions.push(gte(transactions.amount, sql.placeholder('amountMin')));
  if (shape.amountMax) conditions.push(lte(transactions.amount, sql.placeholder('amountMax')));
  // By code, through a scalar subquery: one index lookup, then the foreign key's equality.
  if (shape.currency)
    conditions.push(
      sql`${transactions.currencyId} = (select c.id from ${currencies} as c where c.name_code = ${sql.placeholder('currency')})`,
    );
  if (shape.paymentMethod)
    conditions.push(
      sql`${transactions.paymentMethodId} = (select p.id from ${paymentMethods} as p where p.code = ${sql.placeholder('paymentMethod')})`,
    );
  return conditions;
}

/** Whether the shape has one of issue 24's filters, which only `count(*)` can count. */
function hasRicherFilter(shape: TransactionFilterShape): boolean {
  return Boolean(shape.amountMin || shape.amountMax || shape.currency || shape.paymentMethod);
}

/** Reference or phone contains the term: one trigram GIN index per arm (server/db/schema.ts). */
function referenceOrPhoneMatches(): SQL | undefined {
  const pattern = sql.placeholder('pattern');
  return or(ilike(transactions.txnRef, pattern), ilike(transactions.customerPhoneNumber, pattern));
}

/** The customer name contains the term: equality on the resolved names, or ILIKE for a broad term. */
function nameMatches(search: TransactionFilterShape['search']): SQL | undefined {
  switch (search) {
    case 'broad':
      return ilike(transactions.customerName, sql.placeholder('pattern'));
    case 'one-name':
      return oneOrAny(transactions.customerName, 'names', 'one');
    case 'names':
      return oneOrAny(transactions.customerName, 'names', 'many');
    default:
      return undefined;
  }
}

export function transactionListWhere(shape: TransactionFilterShape): SQL | undefined {
  const conditions = filterConditions(shape);
  if (shape.search !== 'none') conditions.push(or(referenceOrPhoneMatches(), nameMatches(shape.search)));
  return and(...conditions);
}

/**
 * The columns of a transaction that `toTransaction` answers: not its bookkeeping timestamps, the
 * generated search name or the ids only joins use. Each unread timestamp was a `Date` built per row
 * and thrown away, and each unread column bytes to send and parse (issue 19).
 */
const transactionFields = {
  id: transactions.id,
  txnRef: transactions.txnRef,
  transactionDate: transactions.transactionDate,
  merchantId: transactions.merchantId,
  customerFirstName: transactions.customerFirstName,
  customerLastName: transactions.customerLastName,
  customerPhoneNumber: transactions.customerPhoneNumber,
  amount: transactions.amount,
  fee: transactions.fee,
  type: transactions.type,
  status: transactions.status,
};

export function selectTransactions(db: Executor) {
  return db
    .select({
      t: transactionFields,
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

/** Newest first; id breaks ties so pages never overlap or skip rows. */
export const NEWEST_FIRST = [desc(transactions.transactionDate), desc(transactions.id)] as const;

const SORT_COLUMNS: Readonly<Record<TransactionSortKey, AnyPgColumn>> = {
  date: transactions.transactionDate,
  reference: transactions.txnRef,
  customer: transactions.customerName,
  amount: transactions.amount,
  type: transactions.type,
  status: transactions.status,
};

/**
 * A sort order as ORDER BY: the column, then id in the same direction, so pages never overlap or
 * skip rows and one index `(column, id)` serves both directions (migration 0022, decision 041).
 * `txn_ref` is unique: its own unique index orders it completely.
 */
export function transactionOrderBy(order: SortOrder<TransactionSortKey>): SQL[] {
  const by = order.direction === 'asc' ? asc : desc;
  const column = by(SORT_COLUMNS[order.key]);
  return order.key === 'reference' ? [column] : [column, by(transactions.id)];
}

function buildPage(db: Executor, shape: TransactionFilterShape, order: SortOrder<TransactionSortKey>) {
  const orderBy = transactionOrderBy(order);
  // Deferred join: the offset walks index entries of `transactions` alone, and only the page's
  // rows are joined to currency, method and merchant (page 500 joins 10 rows, not 5,000).
  const page = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(transactionListWhere(shape))
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return prepareUnnamed(
    selectTransactions(db)
      .innerJoin(page, eq(page.id, transactions.id))
      .orderBy(...orderBy),
  );
}

/**
 * A search's page read from the rows carrying a matching name (decision 069) instead of walking the
 * sort order's index and checking each row: the ids of the matching rows with their sort key, then
 * the page of those, joined after. Two disjoint parts, as the count's (decision 011):
 * - the rows carrying a listed name, each name read in the page's order up to `reach` = offset +
 *   limit rows (a lateral join per name), so page 1 reads about `limit` entries per name and page
 *   50 at most 500, whatever the names' rows: on an index led by the name and the sort column, then
 *   id and the filter columns (index-only): `transactions_customer_name_date_idx` by date (decision
 *   069), `transactions_customer_name_{amount,txn_ref,status,type}_idx` by the others (decision
 *   071); by customer, `transactions_customer_name_sort_idx` (customer name, id);
 * - the rows matching by reference or phone whose name does not match (the trigram indexes).
 * The order is total (the column, then id; the unique reference alone), so the page is the same rows
 * in the same order as the walk's.
 *
 * With a bound (decision 078), for deep pages of many names: a first pass reads the first `perName` =
 * ceil(reach / names) rows of each name and takes the `reach`-th of those in the page's order, the
 * bound. At least `reach` rows come at or before it, so every row of the page does too, and each
 * name's walk starts as before but stops at the bound: page 50 of 28 names reads about 500 + 600
 * entries instead of 28 x 500. Where the first pass has fewer than `reach` rows (names with few
 * matching rows), a name's bound is its own last row in the page's order, so its walk is the one
 * above. The order is total, so the rows are the same either way.
 */
export function buildPageByName(
  db: Executor,
  shape: TransactionFilterShape,
  order: SortOrder<TransactionSortKey>,
  withBound = false,
) {
  const ascending = order.direction === 'asc';
  const direction = sql.raw(ascending ? 'asc' : 'desc');
  const reverse = sql.raw(ascending ? 'desc' : 'asc');
  const column = SORT_COLUMNS[order.key];
  const filters = filterConditions(shape);
  const byNameNot = nameMatches(shape.search);
  const names = sql`unnest(${sql.placeholder('nameList')}::text[])`;
  const walkOf = (
    name: SQL,
    limit: SQL,
    from?: SQL,
  ) => sql`select ${transactions.id} as id, ${column} as k from ${transactions}
      where ${and(sql`${transactions.customerName} = ${name}`, from, ...filters)}
      order by ${column} ${direction}, ${transactions.id} ${direction}
      limit ${limit}`;
  const reach = sql`${sql.placeholder('reach')}`;
  const named = withBound
    ? sql`select x.id, x.k from (select 1) as one
      left join (select f.k, f.id from ${names} as n1(name) cross join lateral (${walkOf(sql`n1.name`, sql`${sql.placeholder('perName')}`)}) as f
        order by f.k ${direction}, f.id ${direction} offset ${sql.placeholder('boundAt')} limit 1) as g on true
      cross join ${names} as n(name)
      cross join lateral (select u.k, u.id from (select g.k, g.id where g.id is not null
        union all (select ${column}, ${transactions.id} from ${transactions} where ${transactions.customerName} = n.name
          order by ${column} ${reverse}, ${transactions.id} ${reverse} limit 1)) as u
        limit 1) as bound
      cross join lateral (${walkOf(sql`n.name`, reach, sql`(${column}, ${transactions.id}) ${sql.raw(ascending ? '<=' : '>=')} (bound.k, bound.id)`)}) as x`
    : sql`select x.id, x.k from ${names} as n(name) cross join lateral (${walkOf(sql`n.name`, reach)}) as x`;
  const other = sql`select ${transactions.id} as id, ${column} as k from ${transactions}
    where ${and(...filters, referenceOrPhoneMatches(), byNameNot && not(byNameNot))}`;
  const pageOrder =
    order.key === 'reference' ? sql`m.k ${direction}` : sql`m.k ${direction}, m.id ${direction}`;
  const page = sql`(select m.id from (${named} union all ${other}) as m
    order by ${pageOrder}
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) as page`;
  return prepareUnnamed(
    selectTransactions(db)
      .innerJoin(page, sql`page.id = ${transactions.id}`)
      .orderBy(...transactionOrderBy(order)),
  );
}

/**
 * What the choice between the two page plans of a search listing names reads (decision 069): the
 * rows carrying a stored name that contains the term, with and without the status and type filter
 * (kept counts, decision 063), the rows of the whole system with that filter (count deltas), and,
 * when given, the merchant's rows and the date range's rows (all statuses, daily totals). Estimates:
 * a merchant or a date range is not in the kept name counts. The names are matched by the pattern
 * here, so the statement runs beside the names' lookup instead of after it.
 */
interface PageEstimate {
  namedAll: number;
  named: number;
  system: number;
  merchant: number | null;
  range: number | null;
}

export function buildPageEstimate(db: Executor, shape: TransactionFilterShape) {
  const names = transactionNameCountDeltas;
  const deltas = transactionCountDeltas;
  const totals = transactionDailyTotals;
  const statusAndType = (table: typeof names | typeof deltas) => [
    shape.statuses !== 'all' ? oneOrAny(table.status, 'statuses', shape.statuses) : undefined,
    shape.types !== 'all' ? oneOrAny(table.type, 'types', shape.types) : undefined,
  ];
  const nameList = sql`${names.customerName} in (select v.name from ${transactionCustomerNames} as v where v.name ilike ${sql.placeholder('pattern')})`;
  const sum = (
    column: AnyPgColumn,
    table: typeof names | typeof deltas | typeof totals,
    where: SQL | undefined,
  ) => sql`(select coalesce(sum(${column}), 0)::float8 from ${table} where ${where})`;
  const range = and(
    shape.from ? gte(totals.day, sql.placeholder('fromDay')) : undefined,
    shape.to ? lte(totals.day, sql.placeholder('toDay')) : undefined,
  );
  return prepareUnnamed(
    db
      .select({
        namedAll: sql<number>`${sum(names.delta, names, nameList)}`,
        named: sql<number>`${sum(names.delta, names, and(nameList, ...statusAndType(names)))}`,
        system: sql<number>`${sum(deltas.delta, deltas, and(eq(deltas.scopeId, ALL_TRANSACTIONS_SCOPE), ...statusAndType(deltas)))}`,
        merchant: shape.merchant
          ? sql<number>`${sum(deltas.delta, deltas, and(eq(deltas.scopeId, sql.placeholder('merchantId')), ...statusAndType(deltas)))}`
          : sql<null>`null::float8`,
        range:
          shape.from || shape.to
            ? sql<number>`${sum(totals.transactions, totals, range)}`
            : sql<null>`null::float8`,
      })
      .from(sql`(select 1) as one`),
  );
}

/**
 * How many more index entries (each a few hundred nanoseconds, the sort included) the page read by
 * name may read than the walk reads rows (each a heap visit, about 4 µs at 1M, decision 069) and
 * still be chosen.
 */
export const BY_NAME_ENTRIES_PER_WALKED_ROW = 10;

export type SearchPagePlan = 'walk' | 'by-name';

/**
 * A plan a caller (a test) may force: 'by-name' then walks each name up to `reach` rows, and
 * 'by-name-with-bound' stops each walk at the bound of a first pass (decision 078). Chosen rather
 * than forced, 'by-name' reads with a bound from `BOUND_NAME_WALKS_FROM` entries.
 */
export type ForcedSearchPagePlan = SearchPagePlan | 'by-name-with-bound';

/**
 * From how many entries (names x reach) the page read by name bounds its walks with a first pass
 * (decision 078): below it, the first pass's planning and reads (about 0.25-0.5 ms at 1M) cost more
 * than the entries it saves (a few hundred nanoseconds each).
 */
export const BOUND_NAME_WALKS_FROM = 2_000;

/**
 * Which plan reads less for a search listing names: the walk of the sort order's index (the
 * planner's plan for the list's WHERE), which reads about `reach` rows divided by the share of rows
 * that match, up to the scope it walks; or the page read by name (buildPageByName), which reads the
 * names' entries, only up to `reach` of each name when no merchant or issue 24's filter may leave a
 * name's walk reading most of its rows. Both give the same rows; this only chooses the cheaper.
 */
export function chooseSearchPagePlan(
  estimate: PageEstimate,
  shape: TransactionFilterShape,
  order: SortOrder<TransactionSortKey>,
  nameCount: number,
  reach: number,
): SearchPagePlan {
  // Sorted by customer, the walk reads every row whose name sorts before the first match (the
  // names are one run of that index), which no count gives: the names' entries bound the other.
  if (order.key === 'customer') return 'by-name';
  const named = Math.max(estimate.named, 1);
  const hasRange = estimate.range !== null;
  // The walk: by date, within the range (the date index's range); by another column, the range
  // is one more filter the walk skips over.
  let walk = (reach * estimate.system) / named;
  if (hasRange && order.key !== 'date') walk *= estimate.system / Math.max(estimate.range ?? 0, 1);
  let scope = estimate.system;
  if (estimate.merchant !== null) scope = Math.min(scope, estimate.merchant);
  if (hasRange && order.key === 'date') scope = Math.min(scope, estimate.range ?? scope);
  walk = Math.min(walk, scope);
  // By name: a name's walk stops at `reach` matching rows; a merchant or issue 24's filters may
  // leave few of a name's rows matching, so count all of them then.
  const byName =
    !shape.merchant && !hasRicherFilter(shape)
      ? Math.min(estimate.namedAll, (nameCount * reach * estimate.namedAll) / named)
      : estimate.namedAll;
  return byName <= BY_NAME_ENTRIES_PER_WALKED_ROW * walk ? 'by-name' : 'walk';
}

type Counter = (values: Record<string, unknown>) => Promise<number>;

function countWhere(db: Executor, where: SQL | undefined): Counter {
  const statement = prepareUnnamed(db.select({ total: count() }).from(transactions).where(where));
  return async (values) => (await statement.execute(values))[0]?.total ?? 0;
}

/**
 * The exact number of rows a filter shape selects. Without a date, search or reference filter the
 * answer is a sum over `transaction_count_deltas` (a few index entries, whatever the table's
 * size); a date range over the whole system (with or without a status) is a sum over the daily
 * totals; otherwise `count(*)`, which the date, name and trigram indexes narrow.
 *
 * A search listing names counts in two disjoint parts: rows carrying a matching name, plus rows
 * matching by reference or phone whose name does not match (few, through the trigram indexes). One
 * count over the OR would visit the heap page of every matching row to recheck it. The named part
 * is a sum over `transaction_name_count_deltas` when the other filters are status and type only
 * (decision 063), else index-only on `transactions_customer_name_date_idx`, which holds every filter
 * column.
 */
function buildCounter(db: Executor, shape: TransactionFilterShape): Counter {
  if (shape.search === 'one-name' || shape.search === 'names') {
    const named = hasOnlyNameCountFilters(shape)
      ? nameCountsCounter(db, shape, shape.search)
      : countWhere(db, and(...filterConditions(shape), nameMatches(shape.search)));
    const byNameNot = nameMatches(shape.search);
    const other = countWhere(
      db,
      and(...filterConditions(shape), referenceOrPhoneMatches(), byNameNot && not(byNameNot)),
    );
    return async (values) => {
      const [a, b] = await Promise.all([named(values), other(values)]);
      return a + b;
    };
  }
  if (hasRicherFilter(shape)) return countWhere(db, transactionListWhere(shape));
  if (shape.search === 'none' && !shape.reference && !shape.merchant && shape.types === 'all') {
    if (shape.from || shape.to) return dailyTotalsCounter(db, shape);
  }
  if (shape.search !== 'none' || shape.from || shape.to || shape.reference) {
    return countWhere(db, transactionListWhere(shape));
  }
  const conditions: (SQL | undefined)[] = [eq(transactionCountDeltas.scopeId, sql.placeholder('scope'))];
  if (shape.statuses !== 'all')
    conditions.push(oneOrAny(transactionCountDeltas.status, 'statuses', shape.statuses));
  if (shape.types !== 'all') conditions.push(oneOrAny(transactionCountDeltas.type, 'types', shape.types));
  return sumCounter(db, transactionCountDeltas, transactionCountDeltas.delta, conditions);
}

/**
 * Whether the shape's filters besides the search are ones `transaction_name_count_deltas` keeps:
 * status and type. A merchant, a date range, a reference or issue 24's filters keep the index-only
 * `count(*)` over `transactions_customer_name_date_idx`.
 */
function hasOnlyNameCountFilters(shape: TransactionFilterShape): boolean {
  return !shape.merchant && !shape.from && !shape.to && !shape.reference && !hasRicherFilter(shape);
}

/**
 * The rows carrying one of the listed names, with a status and type filter: a sum over
 * `transaction_name_count_deltas` (kept exact by triggers, decision 063), a few index entries per
 * name, status and type, where `count(*)` reads one index entry per matching row (22,022 for the
 * seed's most frequent first name at 1M, ten times that at 10M).
 */
function nameCountsCounter(
  db: Executor,
  shape: TransactionFilterShape,
  search: 'one-name' | 'names',
): Counter {
  const counts = transactionNameCountDeltas;
  const conditions: (SQL | undefined)[] = [
    oneOrAny(counts.customerName, 'names', search === 'one-name' ? 'one' : 'many'),
  ];
  if (shape.statuses !== 'all') conditions.push(oneOrAny(counts.status, 'statuses', shape.statuses));
  if (shape.types !== 'all') conditions.push(oneOrAny(counts.type, 'types', shape.types));
  return sumCounter(db, counts, counts.delta, conditions);
}

/** A counter that sums a trigger-kept count column over the rows the conditions select. */
function sumCounter(
  db: Executor,
  table: typeof transactionCountDeltas | typeof transactionDailyTotals | typeof transactionNameCountDeltas,
  column: AnyPgColumn,
  conditions: (SQL | undefined)[],
): Counter {
  const statement = prepareUnnamed(
    db
      .select({ total: sql<number>`coalesce(sum(${column}), 0)::float8` })
      .from(table)
      .where(and(...conditions)),
  );
  return async (values) => Number((await statement.execute(values))[0]?.total ?? 0);
}

/**
 * A date range (with or without a status) over the whole system: a sum over
 * `transaction_daily_totals` (kept exact by triggers, decision 017), one index entry per day,
 * currency and status, so a 365-day range costs about what a 7-day one does, where `count(*)`
 * walks every transaction in the range.
 */
function dailyTotalsCounter(db: Executor, shape: TransactionFilterShape): Counter {
  const totals = transactionDailyTotals;
  const conditions: (SQL | undefined)[] = [];
  if (shape.from) conditions.push(gte(totals.day, sql.placeholder('fromDay')));
  if (shape.to) conditions.push(lte(totals.day, sql.placeholder('toDay')));
  if (shape.statuses !== 'all') conditions.push(oneOrAny(totals.status, 'statuses', shape.statuses));
  return sumCounter(db, totals, totals.transactions, conditions);
}

/** Whether the scope `is_empty` is about (the merchant when one is named, else the system) has a row. */
function buildAny(db: Executor, merchant: boolean) {
  return prepareUnnamed(
    db
      .select({ id: transactions.id })
      .from(transactions)
      .where(merchant ? eq(transactions.merchantId, sql.placeholder('merchantId')) : undefined)
      .limit(1),
  );
}

function buildById(db: Executor) {
  return prepareUnnamed(
    selectTransactions(db)
      .where(eq(transactions.id, sql.placeholder('id')))
      .limit(1),
  );
}

const pageStatements = statementCache<ReturnType<typeof buildPage>>();
const byNamePageStatements = statementCache<ReturnType<typeof buildPageByName>>();
const estimateStatements = statementCache<ReturnType<typeof buildPageEstimate>>();
const counters = statementCache<Counter>();
const anyStatements = statementCache<ReturnType<typeof buildAny>>();
const byIdStatements = statementCache<ReturnType<typeof buildById>>();

/** The contract's parsed list query; the merchant's tab and older callers leave the order and the richer filters out. */
export type TransactionListInput = Omit<TransactionListQuery, 'sort'> & {
  sort?: SortOrder<TransactionSortKey> | undefined;
};

/**
 * `GET /transactions` with the contract's parsed query, and a merchant's tab (its query with the
 * merchant's id as `merchantId`).
 */
export async function listTransactions(
  db: Executor,
  query: TransactionListInput,
  options: { searchPagePlan?: ForcedSearchPagePlan } = {},
): Promise<{ contents: Transaction[]; total: number; isEmpty: boolean }> {
  const { sort = TRANSACTION_SORT_DEFAULT, ...filter } = query;
  // A search's page plan is chosen from kept counts (decision 069), read beside the names' lookup,
  // unless the names' walks are bounded by the page's depth (no merchant, none of issue 24's filters).
  const bounded = walksOfNamesBounded(filter);
  const estimateRead =
    filter.search_term && !options.searchPagePlan && !bounded ? readPageEstimate(db, filter) : undefined;
  // Awaited below (its failure fails the list); handled here so a failure before then is not unhandled.
  estimateRead?.catch(() => undefined);
  const resolved = await resolveTransactionFilter(db, filter);
  const { shape, key, values } = bindTransactionFilter(resolved);
  const pageKey = `${key}|${sort.key}.${sort.direction}`;
  const offset = (query.page - 1) * query.limit;
  const names = resolved.search?.names;
  const reach = offset + query.limit;
  const pageValues = {
    ...values,
    limit: query.limit,
    offset,
    reach,
    perName: names?.length ? Math.ceil(reach / names.length) : 0,
    boundAt: reach - 1,
  };
  const planned: Promise<ForcedSearchPagePlan> =
    names && names.length > 0
      ? options.searchPagePlan
        ? Promise.resolve(options.searchPagePlan)
        : bounded && (sort.key === 'customer' || names.length * reach <= BOUNDED_NAME_WALK_ENTRIES)
          ? Promise.resolve('by-name')
          : // Deeper than the bound: the kept counts after all, one stage later (rare).
            (estimateRead ?? readPageEstimate(db, filter)).then((estimate) =>
              estimate ? chooseSearchPagePlan(estimate, shape, sort, names.length, reach) : 'walk',
            )
      : Promise.resolve('walk');
  const pageRead = planned.then((plan) => {
    if (plan === 'walk')
      return pageStatements(db, pageKey, () => buildPage(db, shape, sort)).execute(pageValues);
    const withBound =
      plan === 'by-name-with-bound' ||
      (!options.searchPagePlan && (names?.length ?? 0) * reach >= BOUND_NAME_WALKS_FROM);
    return byNamePageStatements(db, `${pageKey}|${withBound ? 'with-bound' : 'each'}`, () =>
      buildPageByName(db, shape, sort, withBound),
    ).execute(pageValues);
  });
  // Started as a promise even when building its statement throws: a throw here, after the page's
  // read has started, would leave that read's rejection unhandled (which ends a Node process).
  const countRead = (async () => counters(db, key, () => buildCounter(db, shape))(values))();
  const [rows, total] = await Promise.all([pageRead, countRead, estimateRead]);
  // Only when the filtered list is empty is it worth asking whether the scope has anything at all.
  const isEmpty =
    total === 0 &&
    (
      await anyStatements(db, shapeKey({ merchant: shape.merchant }), () =>
        buildAny(db, shape.merchant),
      ).execute(values)
    ).length === 0;
  return { contents: rows.map(toTransaction), total, isEmpty };
}

/**
 * With no merchant and none of issue 24's filters, the page read by name walks each name only up
 * to offset + limit rows that match, in any order (decisions 069 and 071), so it reads names x
 * (offset + limit) entries, more only as a status or type filter leaves fewer of a name's rows (in
 * the index entry but sorted by customer): up to this many it is chosen without reading kept counts
 * (page 50 of `Dawit`: 28 x 500 = 14,000); deeper, the kept counts choose. Sorted by customer it is
 * always chosen.
 */
export const BOUNDED_NAME_WALK_ENTRIES = 20_000;

function walksOfNamesBounded(filter: TransactionFilterQuery): boolean {
  return (
    !filter.merchantId &&
    !filter.amount_min &&
    !filter.amount_max &&
    !filter.currency &&
    !filter.payment_method
  );
}

/**
 * The kept counts a search's page plan is chosen from (buildPageEstimate), for the filter before
 * its term is resolved: the statement matches the names by the term's pattern itself.
 */
function readPageEstimate(db: Executor, filter: TransactionFilterQuery): Promise<PageEstimate | undefined> {
  const { search_term, ...rest } = filter;
  const { shape, key, values } = bindTransactionFilter({
    ...rest,
    search: { pattern: containsPattern(search_term ?? ''), names: undefined },
  });
  const statement = estimateStatements(db, key, () => buildPageEstimate(db, shape));
  return statement.execute(values).then((rows) => rows[0]);
}

/** The exact number of rows the filter selects (see buildCounter). */
export async function countTransactions(db: Executor, filter: ResolvedTransactionFilter): Promise<number> {
  const { shape, key, values } = bindTransactionFilter(filter);
  return counters(db, key, () => buildCounter(db, shape))(values);
}

export async function findTransaction(db: Executor, id: string): Promise<Transaction | undefined> {
  const rows = await byIdStatements(db, 'by-id', () => buildById(db)).execute({ id });
  return rows[0] ? toTransaction(rows[0]) : undefined;
}

/** The journals that record a payout request's decision (server/domain/ledger.ts). */
const DECISION_EVENTS = ['PAYOUT_APPROVED', 'PAYOUT_REJECTED'];

/** Who decided a payout request and when: its decision's journal, or null when it has none. */
async function payoutDecision(db: Executor, id: string): Promise<PayoutDecision | null> {
  const [row] = await db
    .select({ at: journals.createdAt, id: journals.postedById, name: journals.postedByName })
    .from(journals)
    .where(and(eq(journals.transactionId, id), inArray(journals.eventType, DECISION_EVENTS)))
    .orderBy(desc(journals.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    at: row.at.toISOString(),
    by: recordedActor(row.id, row.name),
  };
}

/** One transaction with its payout decision (`GET transactions/{id}`, the payout command). */
export async function findTransactionDetail(
  db: Executor,
  id: string,
): Promise<TransactionDetail | undefined> {
  const [transaction, decision] = await Promise.all([findTransaction(db, id), payoutDecision(db, id)]);
  return transaction && { ...transaction, decision };
}

/** How many rows one export batch reads. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * The filtered transactions in the list's order, one batch at a time (`GET /transactions/export`:
 * the contract's parsed filters). Keyset batches, newest first, `(transaction_date, id)` below the
 * last row sent: each batch is one indexed query on either driver (PGlite has no server-side cursor
 * across calls; a PostgreSQL cursor would pin a pool client for the whole download), and no
 * connection or transaction is held between batches. The cursor is the last row's id; its own
 * `(transaction_date, id)` is read back in SQL, so the comparison uses the stored microsecond
 * timestamp rather than a millisecond JS Date. A batch sees rows committed since the previous one
 * (no snapshot is held), as a person paging through the list would.
 */
export async function* transactionBatches(
  db: Executor,
  filter: TransactionFilterQuery,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Transaction[]> {
  const { shape, values } = bindTransactionFilter(await resolveTransactionFilter(db, filter));
  let after: string | undefined;
  for (;;) {
    const batchShape = { ...shape, afterCursor: after !== undefined };
    const batch = batchStatements(db, shapeKey(batchShape), () => buildBatch(db, batchShape));
    const rows = await batch.execute({ ...values, after, limit: batchSize });
    if (rows.length > 0) yield rows.map(toTransaction);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]?.t.id;
  }
}

/** One batch of a filter shape, the first or one after a cursor row (`after`). */
function buildBatch(db: Executor, shape: TransactionFilterShape & { afterCursor: boolean }) {
  const cursor = shape.afterCursor
    ? sql`(${transactions.transactionDate}, ${transactions.id}) < (select c.transaction_date, c.id from ${transactions} as c where c.id = ${sql.placeholder('after')})`
    : undefined;
  return prepareUnnamed(
    selectTransactions(db)
      .where(and(transactionListWhere(shape), cursor))
      .orderBy(...NEWEST_FIRST)
      .limit(sql.placeholder('limit')),
  );
}

const batchStatements = statementCache<ReturnType<typeof buildBatch>>();

/**
 * Decides a pending payout request: its status becomes `status` only while it is still PAY_OUT
 * (`UPDATE … WHERE id = $1 AND status = 'PAY_OUT'`; PostgreSQL re-checks the WHERE after a
 * concurrent decision commits). Undefined when it is not, or no longer, a pending payout.
 */
export async function decidePendingPayout(tx: Executor, id: string, status: TransactionStatus, now: Date) {
  const [payout] = await tx
    .update(transactions)
    .set({ status, updatedAt: now })
    .where(and(eq(transactions.id, id), eq(transactions.status, PAYOUT_PENDING_STATUS)))
    .returning({
      amount: transactions.amount,
      paymentMethodId: transactions.paymentMethodId,
      gatewayAccountId: transactions.gatewayAccountId,
      txnRef: transactions.txnRef,
    });
  return payout;
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
