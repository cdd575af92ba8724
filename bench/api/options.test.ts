import { describe, expect, it } from 'vitest';
import { chooseQueries, parseOptions } from './options';

const url = { BENCH_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };

describe('bench:api options', () => {
  it('runs no growth curves unless asked', () => {
    expect(parseOptions([], {}).scale).toBeUndefined();
    expect(() => parseOptions(['--scale-max', '10000000'], url)).toThrow(/go with --scale/);
  });

  it('--scale seeds 100k and 1M on both databases by default', () => {
    expect(parseOptions(['--scale'], url).scale).toEqual({
      sizes: [100_000, 1_000_000],
      dbs: ['pglite', 'postgres'],
      reuse: new Map(),
    });
  });

  it('--scale-max adds 10M; --db keeps one database; --scale-sizes replaces the sizes', () => {
    expect(parseOptions(['--scale', '--scale-max', '10_000_000', '--db', 'postgres'], url).scale).toEqual({
      sizes: [100_000, 1_000_000, 10_000_000],
      dbs: ['postgres'],
      reuse: new Map(),
    });
    expect(parseOptions(['--scale', '--scale-sizes', '2000, 20000'], { BENCH_DB: 'pglite' }).scale).toEqual({
      sizes: [2_000, 20_000],
      dbs: ['pglite'],
      reuse: new Map(),
    });
  });

  it('--scale-reuse names kept seeds of the sizes and databases measured', () => {
    const options = parseOptions(['--scale', '--scale-reuse', 'postgres:1000000=bench_scale_1'], url);
    expect(options.scale?.reuse).toEqual(new Map([['postgres:1000000', 'bench_scale_1']]));
    expect(() =>
      parseOptions(['--scale', '--db', 'pglite', '--scale-reuse', 'postgres:1000000=bench_scale_1'], url),
    ).toThrow(/not a size and database this run measures/);
    expect(() => parseOptions(['--scale-reuse', 'postgres:1000000=x'], url)).toThrow(/go with --scale/);
    // --seed-only with --scale seeds and keeps every size.
    expect(parseOptions(['--scale', '--seed-only'], url)).toMatchObject({ seedOnly: true, keep: true });
  });

  it('refuses what cannot go with --scale before seeding anything', () => {
    expect(() => parseOptions(['--scale'], {})).toThrow(/BENCH_DATABASE_URL/);
    expect(() => parseOptions(['--scale', '--reuse', 'bench_api_1'], url)).toThrow(/--reuse/);
    expect(() => parseOptions(['--scale', '--transactions', '5'], url)).toThrow(/--transactions/);
    expect(() => parseOptions(['--scale', '--scale-sizes', 'many'], url)).toThrow(/whole number/);
    expect(() => parseOptions(['--scale', '--scale-sizes', '0'], url)).toThrow(/at least one size/);
  });

  it('--queries times only the queries whose label contains one of its texts, and the floor', () => {
    expect(parseOptions(['--queries', ' Sort=, reports ,'], {}).queries).toEqual(['sort=', 'reports']);
    expect(parseOptions([], {}).queries).toEqual([]);
    const queries = [
      { label: 'transactions, no filter' },
      { label: 'transactions, sort=amount.desc' },
      { label: 'reports, trial balance' },
      { label: 'floor: /health (select 1)', floor: true },
    ];
    expect(chooseQueries(queries, ['sort=', 'reports']).map((query) => query.label)).toEqual([
      'transactions, sort=amount.desc',
      'reports, trial balance',
      'floor: /health (select 1)',
    ]);
    expect(chooseQueries(queries, [])).toEqual(queries);
  });

  it('--reverse times the chosen rows last to first', () => {
    expect(parseOptions(['--reverse'], {}).reverse).toBe(true);
    expect(parseOptions([], {}).reverse).toBe(false);
    const queries = [
      { label: 'transactions, no filter' },
      { label: 'transactions, status=success' },
      { label: 'reports, trial balance' },
      { label: 'floor: /health (select 1)', floor: true },
    ];
    expect(chooseQueries(queries, [], true).map((query) => query.label)).toEqual([
      'floor: /health (select 1)',
      'reports, trial balance',
      'transactions, status=success',
      'transactions, no filter',
    ]);
    expect(chooseQueries(queries, ['transactions'], true).map((query) => query.label)).toEqual([
      'floor: /health (select 1)',
      'transactions, status=success',
      'transactions, no filter',
    ]);
    // The list given is left as it was.
    expect(queries[0]?.label).toBe('transactions, no filter');
  });
});
