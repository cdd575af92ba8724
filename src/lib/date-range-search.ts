import * as v from 'valibot';
import type { DateRangeValue } from '@/components/date-range-picker/date-range-picker';

/** A 'YYYY-MM-DD' search param (`from`, `to`); anything else is dropped rather than failing. */
const isoDay = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

/** `from` and `to` of the transaction lists' URL (spec §2 "Date picker"). */
export const dateRangeSearchEntries = {
  from: v.optional(v.fallback(v.optional(isoDay), undefined)),
  to: v.optional(v.fallback(v.optional(isoDay), undefined)),
};

/** The picker's value for the URL's `from`/`to`: both or neither. */
export function rangeOf(from: string | undefined, to: string | undefined): DateRangeValue {
  return from && to ? { startDate: from, endDate: to } : { startDate: null, endDate: null };
}

/** The URL's `from`/`to` for the picker's value; cleared removes both. */
export function searchOfRange(value: DateRangeValue): { from: string | undefined; to: string | undefined } {
  return { from: value.startDate ?? undefined, to: value.endDate ?? undefined };
}
