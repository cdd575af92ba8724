import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/connect';
import { seedDatabase } from '../../db/seed/seed';
import { describeOnDatabases } from '../db';
import { type Snapshot, snapshotChanges, takeSnapshot } from './snapshot';

describeOnDatabases('the fuzz suite’s snapshot', (database) => {
  /** Taken often enough that PostgreSQL runs the kept statement on its cached plan. */
  async function settled(): Promise<Snapshot> {
    let last = await takeSnapshot(database.db);
    for (let i = 0; i < 6; i++) {
      const now = await takeSnapshot(database.db);
      expect(snapshotChanges(last, now)).toEqual([]);
      last = now;
    }
    return last;
  }

  beforeAll(async () => {
    await seedDatabase(database.db, { merchants: 0, now: new Date('2026-11-20T10:00:00Z') });
  });

  it('sees a changed value where no row count changes', async () => {
    const before = await settled();
    await queryRows(
      database.db,
      sql`UPDATE users SET name = name || ' (renamed)' WHERE email = 'admin@example.com'`,
    );
    const changes = snapshotChanges(before, await takeSnapshot(database.db));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatch(/^users: /);
  });

  it('sees a deleted row, and the rows deleted with it', async () => {
    const before = await settled();
    await queryRows(database.db, sql`DELETE FROM users WHERE email = 'support@example.com'`);
    const changes = snapshotChanges(before, await takeSnapshot(database.db));
    expect(changes.map((change) => change.split(':')[0])).toEqual(['user_roles', 'users']);
    expect(changes[1]).toMatch(/^users: (\d+) rows, .* -> (?!\1 )\d+ rows/);
  });

  it('does not count what a sign-in writes by design', async () => {
    const before = await settled();
    await queryRows(database.db, sql`UPDATE users SET last_sign_in_at = now()`);
    expect(snapshotChanges(before, await takeSnapshot(database.db))).toEqual([]);
  });
});
