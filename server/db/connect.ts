/**
 * Opens the database: PostgreSQL through node-postgres when a URL is given, otherwise embedded
 * PGlite (persisted under `<dataDir>/pgdata`, or in memory for tests). Both come back as one
 * `Database` type so every query is written once.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm/relations';
import pg from 'pg';
import { flattenStatementsOf } from './flat-sql';
import { drizzleDirect } from './pg-session';
import { keepTextTypesAsText } from './pglite-text-types';
import * as schema from './schema';

export { schema };
export type Schema = typeof schema;

/**
 * What both drivers are: PgliteDatabase and NodePgDatabase differ only in the raw result shape of
 * `execute`, which `queryRows` below papers over.
 *
 * Opened without the schema: nothing uses drizzle's relational `db.query.*` API, and with a schema
 * drizzle builds a relational query builder per table (43) for every transaction object, about
 * 25 µs of CPU per transaction in the platform API's ingestion profile (docs/performance.md).
 */
type NoRelations = Record<string, never>;
export type Database = PgDatabase<PgQueryResultHKT, NoRelations>;

/** The `tx` of `db.transaction(async (tx) => ...)`; also usable wherever a `Database` is. */
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  NoRelations,
  ExtractTablesWithRelations<NoRelations>
>;

/** A database or a transaction: what helpers that may run inside a transaction take. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** Ends the pool or shuts PGlite down (flushing it to disk). Safe to call twice. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://...`: use a PostgreSQL server. */
  databaseUrl?: string | undefined;
  /** Embedded mode: PGlite keeps its files in `<dataDir>/pgdata`. Undefined: in memory. */
  dataDir?: string | undefined;
  /** node-postgres pool size (default 10). */
  poolSize?: number | undefined;
  /**
   * In memory only: PGlite starts from this dumped data directory (`dumpDataDir`) instead of an
   * empty cluster. The tests start every database from one migrated image.
   */
  pgliteImage?: Blob | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.pgliteImage);
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  // No JIT compilation for the API's queries (docs/decisions/052): they are index walks that stop at
  // a page, which the planner costs as if they read the whole range, so they crossed jit_above_cost
  // and spent 10-70 ms compiling to run for 1-2 ms. The pool awaits onConnect before it hands a new
  // connection out, so no query runs before the SET.
  const pool = new pg.Pool({
    connectionString,
    max,
    onConnect: async (client) => {
      await client.query('SET jit = off');
    },
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  // drizzle on a session that sends each statement straight to the driver (decision 075).
  const db = drizzleDirect(pool);
  // Statements flattened before drizzle compiles them (decision 074): its compiling of the journal
  // search's trees was most of the API's CPU per request.
  flattenStatementsOf(db);
  // Fail now, with the URL's problem, rather than on the first request.
  await db.execute('select 1');
  return { db, kind: 'postgres', close: once(() => pool.end()) };
}

async function openPglite(dataDir: string | undefined, image: Blob | undefined): Promise<DatabaseHandle> {
  let dir: string | undefined;
  if (dataDir !== undefined) {
    if (image !== undefined) throw new Error('openDatabase: pgliteImage is for an in-memory database');
    dir = join(dataDir, 'pgdata');
    await mkdir(dir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(image ? { loadDataDir: image } : {}),
    extensions: { pg_trgm },
  });
  keepTextTypesAsText(client);
  const db = drizzlePglite({ client });
  flattenStatementsOf(db);
  return { db, kind: 'pglite', close: once(() => client.close()) };
}

/** `make`, called the first time only; every call answers what that call made. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/**
 * Runs raw SQL and returns its rows, on either driver (both answer `{ rows }`; drizzle's shared
 * type cannot say so). For benches, EXPLAIN, and the odd statement drizzle cannot express.
 */
export async function queryRows<Row extends Record<string, unknown>>(
  db: Executor,
  query: SQLWrapper | string,
): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** The SQLSTATE of a database error from either driver, e.g. '23503' (foreign key), '23505' (unique). */
export function sqlState(error: unknown): string | undefined {
  // drizzle 0.45 wraps driver errors in a DrizzleQueryError whose `cause` is the driver's error.
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const SQLSTATE = {
  /** A referenced row cannot be deleted (our foreign keys are NO ACTION, so always this code). */
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  checkViolation: '23514',
  notNullViolation: '23502',
} as const;
