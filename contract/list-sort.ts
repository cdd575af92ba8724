/**
 * Sorting a list by a column (issue 24): `sort=<key>.<asc|desc>`, the key one of the list's
 * allow-list. The API refuses anything else (400 naming `sort` and its values); the console's
 * search param falls back to the list's default (src/lib/list-sort.ts).
 */
import * as v from 'valibot';
import { API_ERRORS } from './messages';

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface SortOrder<K extends string = string> {
  key: K;
  direction: SortDirection;
}

/** `amount.desc` */
export function sortText<K extends string>(order: SortOrder<K>): `${K}.${SortDirection}` {
  return `${order.key}.${order.direction}`;
}

/** Every value a list's `sort` accepts, in the allow-list's order. */
export function sortValues<K extends string>(keys: readonly K[]): `${K}.${SortDirection}`[] {
  return keys.flatMap((key) => SORT_DIRECTIONS.map((direction) => sortText({ key, direction })));
}

/** `amount.desc` as a sort order of the allow-list, or undefined for anything else. */
export function parseSort<K extends string>(text: unknown, keys: readonly K[]): SortOrder<K> | undefined {
  if (typeof text !== 'string') return undefined;
  const dot = text.lastIndexOf('.');
  const key = text.slice(0, dot) as K;
  const direction = text.slice(dot + 1) as SortDirection;
  if (dot < 1 || !keys.includes(key) || !SORT_DIRECTIONS.includes(direction)) return undefined;
  return { key, direction };
}

/**
 * The API's `sort` query: absent or empty is the list's default order; anything not in the
 * allow-list is a 400 naming `sort` and every accepted value.
 */
export function sortQuery<const K extends readonly [string, ...string[]]>(
  keys: K,
  fallback: SortOrder<K[number]>,
) {
  const message = API_ERRORS.queryEnum('sort', sortValues(keys));
  return v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.rawTransform<string, SortOrder<K[number]>>(({ dataset, addIssue, NEVER }) => {
      if (dataset.value === '') return fallback;
      const order = parseSort(dataset.value, keys);
      if (order) return order;
      addIssue({ message });
      return NEVER;
    }),
  );
}

/** The sortable columns of the transaction lists (Transactions, Payouts). Newest first by default. */
export const TRANSACTION_SORT_KEYS = ['date', 'reference', 'customer', 'amount', 'type', 'status'] as const;
export type TransactionSortKey = (typeof TRANSACTION_SORT_KEYS)[number];
export const TRANSACTION_SORT_DEFAULT: SortOrder<TransactionSortKey> = { key: 'date', direction: 'desc' };
