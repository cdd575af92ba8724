/**
 * Fresh, migrated databases for tests. PGlite runs in memory; PostgreSQL gets a uniquely named
 * database on the server of TEST_DATABASE_URL, dropped again by dispose().
 *
 *   describe.each(TEST_DATABASE_KINDS)('%s', (kind) => {
 *     let t: TestDatabase;
 *     beforeAll(async () => { t = await createTestDatabase(kind); });
 *     afterAll(() => t.dispose());
 *   });
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import {
  type DatabaseHandle,
  type DatabaseKind,
  type Executor,
  openDatabase,
  queryRows,
} from '../db/connect';
import { migrateDatabase } from '../db/migrate';
import { seedDatabase } from '../db/seed/seed';
import { transactionSeedStep } from '../db/seed/transactions';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
/** Connections a test's PostgreSQL pool opens at most. */
export const TEST_POOL_SIZE = 4;

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export const TEST_DATABASE_KINDS: readonly DatabaseKind[] = testDatabaseUrl
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and, for PostgreSQL, drops the database. */
  dispose(): Promise<void>;
  /** PostgreSQL: the database's URL, for a test that opens connections of its own. */
  readonly url?: string;
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const handle: TestDatabase =
    kind === 'pglite' ? withDispose(await openDatabase({})) : await createPostgresDatabase();
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.dispose();
    throw error;
  }
  return handle;
}

function withDispose(handle: DatabaseHandle): TestDatabase {
  return { ...handle, dispose: () => handle.close() };
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await admin(async (client) => {
    await client.query(`CREATE DATABASE "${name}"`);
  });
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: TEST_POOL_SIZE });
  let disposed = false;
  const dispose = async () => {
    if (disposed) return;
    disposed = true;
    await handle.close();
    await admin(async (client) => {
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      await client.query(`DROP DATABASE IF EXISTS "${name}"`);
    });
  };
  return { ...handle, close: dispose, dispose, url: url.toString() };
}

/** One short connection to the server's own database (the one in TEST_DATABASE_URL). */
async function admin(work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The database's own message for a statement it refuses (drizzle wraps it as the error's cause);
 * 'not refused' when the statement succeeds. For the triggers that keep tables append-only.
 */
export async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : String(error);
  }
  return 'not refused';
}

/**
 * `describe.each(TEST_DATABASE_KINDS)` ('<name> on pglite', …) around one fresh database per kind,
 * created before the body's own hooks run and disposed after the suite. `database` stands for it in
 * the body's hooks and tests (reading it outside them throws).
 */
export function describeOnDatabases(
  name: string,
  body: (database: TestDatabase, kind: DatabaseKind) => void,
): void {
  describe.each(TEST_DATABASE_KINDS)(`${name} on %s`, (kind) => {
    const database = madeBeforeAll<TestDatabase>(`The ${kind} test database`);
    beforeAll(async () => {
      database.make(await createTestDatabase(kind));
    });
    afterAll(() => database.made()?.dispose());
    body(database.value, kind);
  });
}

/**
 * `work` on a scratch database of `kind` seeded (without users) with `merchants` merchants and
 * `transactions` transactions as of `now`; the database is disposed after, whatever happens.
 */
export async function withSeededScratch<T>(
  kind: DatabaseKind,
  seed: { merchants: number; transactions: number; now: Date },
  work: (database: TestDatabase) => Promise<T>,
): Promise<T> {
  const scratch = await createTestDatabase(kind);
  try {
    await seedDatabase(scratch.db, {
      merchants: seed.merchants,
      now: seed.now,
      users: false,
      steps: [transactionSeedStep(seed.transactions)],
    });
    return await work(scratch);
  } finally {
    await scratch.dispose();
  }
}

/**
 * A stand-in for what a suite's `beforeAll` makes, so its tests can hold it from the start: `value`
 * forwards to what `make` was given, and throws when read before that.
 */
export function madeBeforeAll<T extends object>(what: string) {
  let current: T | undefined;
  const value = new Proxy({} as T, {
    get(_, key) {
      if (!current) throw new Error(`${what} is read before its suite's beforeAll`);
      return Reflect.get(current, key);
    },
  });
  return {
    value,
    make: (made: T) => {
      current = made;
    },
    made: () => current,
  };
}

/**
 * How many groups of `keys` hold more than one row of `table`: a kept counts table folded by the
 * seed or maintenance holds none. `table` and `keys` are the test's own identifiers, never input.
 */
export async function repeatedGroups(db: Executor, table: string, keys: readonly string[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql.raw(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} GROUP BY ${keys.join(', ')} HAVING count(*) > 1) AS d`,
    ),
  );
  return row?.n ?? 0;
}
