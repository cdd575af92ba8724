/**
 * `npm run seed -- --merchants 500 [--transactions 1000000] [--seed 7] [--now 2026-11-21T00:00:00Z] [--documents 5000]`
 *
 * Opens the database the way the server does (DATABASE_URL, else PGlite under DATA_DIR, default
 * `.data` in the project root), applies migrations, and seeds it. Refuses a database that already
 * has users, so it never doubles data; delete the data directory (or the database) to start over.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from './connect';
import { migrateDatabase } from './migrate';
import { DEFAULT_SEED, DEFAULT_SEED_MERCHANTS, isSeeded, seedDatabase } from './seed/seed';
import { DEFAULT_SEED_TRANSACTIONS, transactionSeedStep } from './seed/transactions';

/** `.data` in the project root, like main.ts, whatever the working directory. */
const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../.data', import.meta.url));

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a non-negative integer, got ${value}`);
  return n;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      merchants: { type: 'string' },
      seed: { type: 'string' },
      now: { type: 'string' },
      documents: { type: 'string' },
      transactions: { type: 'string' },
    },
  });
  const merchants = positiveInt('merchants', values.merchants, DEFAULT_SEED_MERCHANTS);
  const seed = positiveInt('seed', values.seed, DEFAULT_SEED);
  const documentMerchants = positiveInt('documents', values.documents, 5000);
  const transactions = positiveInt('transactions', values.transactions, DEFAULT_SEED_TRANSACTIONS);
  // The base date is an input: the CLI's default is the current time, the seed itself never reads it.
  const now = values.now ? new Date(values.now) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`--now is not a date: ${values.now}`);

  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || DEFAULT_DATA_DIR;
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    console.log(
      `Database: ${handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}`,
    );
    const migrateStart = performance.now();
    await migrateDatabase(handle);
    console.log(`Migrations applied in ${Math.round(performance.now() - migrateStart)} ms`);
    if (await isSeeded(handle.db)) {
      console.error('The database is already seeded (it has users). Remove it first to seed again.');
      return 1;
    }
    const result = await seedDatabase(handle.db, {
      merchants,
      seed,
      now,
      documentMerchants,
      steps: [transactionSeedStep(transactions)],
    });
    console.log(`Seeded (seed ${seed}, base date ${now.toISOString()}) in ${result.milliseconds} ms:`);
    for (const [table, count] of Object.entries(result.counts)) console.log(`  ${table.padEnd(18)} ${count}`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
