/**
 * The browser bench's database: one of its own, kept between runs because a million-row seed
 * takes minutes. PostgreSQL: `bench_browser_<transactions>` on the server BENCH_DATABASE_URL points
 * at (default postgres://postgres@127.0.0.1:5432/postgres); PGlite: bench/.out/browser-pglite-<n>.
 * Seeded with the project's seed code exactly as `bench:api` seeds (2,000 merchants by default).
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../server/db/connect';
import { migrateDatabase } from '../../server/db/migrate';
import { isSeeded, seedDatabase } from '../../server/db/seed/seed';
import { transactionSeedStep } from '../../server/db/seed/transactions';
import { withDatabase } from '../api/database';

export interface BrowserBenchDatabase {
  /** What the server is started with: DATABASE_URL (postgres) or DATA_DIR (pglite). */
  env: { DATABASE_URL: string; DATA_DIR?: string };
  location: string;
  /** Milliseconds the seed took in this run; undefined when an earlier run's seed was reused. */
  seedMs: number | undefined;
  handle: DatabaseHandle;
}

export async function ensureBrowserBenchDatabase(options: {
  db: 'postgres' | 'pglite';
  serverUrl: string;
  outDir: string;
  transactions: number;
  merchants: number;
}): Promise<BrowserBenchDatabase> {
  let handle: DatabaseHandle;
  let env: BrowserBenchDatabase['env'];
  let location: string;
  const suffix = `${options.transactions}_${options.merchants}`;
  if (options.db === 'postgres') {
    location = `bench_browser_${suffix}`;
    const admin = new pg.Client({ connectionString: options.serverUrl });
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [location]);
      if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${location}`);
    } finally {
      await admin.end();
    }
    const databaseUrl = withDatabase(options.serverUrl, location);
    handle = await openDatabase({ databaseUrl });
    env = { DATABASE_URL: databaseUrl };
  } else {
    location = join(options.outDir, `browser-pglite-${suffix}`);
    handle = await openDatabase({ dataDir: location });
    // The server reads DATA_DIR/pgdata; an empty DATABASE_URL means embedded (server/config.ts).
    env = { DATABASE_URL: '', DATA_DIR: location };
  }
  try {
    await migrateDatabase(handle);
    let seedMs: number | undefined;
    if (!(await isSeeded(handle.db))) {
      console.log(
        `Seeding ${options.merchants} merchants and ${options.transactions} transactions into ${location} ` +
          '(kept for later runs)...',
      );
      const result = await seedDatabase(handle.db, {
        merchants: options.merchants,
        now: new Date(),
        steps: [transactionSeedStep(options.transactions)],
      });
      seedMs = result.milliseconds;
      console.log(`Seeded in ${(seedMs / 1000).toFixed(1)} s`);
    } else {
      console.log(`Reusing ${location} (seeded by an earlier run; --drop removes it at the end)`);
    }
    return { env, location, seedMs, handle };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Removes the kept database (`--drop`). */
export async function dropBrowserBenchDatabase(
  kind: 'postgres' | 'pglite',
  serverUrl: string,
  location: string,
): Promise<void> {
  if (kind === 'pglite') {
    if (existsSync(location)) await rm(location, { recursive: true, force: true });
    return;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${location}`);
  } finally {
    await admin.end();
  }
}
