import * as v from 'valibot';
import type { DateRangeValue } from '@/components/date-range-picker/date-range-picker';

/** '2024-02-30' matches the pattern but the server refuses it (400): only real days are kept. */
function isCalendarDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

/** A 'YYYY-MM-DD' search param (`from`, `to`); anything else is dropped rather than failing. */
const isoDay = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/), v.check(isCalendarDay));

/**
 * `from` and `to` of the transaction lists' URL (spec §2 "Date picker"). Each end alone is checked
 * here; put `wholeDateRange` after the route's object so the two are checked together.
 */
export const dateRangeSearchEntries = {
  from: v.optional(v.fallback(v.optional(isoDay), undefined)),
  to: v.optional(v.fallback(v.optional(isoDay), undefined)),
};

/**
 * Spec §2: a range is both dates or neither. A lone `from` or `to`, or `from` after `to`, would
 * filter the list while the picker shows nothing (or be refused by the server), so like any bad
 * search param it falls back to the default: no range, in the request and in the URL.
 * Use as `v.pipe(v.object({ ...dateRangeSearchEntries, ... }), v.transform(wholeDateRange))`.
 */
export function wholeDateRange<T extends { from?: string | undefined; to?: string | undefined }>(
  search: T,
): T {
  const { from, to } = search;
  if (from === undefined && to === undefined) return search;
  if (from !== undefined && to !== undefined && from <= to) return search;
  // Set to undefined, not left out: the router lays the validated search over the raw one, so a
  // missing key would keep the URL's value.
  return { ...search, from: undefined, to: undefined };
}

/** The picker's value for the URL's `from`/`to`: both or neither. */
export function rangeOf(from: string | undefined, to: string | undefined): DateRangeValue {
  return from && to ? { startDate: from, endDate: to } : { startDate: null, endDate: null };
}

/** The URL's `from`/`to` for the picker's value; cleared removes both. */
export function searchOfRange(value: DateRangeValue): { from: string | undefined; to: string | undefined } {
  return { from: value.startDate ?? undefined, to: value.endDate ?? undefined };
}
