/**
 * Command-line options of `npm run bench:api`. Each also reads from the environment
 * (BENCH_DB, BENCH_TRANSACTIONS, ...) so CI can set them without editing the script line.
 */
import { parseArgs } from 'node:util';
import { type BenchDb, DEFAULT_SCALE_SIZES, parseScaleReuse, scaleSizes, stepKey } from './scale';

export interface BenchOptions {
  db: 'pglite' | 'postgres';
  serverUrl: string | undefined;
  transactions: number;
  merchants: number;
  samples: number;
  warmup: number;
  reuse: string | undefined;
  keep: boolean;
  /** Seed (and keep) the database, print its name, and stop: the slow half, run once. */
  seedOnly: boolean;
  /** VACUUM (ANALYZE) the listed tables before measuring (the seed only ANALYZEs). */
  vacuum: boolean;
  /** autocannon duration, seconds. */
  duration: number;
  connections: number;
  /** `load`: only the load lines (autocannon, instances, logging cost), not the per-query timing. */
  only: 'all' | 'load';
  /** Rounds of each load line, taking turns. */
  rounds: number;
  /** Only the queries whose label contains one of these texts (all when empty). */
  queries: string[];
  /**
   * Time the rows last to first: whatever the process's warm-up costs falls on another row, to tell
   * a row's own cost from its place in the run.
   */
  reverse: boolean;
  /**
   * Growth curves (scale.ts): seed each size on each of these databases and print each list call's
   * p95 per size; undefined for the ordinary run.
   */
  scale: { sizes: number[]; dbs: BenchDb[]; reuse: Map<string, string> } | undefined;
}

/** Timed requests per query and side (docs/decisions/020). */
export const DEFAULT_SAMPLES = 2000;

export const USAGE = `node --import tsx bench/api/run.ts [options]
  --db pglite|postgres    default pglite; postgres uses BENCH_DATABASE_URL or DATABASE_URL
  --transactions N        default 1000000
  --merchants N           default 2000
  --samples N             timed requests per query and side, after the warm-up (default ${DEFAULT_SAMPLES})
  --warmup N              default 20
  --reuse NAME|DIR        a database name (postgres) or data directory (pglite) seeded earlier
  --keep                  keep the database this run seeds (to --reuse it)
  --seed-only             seed, keep, and stop
  --vacuum                VACUUM (ANALYZE) the listed tables first: sets the visibility map that
                          index-only scans need (autovacuum would, where it runs; PGlite has none)
  --duration S            autocannon seconds (default 10)
  --connections N         autocannon and load-line connections (default 10)
  --only load             only the load lines: autocannon, one and two instances (postgres), and
                          the cost of logging and metrics
  --rounds N              rounds of each load line, taking turns (default 3)
  --queries T,T           only the queries whose label contains one of these texts (case-insensitive),
                          e.g. --queries sort=,reports to time the sorted lists and the reports alone
  --reverse               time the rows last to first (the first row timed meets the process's warm-up)
  --scale                 growth curves: seed each size afresh on PGlite and PostgreSQL (or only the
                          --db given), with one merchant per 100 transactions (2,000 to 100,000),
                          time each list call through HTTP and print its p95 per size and database
  --scale-sizes N,N       the sizes (default 100000,1000000; PGlite runs those up to 1000000)
  --scale-max N           also tenfold sizes above the largest up to N (10000000 adds 10M)
  --scale-reuse L         seeds kept earlier (--keep, --seed-only), as db:size=location entries
                          separated by commas: pglite:100000=bench/.out/...,postgres:1000000=bench_...
                          With --scale, --seed-only seeds and keeps each size without measuring.`;

