import { describe, expect, it } from 'vitest';
import { cycle, dateRangeFor, summaryRow } from './plan';

const DAY_MS = 86_400_000;
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

describe('the date ranges the bench types', () => {
  it('are 7, 30 and 90 whole days in turn, ending on or before the last seeded day', () => {
    const ranges = Array.from({ length: 30 }, (_, n) => dateRangeFor(n, '2026-11-25'));
    expect(ranges.slice(0, 3).map((r) => days(r.from, r.to))).toEqual([7, 30, 90]);
    for (const range of ranges) {
      expect(range.from <= range.to).toBe(true);
      expect(range.to <= '2026-11-25').toBe(true);
      expect(range.to >= '2026-11-16').toBe(true);
    }
  });

  it('never repeat within 30 tries, so no answer comes from the cache', () => {
    const keys = Array.from({ length: 30 }, (_, n) => JSON.stringify(dateRangeFor(n, '2026-03-01')));
    expect(new Set(keys).size).toBe(30);
  });

  it('cross month ends as calendar days', () => {
    expect(dateRangeFor(0, '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
  });

  it('need a day to end on', () => {
    expect(() => dateRangeFor(0, '25/11/2026')).toThrow('not a day');
  });
});

describe('summary rows', () => {
  it('hold a row to its own target: 50 ms for a prefetched page, 150 ms for a new query', () => {
    const samples = Array.from({ length: 20 }, (_, i) => 30 + i * 2); // 30..68, p95 = 66
    expect(summaryRow('next', 'prefetched', samples)).toEqual([
      'next',
      '20',
      '48.0',
      '66.0',
      '68.0',
      '<= 50',
      'NO',
    ]);
    expect(summaryRow('filter', 'query', samples).slice(5)).toEqual(['<= 150', 'yes']);
  });

  it('go round a list', () => {
    expect([0, 1, 2, 3].map((n) => cycle(['a', 'b', 'c'], n))).toEqual(['a', 'b', 'c', 'a']);
    expect(() => cycle([], 0)).toThrow();
  });
});
