/** The browser bench's pure parts: its targets, the date ranges it types, and its summary rows. */
import { ms, summarize } from '../api/stats';

/** Issue 19's targets: a next page painted from the prefetched cache, and a new query. */
export const TARGET_MS = { prefetched: 50, query: 150 } as const;
export type RowKind = keyof typeof TARGET_MS;

const DAY_MS = 86_400_000;
/** Range lengths the date-range row cycles through: a week, a month, a quarter. */
const RANGE_DAYS = [7, 30, 90] as const;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The range typed on try `n`: 7, 30 or 90 whole days ending up to nine days before the last seeded
 * day, so consecutive tries never ask the same range (and never one the cache holds).
 */
export function dateRangeFor(n: number, lastDay: string): { from: string; to: string } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(lastDay)) throw new Error(`not a day: ${lastDay}`);
  const length = RANGE_DAYS[n % RANGE_DAYS.length] ?? 7;
  const to = addDays(lastDay, -(Math.floor(n / RANGE_DAYS.length) % 10));
  return { from: addDays(to, -(length - 1)), to };
}

/** The n-th of a list, going round. */
export function cycle<T>(list: readonly T[], n: number): T {
  const item = list[n % list.length];
  if (item === undefined) throw new Error('cycle of an empty list');
  return item;
}

/** One printed row: the label, the tries, p50, p95 and max in ms, the target and whether it is met. */
export function summaryRow(label: string, kind: RowKind, samples: readonly number[]): string[] {
  const summary = summarize(samples);
  const target = TARGET_MS[kind];
  return [
    label,
    String(samples.length),
    ms(summary.p50),
    ms(summary.p95),
    ms(summary.max),
    `<= ${target}`,
    summary.p95 <= target ? 'yes' : 'NO',
  ];
}