function count(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${raw}`);
  return value;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string' },
      transactions: { type: 'string' },
      merchants: { type: 'string' },
      samples: { type: 'string' },
      warmup: { type: 'string' },
      reuse: { type: 'string' },
      keep: { type: 'boolean' },
      'seed-only': { type: 'boolean' },
      vacuum: { type: 'boolean' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string' },
      rounds: { type: 'string' },
      queries: { type: 'string' },
      reverse: { type: 'boolean' },
      scale: { type: 'boolean' },
      'scale-sizes': { type: 'string' },
      'scale-max': { type: 'string' },
      'scale-reuse': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const chosenDb = values.db ?? env.BENCH_DB;
  const db = chosenDb ?? 'pglite';
  if (db !== 'pglite' && db !== 'postgres') throw new Error(`--db must be pglite or postgres, got ${db}`);
  const seedOnly = values['seed-only'] ?? false;
  const only = values.only ?? 'all';
  if (only !== 'all' && only !== 'load') throw new Error(`--only must be load, got ${only}`);
  const serverUrl = env.BENCH_DATABASE_URL || env.DATABASE_URL || undefined;
  const scaleAsked = values.scale ?? false;
  if (
    !scaleAsked &&
    [values['scale-sizes'], values['scale-max'], values['scale-reuse']].some((v) => v !== undefined)
  ) {
    throw new Error('--scale-sizes, --scale-max and --scale-reuse go with --scale');
  }
  let scale: BenchOptions['scale'];
  if (scaleAsked) {
    for (const [given, name] of [
      [values.reuse, 'reuse'],
      [values.only, 'only'],
      [values.transactions, 'transactions'],
      [values.merchants, 'merchants'],
    ] as const) {
      if (given !== undefined)
        throw new Error(`--${name} does not go with --scale (it seeds each size itself)`);
    }
    const sizes = scaleSizes(
      (values['scale-sizes']?.split(',') ?? DEFAULT_SCALE_SIZES.map(String)).map((size) =>
        count('scale-sizes', size.trim(), 0),
      ),
      values['scale-max'] === undefined ? undefined : count('scale-max', values['scale-max'], 0),
    );
    if (sizes.length === 0 || sizes.some((size) => size < 1)) {
      throw new Error('--scale needs at least one size of one transaction or more');
    }
    const dbs: BenchDb[] = chosenDb === undefined ? ['pglite', 'postgres'] : [db];
    // Fail before the first seed, not after PGlite's.
    if (dbs.includes('postgres') && !serverUrl) {
      throw new Error('--scale on PostgreSQL needs BENCH_DATABASE_URL or DATABASE_URL (or --db pglite)');
    }
    const reuse = parseScaleReuse(values['scale-reuse']);
    const steps = new Set(sizes.flatMap((transactions) => dbs.map((db) => stepKey({ db, transactions }))));
    for (const key of reuse.keys()) {
      if (!steps.has(key)) throw new Error(`--scale-reuse ${key}: not a size and database this run measures`);
    }
    scale = { sizes, dbs, reuse };
  }
  return {
    db,
    serverUrl,
    transactions: count('transactions', values.transactions ?? env.BENCH_TRANSACTIONS, 1_000_000),
    merchants: count('merchants', values.merchants ?? env.BENCH_MERCHANTS, 2000),
    // 2,000, not 500: a p95 of 500 samples is their 25th-slowest, which a few stray stalls of the
    // machine move by 0.2-0.4 ms on a 1 ms query (docs/decisions/020).
    samples: Math.max(1, count('samples', values.samples ?? env.BENCH_SAMPLES, DEFAULT_SAMPLES)),
    warmup: count('warmup', values.warmup ?? env.BENCH_WARMUP, 20),
    reuse: values.reuse ?? env.BENCH_REUSE ?? undefined,
    keep: (values.keep ?? false) || seedOnly,
    seedOnly,
    vacuum: values.vacuum ?? false,
    duration: Math.max(1, count('duration', values.duration, 10)),
    connections: Math.max(1, count('connections', values.connections, 10)),
    only,
    rounds: Math.max(1, count('rounds', values.rounds, 3)),
    queries: (values.queries ?? '')
      .split(',')
      .map((text) => text.trim().toLowerCase())
      .filter((text) => text !== ''),
    reverse: values.reverse ?? false,
    scale,
  };
}

/**
 * The queries `--queries` names (every one when it names none), in the order they are timed; the
 * floor always runs, for scale.
 */
export function chooseQueries<Query extends { label: string; floor?: boolean }>(
  queries: readonly Query[],
  texts: readonly string[],
  reverse = false,
): Query[] {
  const chosen =
    texts.length === 0
      ? [...queries]
      : queries.filter(
          (query) => query.floor === true || texts.some((text) => query.label.toLowerCase().includes(text)),
        );
  return reverse ? chosen.reverse() : chosen;
}
