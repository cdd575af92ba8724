import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../test/db';
import { queryRows, SQLSTATE, sqlState } from './connect';
import { eventTransaction } from './event-transaction';
import { namedStatement, pgClientOf } from './named-statements';

const insertProbe = namedStatement<[id: number, note: string], { id: number }>(
  'test_event_probe_insert',
  'insert into event_probe (id, note) values ($1, $2) returning id',
);

/** The SQLSTATE a call failed with (drizzle wraps PGlite's errors; node-postgres's come bare). */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => 'no failure',
    (error: unknown) => sqlState(error),
  );

describeOnDatabases('eventTransaction', (database, kind) => {
  const probes = async () =>
    (await queryRows<{ id: number }>(database.db, sql`select id from event_probe order by id`)).map(
      (r) => r.id,
    );

  it('commits the first statement, the work and the last one together', async () => {
    const { db } = database;
    await db.execute(sql`create table event_probe (id int primary key, note text not null)`);
    const answer = await eventTransaction(db, insertProbe, [1, 'first'], async (rows, { tx, last }) => {
      expect(rows).toEqual([{ id: 1 }]);
      await insertProbe.run(tx, [2, 'middle']);
      await last(insertProbe, [3, 'last']);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await probes()).toEqual([1, 2, 3]);
  });

  it('commits after the work when it has no last statement', async () => {
    const { db } = database;
    await eventTransaction(db, insertProbe, [4, 'first'], async (_, { tx }) => {
      await insertProbe.run(tx, [5, 'middle']);
    });
    expect(await probes()).toEqual([1, 2, 3, 4, 5]);
  });

  it('writes nothing when the work throws, and the connection serves the next call', async () => {
    const { db } = database;
    await expect(
      eventTransaction(db, insertProbe, [6, 'first'], async (_, { tx }) => {
        await insertProbe.run(tx, [7, 'middle']);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await probes()).toEqual([1, 2, 3, 4, 5]);
    await eventTransaction(db, insertProbe, [6, 'again'], async () => undefined);
    expect(await probes()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('writes nothing when the last statement fails: its error is thrown', async () => {
    const { db } = database;
    expect(
      await failure(
        eventTransaction(db, insertProbe, [8, 'first'], async (_, { last }) => {
          await last(insertProbe, [1, 'taken']);
        }),
      ),
    ).toBe(SQLSTATE.uniqueViolation);
    expect(await probes()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('writes nothing when the first statement fails', async () => {
    const { db } = database;
    expect(await failure(eventTransaction(db, insertProbe, [2, 'taken'], async () => 'never'))).toBe(
      SQLSTATE.uniqueViolation,
    );
    expect(await probes()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('never commits a work that swallowed a failed statement', async () => {
    const { db } = database;
    await expect(
      eventTransaction(db, insertProbe, [9, 'first'], async (_, { tx }) => {
        await insertProbe.run(tx, [1, 'taken']).catch(() => undefined);
      }),
    ).rejects.toThrow();
    expect(await probes()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('on PostgreSQL, sends BEGIN in the first statement’s write and COMMIT in the last one’s', async (context) => {
    const { db } = database;
    const pool = pgClientOf(db);
    if (kind !== 'postgres' || !(pool instanceof pg.Pool)) {
      context.skip();
      return;
    }
    let writes = 0;
    let used: pg.PoolClient | undefined;
    const count = (client: pg.PoolClient) => {
      used = client;
      const stream = client.connection.stream as unknown as {
        _write: (...args: unknown[]) => unknown;
        _writev: (...args: unknown[]) => unknown;
      };
      for (const method of ['_write', '_writev'] as const) {
        const original = stream[method];
        stream[method] = (...args: unknown[]) => {
          writes++;
          return original.apply(stream, args);
        };
      }
    };
    pool.once('acquire', count);
    await eventTransaction(db, insertProbe, [10, 'first'], async (_, { tx, last }) => {
      await insertProbe.run(tx, [11, 'middle']);
      await last(insertProbe, [12, 'last']);
    });
    // Three statements, three writes: drizzle's transaction takes five (BEGIN and COMMIT alone).
    expect(writes).toBe(3);
    expect(await probes()).toEqual([1, 2, 3, 4, 5, 6, 10, 11, 12]);
    // The connection goes back to the pool as it came: one query at a time.
    expect(used?.pipeline).toBe(false);
  });
});
