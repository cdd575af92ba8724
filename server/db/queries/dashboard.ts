/**
 * The SQL behind GET /dashboard/summary. Every sum is SQL numeric, read back as text and
 * normalised; amounts of different currencies are never added together. Days are UTC days, as
 * in the transaction lists.
 */
import type { DashboardSummary, WaitingCounts } from '@contract/dashboard';
import { normalize } from '@contract/decimal';
import { MERCHANT_STATUSES } from '@contract/merchant';
import { TRANSACTION_STATUSES } from '@contract/transaction';
import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../connect';
import { prepareUnnamed, statementCache } from '../prepared';
import { currencies, merchants, transactionDailyTotals } from '../schema';
import { startOfUtcDay } from './transactions';

const DAY_MS = 86_400_000;
/** The range when the caller gives none: the last 30 days, today (UTC) included. */
export const DEFAULT_RANGE_DAYS = 30;

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Fills in the bounds the caller left out: `to` today (or `from` if later), `from` 29 days before `to`. */
export function resolveRange(query: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const today = utcDay(now);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from =
    query.from ?? utcDay(new Date(startOfUtcDay(to).getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY_MS));
  return { from, to };
}

const totals = transactionDailyTotals;
/** Summed in numeric, read as text: never a float. */
const volume = sql<string>`coalesce(sum(${totals.amount}), 0)::text`;
const transactionCount = sql<number>`coalesce(sum(${totals.transactions}), 0)::float8`.mapWith(Number);
/** A group whose deltas sum to no transactions has none (they were deleted or moved). */
const hasTransactions = sql`sum(${totals.transactions}) <> 0`;

/** The sections that need more than the summary's own permission; a section left out is null. */
export interface DashboardSections {
  pendingPayouts: boolean;
  merchants: boolean;
}

/**
 * The summary's statements, built once per executor with the range as placeholders (decision 014):
 * building five grouped selects costs more CPU than running them against the folded totals.
 */
function buildSummary(db: Executor) {
  const inRange = and(gte(totals.day, sql.placeholder('from')), lte(totals.day, sql.placeholder('to')));
  const day = sql<string>`to_char(${totals.day}, 'YYYY-MM-DD')`;
  const success = sql`${totals.status} = 'SUCCESS'`;
  return {
    perCurrency: prepareUnnamed(
      db
        .select({
          code: currencies.nameCode,
          name: currencies.name,
          places: currencies.decimalPlaces,
          count: transactionCount,
          volume,
          successCount:
            sql<number>`coalesce(sum(${totals.transactions}) filter (where ${success}), 0)::float8`.mapWith(
              Number,
            ),
          successVolume: sql<string>`coalesce(sum(${totals.amount}) filter (where ${success}), 0)::text`,
        })
        .from(totals)
        .innerJoin(currencies, eq(currencies.id, totals.currencyId))
        .where(inRange)
        .groupBy(currencies.nameCode, currencies.name, currencies.decimalPlaces)
        .having(hasTransactions)
        .orderBy(asc(currencies.nameCode)),
    ),
    perStatus: prepareUnnamed(
      db
        .select({ status: totals.status, code: currencies.nameCode, count: transactionCount, volume })
        .from(totals)
        .innerJoin(currencies, eq(currencies.id, totals.currencyId))
        .where(inRange)
        .groupBy(totals.status, currencies.nameCode)
        .having(hasTransactions)
        // Each status's volumes keyed in code order, whatever order the grouping came out in.
        .orderBy(asc(totals.status), asc(currencies.nameCode)),
    ),
    daily: prepareUnnamed(
      db
        .select({ date: day, code: currencies.nameCode, count: transactionCount, volume })
        .from(totals)
        .innerJoin(currencies, eq(currencies.id, totals.currencyId))
        .where(inRange)
        .groupBy(totals.day, currencies.nameCode)
        .having(hasTransactions)
        .orderBy(asc(totals.day), asc(currencies.nameCode)),
    ),
    // Waiting now, whatever the range: every day's PAY_OUT rows.
    pending: prepareUnnamed(
      db
        .select({ code: currencies.nameCode, count: transactionCount, volume })
        .from(totals)
        .innerJoin(currencies, eq(currencies.id, totals.currencyId))
        .where(eq(totals.status, 'PAY_OUT'))
        .groupBy(currencies.nameCode)
        .having(hasTransactions),
    ),
    merchants: prepareUnnamed(
      db.select({ status: merchants.status, count: count() }).from(merchants).groupBy(merchants.status),
    ),
  };
}

