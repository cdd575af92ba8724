/**
 * The server's list order (server/db/sort.ts, decision 044) over the mock rows: the sort key's
 * value, then id, both in the chosen direction. Text compares by code point as the database's C
 * collation does; null (no value) comes after every value ascending, as PostgreSQL's default.
 */
import { compare } from '@contract/decimal';
import type { SortOrder } from '@contract/list-sort';

export type SortValue = string | number | boolean | null | undefined;

/** Per sort key, the row's value; `decimal` keys hold exact decimal text (amounts, balances). */
export interface SortSpec<K extends string, T> {
  values: Readonly<Record<K, (row: T) => SortValue>>;
  decimal?: readonly K[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Ids are UUIDs, or the audit log's identity column as decimal text. */
function byId(a: string, b: string): number {
  return /^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : byText(a, b);
}

function byValue(a: SortValue, b: SortValue, decimal: boolean): number {
  const aNone = a === null || a === undefined;
  const bNone = b === null || b === undefined;
  if (aNone || bNone) return aNone === bNone ? 0 : aNone ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return decimal ? compare(String(a), String(b)) : byText(String(a), String(b));
}

/** The rows in the server's order for `order`, a new array. */
export function sortRows<T extends { readonly id: string }, K extends string>(
  rows: readonly T[],
  order: SortOrder<K>,
  spec: SortSpec<K, T>,
): T[] {
  const value = spec.values[order.key];
  const decimal = spec.decimal?.includes(order.key) ?? false;
  const sign = order.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * (byValue(value(a), value(b), decimal) || byId(a.id, b.id)));
}

/** Whether `order` is the list's default (the mocks keep their stored order for it). */
export function isDefaultOrder<K extends string>(order: SortOrder<K>, fallback: SortOrder<K>): boolean {
  return order.key === fallback.key && order.direction === fallback.direction;
}
