import { describe, expect, it } from 'vitest';
import {
  merchantsFor,
  p95Target,
  parseScaleReuse,
  type ScaleResult,
  scalePlan,
  scaleSizes,
  scaleTable,
  sizeName,
} from './scale';

describe('growth curves: which seeds', () => {
  it('goes with one merchant per 100 transactions, from 2,000 to 100,000', () => {
    expect(merchantsFor(100_000)).toBe(2_000);
    expect(merchantsFor(1_000_000)).toBe(10_000);
    expect(merchantsFor(10_000_000)).toBe(100_000);
    expect(merchantsFor(100_000_000)).toBe(100_000);
  });

  it('adds tenfold sizes up to --scale-max and drops sizes above it', () => {
    expect(scaleSizes([100_000, 1_000_000], undefined)).toEqual([100_000, 1_000_000]);
    expect(scaleSizes([100_000, 1_000_000], 10_000_000)).toEqual([100_000, 1_000_000, 10_000_000]);
    expect(scaleSizes([1_000_000, 100_000], 100_000)).toEqual([100_000]);
    expect(scaleSizes([100_000, 100_000], 1_000_000)).toEqual([100_000, 1_000_000]);
  });

  it('seeds each size on each database, smallest first, PGlite up to a million', () => {
    const plan = scalePlan([10_000_000, 100_000, 1_000_000], ['postgres', 'pglite']);
    expect(plan.map((s) => `${s.transactions} ${s.db} ${s.merchants}`)).toEqual([
      '100000 pglite 2000',
      '100000 postgres 2000',
      '1000000 pglite 10000',
      '1000000 postgres 10000',
      '10000000 postgres 100000',
    ]);
    expect(scalePlan([100_000], ['postgres']).map((s) => s.db)).toEqual(['postgres']);
  });

  it('names sizes and their targets', () => {
    expect([100_000, 1_000_000, 10_000_000, 2_500_000, 2_000, 50].map(sizeName)).toEqual([
      '100k',
      '1M',
      '10M',
      '2.5M',
      '2k',
      '50',
    ]);
    expect(p95Target({ db: 'postgres', transactions: 1_000_000 })).toBe(10);
    expect(p95Target({ db: 'pglite', transactions: 100_000 })).toBe(30);
    expect(p95Target({ db: 'postgres', transactions: 10_000_000 })).toBe(20);
  });
});

describe('growth curves: kept seeds', () => {
  it('reads db:size=location entries', () => {
    expect(
      parseScaleReuse('pglite:100_000=bench/.out/scale-pglite-1, postgres:1000000=bench_scale_2'),
    ).toEqual(
      new Map([
        ['pglite:100000', 'bench/.out/scale-pglite-1'],
        ['postgres:1000000', 'bench_scale_2'],
      ]),
    );
    expect(parseScaleReuse(undefined)).toEqual(new Map());
    expect(() => parseScaleReuse('mysql:100000=x')).toThrow(/db:size=location/);
    expect(() => parseScaleReuse('pglite:100000')).toThrow(/db:size=location/);
  });
});

describe('growth curves: the table', () => {
  const result = (
    db: 'pglite' | 'postgres',
    transactions: number,
    p95: [string, number][],
    seedSeconds?: number,
  ): ScaleResult => ({
    step: { db, transactions, merchants: merchantsFor(transactions) },
    p95: new Map(p95),
    floors: new Set(['floor']),
    seedSeconds,
  });

  it('has a row per call, a column per size and database, and marks cells over their target', () => {
    const { header, rows } = scaleTable([
      result(
        'pglite',
        100_000,
        [
          ['no filter', 3.2],
          ['7 days', 31],
          ['floor', 40],
        ],
        31.4,
      ),
      result(
        'postgres',
        100_000,
        [
          ['no filter', 1.234],
          ['7 days', 10],
        ],
        20,
      ),
      result('postgres', 10_000_000, [
        ['no filter', 19.9],
        ['7 days', 2],
        ['page 200', 123.4],
      ]),
    ]);
    expect(header).toEqual(['p95, ms', '100k PGlite', '100k PostgreSQL', '10M PostgreSQL']);
    expect(rows).toEqual([
      ['no filter', '3.20', '1.23', '19.9'],
      // 31 is over PGlite's 30; 10 is not under PostgreSQL's 10.
      ['7 days', '31.0 !', '10.0 !', '2.00'],
      // The floor has no target; a call one seed lacks is left blank.
      ['floor', '40.0', '', ''],
      ['page 200', '', '', '123 !'],
      ['merchants', '2,000', '2,000', '100,000'],
      ['seed, s', '31', '20', ''],
    ]);
  });
});
