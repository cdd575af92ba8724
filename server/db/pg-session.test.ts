import { DrizzleQueryError, eq, type Logger, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmptyDatabase,
  type EmptyDatabase,
  NEEDS_POSTGRES,
  TEST_DATABASE_URL,
} from '../test/multi-instance/postgres';
import { sqlState } from './connect';
import { DirectNodePgSession, drizzleDirect, fillPlaceholders } from './pg-session';
import { prepareUnnamed } from './prepared';

const owners = pgTable('owners', { id: integer('id').primaryKey(), name: text('name').notNull() });
const things = pgTable('things', {
  id: integer('id').primaryKey(),
  ownerId: integer('owner_id'),
  at: timestamp('at', { withTimezone: true, mode: 'string' }),
  amount: numeric('amount'),
});

const title = TEST_DATABASE_URL ? 'on PostgreSQL' : `skipped: ${NEEDS_POSTGRES}`;

describe.skipIf(!TEST_DATABASE_URL)(`drizzle on the direct node-postgres session (${title})`, () => {
  let database: EmptyDatabase;
  let pool: pg.Pool;
  const logged: { sql: string; params: unknown[] }[] = [];
  const logger: Logger = { logQuery: (text, params) => logged.push({ sql: text, params }) };
  let direct: ReturnType<typeof drizzleDirect>;
  let stock: ReturnType<typeof drizzleNodePg>;

  beforeAll(async () => {
    database = await createEmptyDatabase('session');
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    direct = drizzleDirect(pool, logger);
    stock = drizzleNodePg({ client: pool });
    await pool.query(`
      create table owners (id int primary key, name text not null);
      create table things (id int primary key, owner_id int, at timestamptz, amount numeric);
      insert into owners values (1, 'Ann');
      insert into things values
        (1, 1, '2026-11-27 05:00:00.123456+00', 12.500),
        (2, null, null, null),
        (3, 1, '2024-02-29 23:59:59+00', 0.000001);
    `);
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  /** The same statement on both sessions, for the answers to be compared. */
  const both = async <T>(run: (db: typeof direct | typeof stock) => Promise<T>): Promise<[T, T]> => [
    await run(direct),
    await run(stock),
  ];

  it("answers a joined select exactly as drizzle's own session: rows, nulled left joins, text timestamps", async () => {
    const [mine, theirs] = await both((db) =>
      db
        .select({ id: things.id, at: things.at, amount: things.amount, owner: owners })
        .from(things)
        .leftJoin(owners, eq(owners.id, things.ownerId))
        .orderBy(things.id),
    );
    expect(mine).toEqual(theirs);
    expect(mine[1]).toEqual({ id: 2, at: null, amount: null, owner: null });
    expect(mine[0]?.at).toBe('2026-11-27 05:00:00.123456+00');
  });

  it('keeps timestamps, dates, intervals and their arrays as text in a raw statement, as drizzle does', async () => {
    const statement = sql`select '2026-11-27 05:00:01.5'::timestamp as ts, '2024-02-29'::date as d,
      interval '1 day 2 hours' as i, array['2026-11-27 05:00:01+00'::timestamptz] as tsa,
      array['2024-02-29'::date] as da, array[1.50::numeric] as na, 7::int as n, true as b`;
    const [mine, theirs] = await both(async (db) => (await db.execute(statement)).rows);
    expect(mine).toEqual(theirs);
    const [row] = mine as Record<string, unknown>[];
    expect(row?.ts).toBe('2026-11-27 05:00:01.5');
    expect(row?.d).toBe('2024-02-29');
    expect(row?.da).toBe('{2024-02-29}');
    expect(row?.i).toBe('1 day 02:00:00');
    expect(row?.na).toBe('{1.50}');
    expect(row?.n).toBe(7);
    expect(row?.b).toBe(true);
  });

  it('fills placeholders, bare and bound to a column, and refuses a missing one by name', async () => {
    const prepared = prepareUnnamed(
      direct
        .select({ id: things.id })
        .from(things)
        .where(
          sql`${eq(things.ownerId, sql.placeholder('owner'))} and ${things.id} > ${sql.placeholder('after')}`,
        )
        .orderBy(things.id),
    );
    expect(await prepared.execute({ owner: 1, after: 1 })).toEqual([{ id: 3 }]);
    expect(await prepared.execute({ owner: 1, after: 0 })).toEqual([{ id: 1 }, { id: 3 }]);
    await expect(prepared.execute({ owner: 1 })).rejects.toThrow(
      'No value for placeholder "after" was provided',
    );
    expect(() => fillPlaceholders([sql.placeholder('x')], {})).toThrow('No value for placeholder "x"');
  });

  it('answers writes with the driver result (rows returned and rows counted)', async () => {
    const inserted = await direct.insert(owners).values({ id: 2, name: 'Bo' }).returning();
    expect(inserted).toEqual([{ id: 2, name: 'Bo' }]);
    const updated = await direct.update(owners).set({ name: 'Bea' }).where(eq(owners.id, 2));
    expect(updated.rowCount).toBe(1);
    expect(updated.command).toBe('UPDATE');
    const raw = await direct.execute(sql`delete from owners where id = ${2}`);
    expect(raw.rowCount).toBe(1);
  });

  it("wraps a driver error in drizzle's DrizzleQueryError, its SQLSTATE on the cause", async () => {
    const error = await direct
      .insert(owners)
      .values({ id: 1, name: 'again' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect(sqlState(error)).toBe('23505');
    expect((error as Error).message).toMatch(/^Failed query: insert into "owners"/);
  });

  it("tells drizzle's query logger every statement with its parameters", async () => {
    logged.length = 0;
    await direct.select({ id: owners.id }).from(owners).where(eq(owners.name, 'Ann'));
    await direct.execute(sql`select ${5}::int as five`);
    expect(logged).toEqual([
      { sql: 'select "id" from "owners" where "owners"."name" = $1', params: ['Ann'] },
      { sql: 'select $1::int as five', params: [5] },
    ]);
  });

  it('runs a transaction on one connection, a session of its own kind, committing or rolling back', async () => {
    const pids = await direct.transaction(async (tx) => {
      expect(tx._.session).toBeInstanceOf(DirectNodePgSession);
      await tx.insert(owners).values({ id: 10, name: 'kept' });
      const inner = await tx
        .transaction(async (nested) => {
          await nested.insert(owners).values({ id: 11, name: 'undone' });
          throw new Error('undo the savepoint');
        })
        .catch((e: Error) => e.message);
      expect(inner).toBe('undo the savepoint');
      const [a] = (await tx.execute(sql`select pg_backend_pid() as pid`)).rows;
      const [b] = (await tx.execute(sql`select pg_backend_pid() as pid`)).rows;
      return [a?.pid, b?.pid];
    });
    expect(pids[0]).toBe(pids[1]);
    await expect(
      direct.transaction(async (tx) => {
        await tx.insert(owners).values({ id: 12, name: 'rolled back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const names = await direct.select({ id: owners.id }).from(owners).orderBy(owners.id);
    expect(names).toEqual([{ id: 1 }, { id: 10 }]);
  });

  it('hands every transaction connection back to the pool, after a commit or a failure', async () => {
    // Two connections: more transactions than that in a row would wait forever for a kept one.
    for (let round = 0; round < 5; round++) {
      await direct.transaction(async (tx) => tx.execute(sql`select 1`));
      await direct
        .transaction(async (tx) => {
          await tx.execute(sql`select 1/0`);
        })
        .catch(() => undefined);
    }
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });
});