const summaryStatements = statementCache<ReturnType<typeof buildSummary>>();

/**
 * Read from the trigger-kept daily totals (docs/decisions/017): a few rows per day of the range
 * whatever the number of transactions, where aggregating the transactions themselves took most of
 * a second for a month of a million-transaction book.
 */
export async function dashboardSummary(
  db: Executor,
  range: { from: string; to: string },
  sections: DashboardSections,
): Promise<DashboardSummary> {
  const statements = summaryStatements(db, 'summary', () => buildSummary(db));
  const values = { from: range.from, to: range.to };
  const [perCurrency, perStatus, daily, pending, merchantCounts] = await Promise.all([
    statements.perCurrency.execute(values),
    statements.perStatus.execute(values),
    statements.daily.execute(values),
    // Not even read for a caller who may not see it.
    sections.pendingPayouts ? statements.pending.execute() : null,
    sections.merchants ? statements.merchants.execute() : null,
  ]);

  return {
    from: range.from,
    to: range.to,
    currencies: perCurrency.map((r) => ({
      currency: { name_code: r.code, name: r.name, decimal_places: r.places },
      count: r.count,
      volume: normalize(r.volume),
      success_count: r.successCount,
      success_volume: normalize(r.successVolume),
    })),
    by_status: TRANSACTION_STATUSES.map((status) => {
      const rows = perStatus.filter((r) => r.status === status);
      return {
        status,
        count: rows.reduce((n, r) => n + r.count, 0),
        volumes: Object.fromEntries(rows.map((r) => [r.code, normalize(r.volume)])),
      };
    }),
    daily: daily.map((r) => ({
      date: r.date,
      currency: r.code,
      count: r.count,
      volume: normalize(r.volume),
    })),
    pending_payouts: pending && {
      count: pending.reduce((n, r) => n + r.count, 0),
      volumes: Object.fromEntries(pending.map((r) => [r.code, normalize(r.volume)])),
    },
    merchants_by_status:
      merchantCounts &&
      (Object.fromEntries(
        MERCHANT_STATUSES.map((s) => [s, merchantCounts.find((r) => r.status === s)?.count ?? 0]),
      ) as NonNullable<DashboardSummary['merchants_by_status']>),
  };
}

function buildWaiting(db: Executor) {
  return {
    // Every day's PAY_OUT rows of the folded totals: a few rows per day, never the transactions.
    pendingPayouts: prepareUnnamed(
      db.select({ count: transactionCount }).from(totals).where(eq(totals.status, 'PAY_OUT')),
    ),
    awaitingVerification: prepareUnnamed(
      db.select({ count: count() }).from(merchants).where(eq(merchants.status, 'PENDING_VERIFICATION')),
    ),
  };
}

const waitingStatements = statementCache<ReturnType<typeof buildWaiting>>();

/** `GET /dashboard/waiting`: each count only when its section is allowed (null otherwise, not read). */
export async function waitingCounts(
  db: Executor,
  sections: DashboardSections,
): Promise<Omit<WaitingCounts, 'approvals_waiting'>> {
  const statements = waitingStatements(db, 'waiting', () => buildWaiting(db));
  const [payouts, awaiting] = await Promise.all([
    sections.pendingPayouts ? statements.pendingPayouts.execute() : null,
    sections.merchants ? statements.awaitingVerification.execute() : null,
  ]);
  return {
    pending_payouts: payouts ? (payouts[0]?.count ?? 0) : null,
    merchants_awaiting_verification: awaiting ? (awaiting[0]?.count ?? 0) : null,
  };
}
