/**
 * Test databases start from one migrated image or template (decision 077): each is fully migrated
 * and each is its own, so nothing one test writes reaches the next database.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/connect';
import { MIGRATIONS_FOLDER } from '../db/migrate';
import { createTestDatabase, TEST_DATABASE_KINDS } from './db';

const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe.each(TEST_DATABASE_KINDS)('test databases on %s', (kind) => {
  it('are migrated to the last migration, and what one writes is not in the next', async () => {
    const first = await createTestDatabase(kind);
    try {
      const applied = await queryRows<{ n: number }>(
        first.db,
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      );
      expect(applied[0]?.n).toBe(journal.entries.length);
      await first.db.execute(sql`CREATE TABLE left_behind (n int)`);
      await first.db.execute(sql`INSERT INTO currencies (name_code, name, display_symbol, decimal_places)
        VALUES ('ZZZ', 'Left behind', 'Z', 2)`);
    } finally {
      await first.dispose();
    }
    const second = await createTestDatabase(kind);
    try {
      const [row] = await queryRows<{ tables: number; currencies: number }>(
        second.db,
        sql`SELECT (SELECT count(*)::int FROM pg_tables WHERE tablename = 'left_behind') AS tables,
                   (SELECT count(*)::int FROM currencies WHERE name_code = 'ZZZ') AS currencies`,
      );
      expect(row).toEqual({ tables: 0, currencies: 0 });
    } finally {
      await second.dispose();
    }
  });
});
