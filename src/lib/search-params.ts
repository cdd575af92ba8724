import { LIMIT_DEFAULT, LIMIT_OPTIONS, PAGE_DEFAULT } from '@contract/common';
import * as v from 'valibot';

/**
 * Search params are the list screens' state (decision 005). The router hands `validateSearch` the
 * JSON-parsed query string, so `?page=2` arrives as the number 2 and `?page=abc` as a string. Every
 * entry falls back to its default instead of failing: a hand-edited or stale URL still opens the
 * list, on page 1 with 10 rows.
 */

export type PageLimit = (typeof LIMIT_OPTIONS)[number];

/** A positive integer, also accepted as a numeric string (`?page="2"` from an old bookmark). */
const positiveInt = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]),
  v.integer(),
  v.minValue(1),
  v.maxValue(Number.MAX_SAFE_INTEGER),
);

const limitValue = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]),
  v.check((n): boolean => (LIMIT_OPTIONS as readonly number[]).includes(n)),
  v.transform((n) => n as PageLimit),
);

/**
 * Free text. A numeric search such as a phone number arrives as a number (JSON parsing), so numbers
 * are turned back into text; blank text means "no search" so it never reaches the API as `search_term=`.
 */
const searchValue = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((s) => String(s).trim()),
  v.transform((s) => (s === '' ? undefined : s)),
);

export const listSearchEntries = {
  page: v.optional(v.fallback(positiveInt, PAGE_DEFAULT), PAGE_DEFAULT),
  limit: v.optional(v.fallback(limitValue, LIMIT_DEFAULT), LIMIT_DEFAULT),
  search: v.optional(v.fallback(searchValue, undefined)),
};

/** `page`, `limit`, `search`: what every list route validates (spec §2 "Shared list behaviour"). */
export const listSearchSchema = v.object(listSearchEntries);
export type ListSearch = v.InferOutput<typeof listSearchSchema>;

/** The defaults the routes strip from the URL with `stripSearchParams`, so `/merchants` stays clean. */
export const LIST_SEARCH_DEFAULTS = { page: PAGE_DEFAULT, limit: LIMIT_DEFAULT } as const;

/**
 * A route's own picklist filter (`filter`, `status`), falling back to its default for unknown values.
 * Use inside `v.object({ ...listSearchEntries, filter: picklistParam(VALUES, 'all') })`.
 */
export function picklistParam<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
) {
  return v.optional(v.fallback(v.picklist(values), fallback), fallback);
}

/** First row number of a page, for "continuing" row numbers and the pager footer. */
export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}

/**
 * The validated search as a list's loader deps, without the keys that are not the list's (the
 * Transactions drawer's `tx`): opening a drawer must not make a new match with its own loader run.
 */
export function listDeps<TSearch extends object, TKey extends keyof TSearch>(
  search: TSearch,
  ...routeOnly: TKey[]
): Omit<TSearch, TKey> {
  const deps = { ...search };
  for (const key of routeOnly) delete deps[key];
  return deps;
}
