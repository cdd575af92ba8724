/**
 * An empty PostgreSQL database (no migrations applied) on the server of TEST_DATABASE_URL, for the
 * tests of what several server processes do when they start on one: createTestDatabase in ../db.ts
 * hands out databases already migrated.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Why a PostgreSQL-only suite is skipped, for its title. */
export const NEEDS_POSTGRES = 'needs a PostgreSQL server: set TEST_DATABASE_URL';

export interface EmptyDatabase {
  readonly url: string;
  /** Ends every connection still open to it and drops it. */
  drop(): Promise<void>;
}

export async function createEmptyDatabase(prefix = 'multi'): Promise<EmptyDatabase> {
  if (!TEST_DATABASE_URL) throw new Error(NEEDS_POSTGRES);
  const name = `test_${prefix}_${randomBytes(5).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin(async (client) => {
        await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        await client.query(`DROP DATABASE IF EXISTS "${name}"`);
      }),
  };
}

async function admin(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
