/**
 * Seeds a migrated, empty database: reference data, merchants and the demo users, in one
 * transaction (a crash leaves nothing half-seeded, and PGlite commits once). Deterministic: the
 * same `seed`, `now` and size give the same rows, ids included.
 */
import { withIndexesDeferred } from '../bulk-insert';
import type { Database, Executor } from '../connect';
import {
  compactJournalEntrySums,
  compactTransactionCounts,
  compactTransactionDailyTotals,
  compactTransactionNameCounts,
  vacuumChangedTables,
} from '../maintenance';
import { currencies, merchantAccounts, merchants, users } from '../schema';
import { demoUserRows, grantDemoRoles } from './demo-users';
import { type MerchantSeedCounts, seedMerchants } from './merchants';
import { createRandom, type Random } from './random';
import { type ReferenceCatalog, seedReferenceData } from './reference-data';

/** First-run size for `npm start`: quick on PGlite, enough to page through. */
export const DEFAULT_SEED_MERCHANTS = 120;
export const DEFAULT_SEED = 20_261_121;
/** From this many merchants on, secondary indexes are dropped during the load and rebuilt after. */
const BULK_LOAD_THRESHOLD = 5000;

/** What a later seed step gets: the transaction, the PRNG stream, the base date and the catalogue. */
export interface SeedContext {
  readonly db: Executor;
  readonly random: Random;
  readonly now: Date;
  readonly catalog: ReferenceCatalog;
  readonly merchants: number;
}

/**
 * The seam for transactions and ledger postings (a later issue): a step runs after merchants in
 * the same transaction and returns its row counts, e.g. `{ transactions: 1000, journals: 950 }`.
 */
export type SeedStep = (context: SeedContext) => Promise<Record<string, number>>;

export interface SeedOptions {
  merchants: number;
  seed?: number;
  /** The base date everything is dated relative to; the seed never reads the clock. */
  now: Date;
  /** See MerchantSeedOptions.documentMerchants (default 5000). */
  documentMerchants?: number;
  /** Insert the demo users too (default true). */
  users?: boolean;
  /** Extra steps after merchants, e.g. transactions and their journals. */
  steps?: readonly SeedStep[];
}

export interface SeedResult {
  counts: MerchantSeedCounts & Record<string, number>;
  catalog: ReferenceCatalog;
  milliseconds: number;
}

export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  // argon2 is deliberately slow; hash before the transaction opens.
  const userRows = options.users === false ? [] : await demoUserRows();
  const random = createRandom(options.seed ?? DEFAULT_SEED);

  const { counts, catalog } = await db.transaction(async (tx) => {
    const catalog = await seedReferenceData(tx, random, options.now);
    const loadMerchants = () =>
      seedMerchants(tx, random, catalog, {
        count: options.merchants,
        now: options.now,
        ...(options.documentMerchants === undefined ? {} : { documentMerchants: options.documentMerchants }),
      });
    // Large loads build the merchant indexes once at the end instead of row by row.
    const merchantCounts =
      options.merchants >= BULK_LOAD_THRESHOLD
        ? await withIndexesDeferred(tx, [merchants, merchantAccounts], loadMerchants)
        : await loadMerchants();
    const counts: SeedResult['counts'] = {
      ...merchantCounts,
      currencies: catalog.currencies.length,
      paymentMethods: catalog.paymentMethods.length,
      charges: catalog.charges.length,
      gatewayAccounts: catalog.gatewayAccounts.length,
      glAccounts: catalog.glAccounts.length,
      accountMappings: catalog.accountMappings.length,
    };
    // Transactions and ledger postings plug in here (SeedStep), in the same transaction.
    for (const step of options.steps ?? []) {
      Object.assign(
        counts,
        await step({ db: tx, random, now: options.now, catalog, merchants: options.merchants }),
      );
    }
    if (userRows.length) {
      await tx.insert(users).values(userRows).onConflictDoNothing({ target: users.email });
      await grantDemoRoles(tx);
      counts.users = userRows.length;
    }
    return { counts, catalog };
  });

  // One count row per group instead of a delta per insert batch; then VACUUM (ANALYZE): fresh
  // statistics so the planner picks the trigram and status indexes from the first query, and an
  // all-visible map so counts are index-only scans (PGlite never vacuums by itself).
  await compactTransactionCounts(db);
  await compactTransactionNameCounts(db);
  await compactTransactionDailyTotals(db);
  await compactJournalEntrySums(db);
  await vacuumChangedTables(db, { all: true });
  return { counts, catalog, milliseconds: Math.round(performance.now() - started) };
}

/** True once the database has users: main.ts seeds on first run only. */
export async function isSeeded(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  if (rows.length > 0) return true;
  // Seeded without the demo users (DEMO_USERS=off, decision 030): the reference data says so.
  const reference = await db.select({ id: currencies.id }).from(currencies).limit(1);
  return reference.length > 0;
}
