import { plusOne as addOne } from '@contract/decimal';
import { numberToDecimal } from '@contract/fields';

/** A range row as the form holds it (NumberInput gives a number, or a string while typing or empty). */
export interface RangeRowValues {
  min_amount: number | string;
  max_amount: number | string;
  charge_amount: number | string;
}

function asDecimal(value: number | string): string | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? numberToDecimal(value) : '') : value.trim();
  return /^\d+(\.\d+)?$/.test(text) ? text : null;
}

/** `value + 1`, exactly (no float rounding: '0.1' gives '1.1'); null when `value` is not an amount. */
export function plusOne(value: number | string): string | null {
  const decimal = asDecimal(value);
  return decimal === null ? null : addOne(decimal);
}

/**
 * The row "Add Range" appends (spec §4): its From is the previous range's To plus 1, or empty when
 * there is no previous To yet (the first range, or a To not filled in).
 */
export function nextRangeRow(rows: readonly RangeRowValues[]): RangeRowValues {
  const previous = rows.at(-1);
  const from = previous ? plusOne(previous.max_amount) : null;
  return { min_amount: from ?? '', max_amount: '', charge_amount: '' };
}
