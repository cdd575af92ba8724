/**
 * Whether the database has every migration this build ships, for `GET /health/ready`.
 *
 * drizzle's migrator records each applied migration in `drizzle.__drizzle_migrations` with the
 * `when` of its journal entry as `created_at`, and applies those newer than the newest recorded
 * (server/db/migrate.ts). So the database is up to date when its newest `created_at` reaches the
 * newest `when` of our journal (server/db/migrations/meta/_journal.json). A database migrated by a
 * newer build is ahead, which is ready too: migrations only add.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlState } from '../db/connect';
import { MIGRATIONS_FOLDER } from '../db/migrate';

interface Journal {
  entries: readonly { when: number }[];
}

let shipped: number | undefined;

/** The `when` of the newest migration in the journal, read once. */
function newestShippedMigration(): number {
  if (shipped === undefined) {
    const journal = JSON.parse(
      readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    shipped = Math.max(0, ...journal.entries.map((entry) => entry.when));
  }
  return shipped;
}

/** undefined_table and invalid_schema_name: the migrator never ran on this database. */
const NEVER_MIGRATED = new Set(['42P01', '3F000']);

export interface MigrationState {
  applied: boolean;
  /** Migrations the database has recorded. */
  count: number;
}

/** Throws when the database does not answer (the caller's 503 "unavailable"). */
export async function migrationState(db: Executor): Promise<MigrationState> {
  let row: { newest: string | number | null; count: string | number } | undefined;
  try {
    [row] = await queryRows<{ newest: string | number | null; count: string | number }>(
      db,
      sql`select max(created_at) as newest, count(*) as count from drizzle.__drizzle_migrations`,
    );
  } catch (error) {
    if (NEVER_MIGRATED.has(sqlState(error) ?? '')) return { applied: false, count: 0 };
    throw error;
  }
  const newest = row?.newest === null || row?.newest === undefined ? 0 : Number(row.newest);
  return { applied: newest >= newestShippedMigration(), count: Number(row?.count ?? 0) };
}
