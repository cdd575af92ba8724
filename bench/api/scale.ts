/**
 * Growth curves (`npm run bench:api -- --scale`): the pure half. Which seeds a scale run makes (each
 * size on each database; PGlite up to a million), how many merchants go with each size, and the
 * table it prints: one row per list call, one column per size and database, each cell that call's
 * HTTP p95 in ms, so docs/performance.md shows how cost grows with data.
 */
import { ms } from './stats';

export type BenchDb = 'pglite' | 'postgres';

export interface ScaleStep {
  db: BenchDb;
  transactions: number;
  merchants: number;
}

export interface ScaleResult {
  step: ScaleStep;
  /** HTTP p95 in ms per query label, in the order the queries ran. */
  p95: ReadonlyMap<string, number>;
  /** Labels of rows without a target (the floor). */
  floors: ReadonlySet<string>;
  seedSeconds: number | undefined;
}

/** The sizes a scale run seeds unless told otherwise. */
export const DEFAULT_SCALE_SIZES: readonly number[] = [100_000, 1_000_000];
/** PGlite is the single-user, embedded database: the larger sizes are PostgreSQL's. */
export const PGLITE_SCALE_MAX = 1_000_000;
const DB_ORDER: readonly BenchDb[] = ['pglite', 'postgres'];
const DB_NAMES: Record<BenchDb, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/**
 * One merchant per 100 transactions, between 2,000 (the demo's and the 1M bench's count) and
 * 100,000, so deep merchant pages grow with the book as they would in use.
 */
export function merchantsFor(transactions: number): number {
  return Math.min(100_000, Math.max(2_000, Math.round(transactions / 100)));
}

/**
 * The sizes to seed: `sizes` up to `max`, then tenfold steps above the largest up to `max`
 * (`--scale-max 10000000` after 100k and 1M adds 10M); ascending, without repeats.
 */
export function scaleSizes(sizes: readonly number[], max: number | undefined): number[] {
  const chosen = new Set(sizes.filter((size) => max === undefined || size <= max));
  const largest = Math.max(0, ...chosen);
  if (max !== undefined && largest > 0) {
    for (let size = largest * 10; size <= max; size *= 10) chosen.add(size);
  }
  return [...chosen].sort((a, b) => a - b);
}

/** Each size on each database, smallest first (PGlite only up to PGLITE_SCALE_MAX). */
export function scalePlan(sizes: readonly number[], dbs: readonly BenchDb[]): ScaleStep[] {
  const ordered = DB_ORDER.filter((db) => dbs.includes(db));
  return [...sizes]
    .sort((a, b) => a - b)
    .flatMap((transactions) =>
      ordered
        .filter((db) => db === 'postgres' || transactions <= PGLITE_SCALE_MAX)
        .map((db) => ({ db, transactions, merchants: merchantsFor(transactions) })),
    );
}

/** The key of a step in `--scale-reuse`: `pglite:100000`. */
export function stepKey(step: Pick<ScaleStep, 'db' | 'transactions'>): string {
  return `${step.db}:${step.transactions}`;
}

/**
 * `--scale-reuse pglite:100000=DIR,postgres:1000000=NAME`: seeds kept by an earlier `--scale
 * --keep` (or `--seed-only`) run, measured again without seeding, by step key.
 */
export function parseScaleReuse(text: string | undefined): Map<string, string> {
  const reuse = new Map<string, string>();
  for (const entry of (text ?? '').split(',').filter((part) => part.trim() !== '')) {
    const match = /^\s*(pglite|postgres):([\d_]+)=(.+?)\s*$/.exec(entry);
    if (!match) throw new Error(`--scale-reuse takes db:size=location entries, got ${entry}`);
    const [, db, size, location] = match as unknown as [string, BenchDb, string, string];
    reuse.set(stepKey({ db, transactions: Number(size.replace(/_/g, '')) }), location);
  }
  return reuse;
}

/** 100000 -> "100k", 1000000 -> "1M", 2500000 -> "2.5M". */
export function sizeName(count: number): string {
  const [unit, divisor] = count >= 1_000_000 ? ['M', 1_000_000] : count >= 1_000 ? ['k', 1_000] : ['', 1];
  return `${Number((count / (divisor as number)).toFixed(1))}${unit}`;
}

/**
 * The p95 targets for list calls: 10 ms on PostgreSQL and 30 ms on PGlite at a million
 * transactions (and below), within 2x of that above a million.
 */
export function p95Target(step: Pick<ScaleStep, 'db' | 'transactions'>): number {
  const atMillion = step.db === 'postgres' ? 10 : 30;
  return step.transactions > 1_000_000 ? 2 * atMillion : atMillion;
}

/**
 * Rows: every query label in the order first measured, then the merchant count and the seed time.
 * Columns: one per result, in the order given. A p95 over its column's target is marked " !".
 */
export function scaleTable(results: readonly ScaleResult[]): { header: string[]; rows: string[][] } {
  const header = [
    'p95, ms',
    ...results.map((r) => `${sizeName(r.step.transactions)} ${DB_NAMES[r.step.db]}`),
  ];
  const labels = [...new Set(results.flatMap((r) => [...r.p95.keys()]))];
  const rows = labels.map((label) => [
    label,
    ...results.map((r) => {
      const value = r.p95.get(label);
      if (value === undefined) return '';
      const over = !r.floors.has(label) && value >= p95Target(r.step);
      return over ? `${ms(value)} !` : ms(value);
    }),
  ]);
  rows.push(['merchants', ...results.map((r) => r.step.merchants.toLocaleString('en-US'))]);
  rows.push([
    'seed, s',
    ...results.map((r) => (r.seedSeconds === undefined ? '' : r.seedSeconds.toFixed(0))),
  ]);
  return { header, rows };
}
