import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createEmptyDatabase, NEEDS_POSTGRES, TEST_DATABASE_URL } from '../test/multi-instance/postgres';
import { type DatabaseHandle, openDatabase, queryRows } from './connect';
import { MIGRATION_LOCK_KEY, MIGRATIONS_FOLDER, migrateDatabase } from './migrate';
import { merchants, users } from './schema';
import { DEMO_USER_LIST } from './seed/demo-users';
import { isSeeded, seedDatabase } from './seed/seed';

const title = TEST_DATABASE_URL ? 'on PostgreSQL' : `skipped: ${NEEDS_POSTGRES}`;

describe.skipIf(!TEST_DATABASE_URL)(`migrations when several processes start at once (${title})`, () => {
  it('three processes on an empty database: each migration applied once, no error, seeded once', async () => {
    const empty = await createEmptyDatabase('migrate');
    const handles: DatabaseHandle[] = [];
    try {
      // Three pools, as three server processes would have.
      for (let i = 0; i < 3; i++) handles.push(await openDatabase({ databaseUrl: empty.url, poolSize: 2 }));
      const seededBy: number[] = [];
      await Promise.all(
        handles.map((handle, i) =>
          migrateDatabase(handle, async (db) => {
            if (await isSeeded(db)) return;
            seededBy.push(i);
            await seedDatabase(db, { merchants: 2, now: new Date('2026-11-20T00:00:00Z') });
          }),
        ),
      );
      expect(seededBy).toHaveLength(1);

      const [first] = handles;
      if (!first) throw new Error('no handle');
      const applied = await queryRows<{ hash: string }>(
        first.db,
        'SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id',
      );
      const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
      expect(applied.map((row) => row.hash)).toEqual(files.map((file) => file.hash));
      expect(await first.db.$count(users)).toBe(DEMO_USER_LIST.length);
      expect(await first.db.$count(merchants)).toBe(2);
    } finally {
      for (const handle of handles) await handle.close();
      await empty.drop();
    }
  });

  it('waits for the lock while another process holds it, then finds the migrations applied', async () => {
    const empty = await createEmptyDatabase('migrate');
    const holder = new pg.Client({ connectionString: empty.url });
    await holder.connect();
    const handle = await openDatabase({ databaseUrl: empty.url, poolSize: 1 });
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
      let done = false;
      const migrating = migrateDatabase(handle).then(() => {
        done = true;
      });
      // The migrating connection shows up waiting for an advisory lock, and nothing is migrated.
      const waiting = async () => {
        const rows = await holder.query(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
        );
        return rows.rows[0]?.n as number;
      };
      for (let tries = 0; tries < 100 && (await waiting()) === 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await waiting()).toBe(1);
      expect(done).toBe(false);
      const schemas = await holder.query("SELECT 1 FROM pg_namespace WHERE nspname = 'drizzle'");
      expect(schemas.rowCount).toBe(0);

      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
      await migrating;
      const applied = await holder.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(applied.rows[0]?.n).toBe(readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length);
      // The lock went back with the connection, which went back to the pool.
      const free = await holder.query('SELECT pg_try_advisory_lock($1) AS free', [
        MIGRATION_LOCK_KEY.toString(),
      ]);
      expect(free.rows[0]?.free).toBe(true);
    } finally {
      await holder.end();
      await handle.close();
      await empty.drop();
    }
  });
});
