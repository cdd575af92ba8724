/**
 * The SQL behind the currency endpoints and the mapping to `currencySchema`. A currency is used by
 * charges and transactions (foreign keys) and by payment methods (their `supported_currencies`
 * array, guarded by a trigger from the first migration: deleting a listed currency fails with
 * 23503, renaming its `name_code` renames it in every array in the same statement).
 */
import type { Currency, CurrencyListQuery, CurrencyPayload } from '@contract/currency';
import type { CurrencySortKey } from '@contract/list-sort';
import { arrayContains, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../connect';
import { charges, currencies, paymentMethods, transactions } from '../schema';
import { orderByOf, type SortColumns, sortedTablePage } from '../sort';
import { containsPattern, type ListPage, money, valueTaken } from '../sql';

function listWhere(query: CurrencyListQuery): SQL | undefined {
  if (!query.search_term) return undefined;
  const pattern = containsPattern(query.search_term);
  return or(ilike(currencies.name, pattern), ilike(currencies.nameCode, pattern));
}

const SORT_COLUMNS: SortColumns<CurrencySortKey> = {
  created: currencies.createdAt,
  name: currencies.name,
  code: currencies.nameCode,
  places: currencies.decimalPlaces,
};

/** `GET currencies` with the contract's parsed query, in its `sort` (id breaking ties). */
export function listCurrencies(db: Database, query: CurrencyListQuery): Promise<ListPage<Currency>> {
  const orderBy = orderByOf(query.sort, SORT_COLUMNS, currencies.id);
  return sortedTablePage(db, currencies, listWhere(query), orderBy, query, toCurrency);
}

/** `forUpdate` locks the row until the transaction ends, so the change history's "before" stays true. */
export async function findCurrencyRow(db: Executor, id: string, forUpdate = false) {
  const query = db.select().from(currencies).where(eq(currencies.id, id));
  const rows = await (forUpdate ? query.for('update') : query);
  return rows[0];
}

export async function findCurrency(db: Executor, id: string): Promise<Currency | undefined> {
  const row = await findCurrencyRow(db, id);
  return row ? toCurrency(row) : undefined;
}

/** True when another currency (not `exceptId`) already has this name code. */
export function currencyCodeTaken(db: Executor, nameCode: string, exceptId?: string): Promise<boolean> {
  return valueTaken(db, currencies, currencies.nameCode, nameCode, exceptId);
}

function columnsOf(payload: CurrencyPayload) {
  return {
    name: payload.name,
    nameCode: payload.name_code,
    displaySymbol: payload.display_symbol,
    decimalPlaces: payload.decimal_places,
    inMultiplesOf: payload.in_multiples_of,
  };
}

export async function insertCurrency(tx: Executor, payload: CurrencyPayload, now: Date): Promise<Currency> {
  const [row] = await tx
    .insert(currencies)
    .values({ ...columnsOf(payload), createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toCurrency(row);
}

export async function updateCurrency(
  tx: Executor,
  id: string,
  payload: CurrencyPayload,
  now: Date,
): Promise<Currency | undefined> {
  const [row] = await tx
    .update(currencies)
    .set({ ...columnsOf(payload), updatedAt: now })
    .where(eq(currencies.id, id))
    .returning();
  return row ? toCurrency(row) : undefined;
}

export interface CurrencyUsage {
  charges: number;
  paymentMethods: number;
  transactions: number;
}

/** How many rows refer to the currency, by kind. */
export async function currencyUsage(db: Executor, id: string, nameCode: string): Promise<CurrencyUsage> {
  const [c, p, t] = await Promise.all([
    db.select({ n: count() }).from(charges).where(eq(charges.currencyId, id)),
    db
      .select({ n: count() })
      .from(paymentMethods)
      .where(arrayContains(paymentMethods.supportedCurrencies, [nameCode])),
    db.select({ n: count() }).from(transactions).where(eq(transactions.currencyId, id)),
  ]);
  return { charges: c[0]?.n ?? 0, paymentMethods: p[0]?.n ?? 0, transactions: t[0]?.n ?? 0 };
}

/** "2 charges, 1 payment method" — the non-zero uses, for the 409 message. */
export function describeUsage(usage: CurrencyUsage): string[] {
  const parts: [number, string][] = [
    [usage.charges, 'charge'],
    [usage.paymentMethods, 'payment method'],
    [usage.transactions, 'transaction'],
  ];
  return parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}${n === 1 ? '' : 's'}`);
}

export async function deleteCurrency(tx: Executor, id: string): Promise<Currency | undefined> {
  const [row] = await tx.delete(currencies).where(eq(currencies.id, id)).returning();
  return row ? toCurrency(row) : undefined;
}

export function toCurrency(row: typeof currencies.$inferSelect): Currency {
  return {
    id: row.id,
    name: row.name,
    name_code: row.nameCode,
    display_symbol: row.displaySymbol,
    decimal_places: row.decimalPlaces,
    in_multiples_of: money(row.inMultiplesOf),
    created_at: row.createdAt.toISOString(),
  };
}
