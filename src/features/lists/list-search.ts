import { compare, fitsDatabase, isDecimal, normalize } from '@contract/decimal';
import { parseSort, type SortOrder, sortText } from '@contract/list-sort';
import * as v from 'valibot';

/**
 * Issue 24's search params. Like every list param (src/lib/search-params.ts) each falls back to
 * its default instead of failing: a hand-edited or stale URL still opens the list.
 */

/** `sort=amount.desc`: a value of the list's allow-list, else the list's default order. */
export function sortParam<const K extends readonly [string, ...string[]]>(
  keys: K,
  fallback: SortOrder<K[number]>,
) {
  const text = sortText(fallback);
  return v.optional(
    v.fallback(
      v.pipe(
        v.string(),
        v.check((s) => parseSort(s, keys) !== undefined),
      ),
      text,
    ),
    text,
  );
}

/**
 * An amount bound: a non-negative exact decimal numeric(24,6) holds, in its canonical text. A
 * number (the router JSON-parses `?amountMin=5`) is read from its text, never through arithmetic.
 */
export function isAmountText(text: string): boolean {
  return /^\d+(\.\d+)?$/.test(text) && isDecimal(text) && fitsDatabase(text);
}

const amountValue = v.pipe(
  v.union([v.string(), v.pipe(v.number(), v.finite(), v.transform(String))]),
  v.transform((s) => s.trim()),
  v.check(isAmountText),
  v.transform(normalize),
);

/** A code (currency, payment method): letters, digits, `_` and `-`, at most 50. */
const codeValue = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,50}$/));

export const richFilterEntries = {
  amountMin: v.fallback(v.optional(amountValue), undefined),
  amountMax: v.fallback(v.optional(amountValue), undefined),
  currency: v.fallback(v.optional(codeValue), undefined),
  paymentMethod: v.fallback(v.optional(codeValue), undefined),
  merchant: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
};

/** A range whose ends are out of order is dropped, as a date range is. */
export function orderedAmountRange<
  T extends { amountMin?: string | undefined; amountMax?: string | undefined },
>(search: T): T {
  if (search.amountMin && search.amountMax && compare(search.amountMin, search.amountMax) > 0) {
    return { ...search, amountMin: undefined, amountMax: undefined };
  }
  return search;
}

/**
 * `status`: 'all', one of the filter values, or several as a comma list (`pending,failed`), in the
 * list's order and without repeats; anything else is 'all'. Several that name every status are 'all'.
 */
export function statusListParam<const T extends readonly ['all', ...string[]]>(values: T) {
  const statuses = values.slice(1);
  return v.optional(
    v.fallback(
      v.pipe(
        v.string(),
        v.transform((s) => s.split(',').map((x) => x.trim())),
        v.check((items) => items.length > 0 && items.every((x) => values.includes(x))),
        v.transform((items) => {
          if (items.includes('all')) return 'all';
          const chosen = statuses.filter((x) => items.includes(x));
          return chosen.length === statuses.length ? 'all' : chosen.join(',');
        }),
      ),
      'all',
    ),
    'all',
  ) as unknown as v.OptionalSchema<v.GenericSchema<unknown, string>, 'all'>;
}

/** The statuses a `status` value names ('all': none). */
export function statusesOf(status: string): string[] {
  return status === 'all' ? [] : status.split(',');
}

/** The `status` param for the statuses chosen: none is 'all'. */
export function statusParamOf(statuses: readonly string[]): string {
  return statuses.length === 0 ? 'all' : statuses.join(',');
}
