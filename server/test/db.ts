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
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import {
  type DatabaseHandle,
  type DatabaseKind,
  type Executor,
  once,
  openDatabase,
  queryRows,
} from '../db/connect';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../db/migrate';
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
    kind === 'pglite'
      ? withDispose(await openDatabase({ pgliteImage: await migratedPgliteImage() }))
      : await createPostgresDatabase();
  try {
    // Started from a migrated image or template, this finds nothing to do; it still applies any
    // migration the image was made without, so a stale image costs time, never a wrong schema.
    await migrateDatabase(handle);
  } catch (error) {
    await handle.dispose();
    throw error;
  }
  return handle;
}

const require = createRequire(import.meta.url);

/**
 * What a migrated database depends on: the migrations, the code that applies them and PGlite's
 * version (its data directory's format). A new migration makes a new image and a new template.
 */
const migratedKey = once(() => {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(MIGRATIONS_FOLDER, file);
    if (!statSync(path).isFile()) continue;
    hash.update(file).update(readFileSync(path));
  }
  hash.update(readFileSync(fileURLToPath(new URL('../db/migrate.ts', import.meta.url))));
  hash.update(readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json')));
  return hash.digest('hex').slice(0, 16);
});

/**
 * The migrated PGlite image every in-memory test database starts from (decision 077): a new
 * PGlite builds its cluster (initdb) and then takes the 40-odd migrations, some 5-10 s a database
 * on the 2-core machine, where loading an image is about one. Kept as a file beside the system's
 * temporary files, named by `migratedKey`, so each test file and worker reads it instead of making
 * its own; written to a temporary name and renamed, so a reader never sees half of it.
 */
const migratedPgliteImage = once(async (): Promise<Blob> => {
  const file = join(tmpdir(), 'payments-back-office-tests', `pglite-${migratedKey()}.tar`);
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const handle = await openDatabase({});
  try {
    await migrateDatabase(handle);
    const image = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, new Uint8Array(await image.arrayBuffer()));
    await rename(partial, file);
    return image;
  } finally {
    await handle.close();
  }
});

function withDispose(handle: DatabaseHandle): TestDatabase {
  return { ...handle, dispose: () => handle.close() };
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = await postgresTemplate();
  await admin(async (client) => {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  });
  const url = databaseUrlOf(name);
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

function databaseUrlOf(name: string): URL {
  const url = new URL(testDatabaseUrl ?? '');
  url.pathname = `/${name}`;
  return url;
}

/** The advisory lock a test run holds while it makes the migrated template ('TESTTMPL' in ASCII). */
const TEMPLATE_LOCK = 0x54455354544d504cn;

/**
 * The migrated database every PostgreSQL test database is copied from (`CREATE DATABASE ...
 * TEMPLATE`, decision 077), made by the first test that needs it, under an advisory lock so the
 * workers make it once. Templates of other migrations (an older checkout's) are dropped then.
 */
const postgresTemplate = once(async (): Promise<string> => {
  const name = `test_template_${migratedKey()}`;
  await admin(async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK.toString()]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount !== 0) return;
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS "${building}"`);
      await client.query(`CREATE DATABASE "${building}"`);
      const handle = await openDatabase({ databaseUrl: databaseUrlOf(building).toString(), poolSize: 1 });
      try {
        await migrateDatabase(handle);
      } finally {
        await handle.close();
      }
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      const others = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'test\\_template\\_%' AND datname <> $1`,
        [name],
      );
      for (const { datname } of others.rows) {
        // Another run of an older checkout may be copying it right now; it keeps its copy.
        await client.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK.toString()]);
    }
  });
  return name;
});

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
