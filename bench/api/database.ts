/**
 * The bench's database: a fresh PostgreSQL database (`bench_api_<ts>` on the server the given URL
 * points at) or a PGlite directory under bench/.out/, migrated and seeded with the project's own
 * seed code. `--reuse` opens one seeded earlier instead, so the 1M-row seed is not paid every run.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../server/db/connect';
import { migrateDatabase } from '../../server/db/migrate';
import { isSeeded, seedDatabase } from '../../server/db/seed/seed';
import { transactionSeedStep } from '../../server/db/seed/transactions';

/** bench/.out (git-ignored), made if missing: PGlite seeds, profiles and reports. */
export function benchOutDir(): string {
  const dir = fileURLToPath(new URL('../.out', import.meta.url));
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The PostgreSQL server benches seed on: BENCH_DATABASE_URL, else DATABASE_URL (an empty one is unset). */
export function benchServerUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

export interface BenchDatabaseOptions {
  kind: 'pglite' | 'postgres';
  /** postgres: the server's URL (its own database is only used to create and drop ours). */
  serverUrl?: string | undefined;
  /** pglite: where new data directories go (bench/.out). */
  outDir: string;
  /** A database name (postgres) or data directory (pglite) seeded earlier. */
  reuse?: string | undefined;
  /** Keep a database this run created (to --reuse it later). */
  keep: boolean;
  transactions: number;
  merchants: number;
  /** Prefix of a new database's name (postgres) or directory (pglite); default bench_api. */
  namePrefix?: string;
}

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** Database name or data directory, for `--reuse`. */
  location: string;
  /** Milliseconds the seed took; undefined when reused. */
  seedMs: number | undefined;
  /** Closes the handle and drops what this run created unless kept. */
  dispose(): Promise<void>;
}

/** The same server URL with another database name. */
export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function openBenchDatabase(options: BenchDatabaseOptions): Promise<BenchDatabase> {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const prefix = options.namePrefix ?? 'bench_api';
  let location: string;
  let created = false;
  let handle: DatabaseHandle;

  if (options.kind === 'postgres') {
    if (!options.serverUrl) throw new Error('--db postgres needs BENCH_DATABASE_URL or DATABASE_URL');
    const serverUrl = options.serverUrl;
    location = options.reuse ?? `${prefix}_${stamp}`;
    if (!/^[a-z_][a-z0-9_]*$/.test(location)) throw new Error(`not a plain database name: ${location}`);
    if (!options.reuse) {
      await adminQuery(serverUrl, `CREATE DATABASE ${location}`);
      created = true;
    }
    // Pool of 10, as the server uses by default: the handler runs its page and count in parallel.
    handle = await openDatabase({ databaseUrl: withDatabase(serverUrl, location) });
  } else {
    location =
      options.reuse ??
      join(options.outDir, `${prefix.replace(/^bench_/, '').replace(/_/g, '-')}-pglite-${stamp}`);
    if (options.reuse && !existsSync(join(location, 'pgdata'))) {
      throw new Error(`--reuse ${location}: no pgdata directory there`);
    }
    created = !options.reuse;
    handle = await openDatabase({ dataDir: location });
  }

  const dispose = async () => {
    await handle.close();
    if (!created || options.keep) return;
    if (options.kind === 'postgres' && options.serverUrl) {
      await adminQuery(options.serverUrl, `DROP DATABASE IF EXISTS ${location}`);
    } else {
      await rm(location, { recursive: true, force: true });
    }
  };

  try {
    await migrateDatabase(handle);
    let seedMs: number | undefined;
    if (options.reuse) {
      if (!(await isSeeded(handle.db))) throw new Error(`--reuse ${location}: the database is not seeded`);
    } else {
      console.log(
        `Seeding ${options.merchants} merchants and ${options.transactions} transactions into ${location}...`,
      );
      const result = await seedDatabase(handle.db, {
        merchants: options.merchants,
        now: new Date(),
        steps: [transactionSeedStep(options.transactions)],
      });
      seedMs = result.milliseconds;
      console.log(`Seeded in ${(seedMs / 1000).toFixed(1)} s: ${JSON.stringify(result.counts)}`);
    }
    return { handle, location, seedMs, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
