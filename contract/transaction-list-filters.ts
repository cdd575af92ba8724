/**
 * The richer filters of the transaction lists (issue 24): an amount range in exact decimals, a
 * currency and a payment method by code. Part of `GET /transactions` and its CSV export; a code
 * that names nothing selects nothing (as a search would), it is not refused.
 */
import * as v from 'valibot';
import { queryText } from './common';
import { compare, fitsDatabase, isDecimal, normalize } from './decimal';

/** One end of the range: a non-negative decimal that numeric(24,6) holds, as its canonical text. */
export function queryAmount(field: string) {
  const message = `${field} must be a non-negative decimal number with at most 6 decimal places`;
  return v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) => (s === '' ? undefined : s)),
      v.optional(
        v.pipe(
          v.string(),
          v.check((s) => /^\d+(\.\d+)?$/.test(s) && isDecimal(s) && fitsDatabase(s), message),
          v.transform(normalize),
        ),
      ),
    ),
  );
}

export const AMOUNT_RANGE_MESSAGE = 'amount_min must be at most amount_max';

export const transactionListFilterEntries = {
  amount_min: queryAmount('amount_min'),
  amount_max: queryAmount('amount_max'),
  currency: queryText('currency', 20),
  payment_method: queryText('payment_method', 50),
};

export function isOrderedAmountRange(q: {
  amount_min?: string | undefined;
  amount_max?: string | undefined;
}) {
  return !q.amount_min || !q.amount_max || compare(q.amount_min, q.amount_max) <= 0;
}
