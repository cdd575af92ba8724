/**
 * Applies the drizzle-kit migrations in ./migrations. The same SQL runs on PGlite and PostgreSQL;
 * only the migrator entry point differs per driver. Idempotent: applied migrations are recorded in
 * drizzle.__drizzle_migrations and skipped.
 *
 * On PostgreSQL several server processes may start at the same moment on an empty database. Each
 * would find no migration applied and run them all: the second `CREATE TABLE` fails, or worse, a
 * hand-written migration runs twice. So the migrator runs on one dedicated connection holding a
 * session advisory lock: the processes apply the migrations one after the other, and each after
 * the first finds nothing left to do. `afterwards` (first-run seeding in main.ts) runs under the
 * same lock, so it too happens once. The lock goes with the connection if a process dies.
 */
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { Database, DatabaseHandle } from './connect';

/** Resolved from this file, so start-up works from any working directory. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The one-key advisory lock the start-up holds ('MIGRATE' in ASCII). One-key and two-key advisory
 * locks are separate spaces, so the rate limit's per-address locks never collide with it.
 */
export const MIGRATION_LOCK_KEY = 0x4d49475241544en;

export async function migrateDatabase(
  handle: DatabaseHandle,
  afterwards?: (db: Database) => Promise<void>,
): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  // The handle's `db` is typed as the drivers' common base; `kind` says which driver built it.
  if (handle.kind === 'pglite') {
    // One process owns a PGlite data directory: nobody to race.
    await migratePglite(handle.db as PgliteDatabase, config);
    await afterwards?.(handle.db);
    return;
  }
  const pool = (handle.db as NodePgDatabase & { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      // On the locked connection itself: the lock holds however small the pool is.
      const db = drizzleNodePg({ client });
      await migrateNodePg(db, config);
      await afterwards?.(db);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } catch (error) {
    // A connection in an unknown state (its lock perhaps still held) must not go back to the pool.
    broken = true;
    throw error;
  } finally {
    client.release(broken);
  }
}
