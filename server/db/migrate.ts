/**
 * Applies the drizzle-kit migrations in ./migrations. The same SQL runs on PGlite and PostgreSQL;
 * only the migrator entry point differs per driver. Idempotent: applied migrations are recorded in
 * drizzle.__drizzle_migrations and skipped.
 */
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle, Schema } from './connect';

/** Resolved from this file, so start-up works from any working directory. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  // The handle's `db` is typed as the drivers' common base; `kind` says which driver built it.
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as PgliteDatabase<Schema>, config);
  } else {
    await migrateNodePg(handle.db as NodePgDatabase<Schema>, config);
  }
}
