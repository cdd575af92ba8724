import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../test/db';
import { queryRows, SQLSTATE, sqlState } from './connect';
import { eventTransaction, runTogether, sendAhead } from './event-transaction';
import { namedStatement, pgClientOf } from './named-statements';

const insertProbe = namedStatement<[id: number, note: string], { id: number }>(
  'test_event_probe_insert',
  'insert into event_probe (id, note) values ($1, $2) returning id',
);

const probe = (id: number, note: string) => ({
  statement: insertProbe,
  params: [id, note] as [number, string],
});

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
    const answer = await eventTransaction(db, probe(1, 'first'), async (rows, { tx, last }) => {
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
    await eventTransaction(db, probe(4, 'first'), async (_, { tx }) => {
      await insertProbe.run(tx, [5, 'middle']);
    });
    expect(await probes()).toEqual([1, 2, 3, 4, 5]);
  });

  it('writes nothing when the work throws, and the connection serves the next call', async () => {
    const { db } = database;
    await expect(
      eventTransaction(db, probe(6, 'first'), async (_, { tx }) => {
        await insertProbe.run(tx, [7, 'middle']);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await probes()).toEqual([1, 2, 3, 4, 5]);
    await eventTransaction(db, probe(6, 'again'), async () => undefined);
    expect(await probes()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('writes nothing when the last statement fails: its error is thrown', async () => {
    const { db } = database;
    expect(
      await failure(
        eventTransaction(db, probe(8, 'first'), async (_, { last }) => {
          await last(insertProbe, [1, 'taken']);
        }),
      ),
    ).toBe(SQLSTATE.uniqueViolation);
    expect(await probes()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('writes nothing when the first statement fails', async () => {
    const { db } = database;
    expect(await failure(eventTransaction(db, probe(2, 'taken'), async () => 'never'))).toBe(
      SQLSTATE.uniqueViolation,
    );
    expect(await probes()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('never commits a work that swallowed a failed statement', async () => {
    const { db } = database;
    await expect(
      eventTransaction(db, probe(9, 'first'), async (_, { tx }) => {
        await insertProbe.run(tx, [1, 'taken']).catch(() => undefined);
      }),
    ).rejects.toThrow();
    expect(await probes()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  /** Counts the socket writes of the next connection the pool lends (PostgreSQL only). */
  const countWrites = (): { writes: number; client?: pg.PoolClient } | undefined => {
    const pool = pgClientOf(database.db);
    if (kind !== 'postgres' || !(pool instanceof pg.Pool)) return undefined;
    const counted: { writes: number; client?: pg.PoolClient } = { writes: 0 };
    pool.once('acquire', (client: pg.PoolClient) => {
      counted.client = client;
      const stream = client.connection.stream as unknown as {
        _write: (...args: unknown[]) => unknown;
        _writev: (...args: unknown[]) => unknown;
      };
      for (const method of ['_write', '_writev'] as const) {
        const original = stream[method];
        stream[method] = (...args: unknown[]) => {
          counted.writes++;
          return original.apply(stream, args);
        };
      }
    });
    return counted;
  };

  // PGlite has no socket to count writes on, and keeps drizzle's transaction: registered for
  // PostgreSQL only, so the PGlite side reports no skipped test.
  const onPostgres = kind === 'postgres' ? it : () => undefined;
  onPostgres(
    'on PostgreSQL, sends BEGIN in the first statement’s write and COMMIT in the last one’s',
    async () => {
      const counted = countWrites();
      if (!counted) throw new Error('no pooled PostgreSQL connection to count writes on');
      await eventTransaction(database.db, probe(10, 'first'), async (_, { tx, last }) => {
        await insertProbe.run(tx, [11, 'middle']);
        await last(insertProbe, [12, 'last']);
      });
      // Three statements, three writes: drizzle's transaction takes five (BEGIN and COMMIT alone).
      expect(counted.writes).toBe(3);
      expect(await probes()).toEqual([1, 2, 3, 4, 5, 6, 10, 11, 12]);
      // The connection goes back to the pool as it came: one query at a time.
      expect(counted.client?.pipeline).toBe(false);
    },
  );

  it('runs statements together in order: one write inside an event’s transaction', async () => {
    const counted = countWrites();
    const answers = await eventTransaction(database.db, probe(20, 'first'), async (_, { tx }) =>
      runTogether(tx, [() => insertProbe.run(tx, [21, 'a']), () => insertProbe.run(tx, [22, 'b'])] as const),
    );
    expect(answers).toEqual([[{ id: 21 }], [{ id: 22 }]]);
    if (counted) expect(counted.writes).toBe(3);
    // Outside an event's transaction, one after the other, with the same answers.
    expect(
      await runTogether(database.db, [
        () => insertProbe.run(database.db, [23, 'c']),
        () => insertProbe.run(database.db, [24, 'd']),
      ] as const),
    ).toEqual([[{ id: 23 }], [{ id: 24 }]]);
    expect((await probes()).filter((id) => id >= 20)).toEqual([20, 21, 22, 23, 24]);
  });

  it('statements together: the first failure is thrown and the transaction writes nothing', async () => {
    expect(
      await failure(
        eventTransaction(database.db, probe(30, 'first'), async (_, { tx }) =>
          runTogether(tx, [
            () => insertProbe.run(tx, [1, 'taken']),
            () => insertProbe.run(tx, [31, 'b']),
          ] as const),
        ),
      ),
    ).toBe(SQLSTATE.uniqueViolation);
    expect((await probes()).filter((id) => id >= 30)).toEqual([]);
  });

  it('a statement sent ahead answers when awaited; its failure, never awaited, is no unhandled rejection', async () => {
    const ids = await eventTransaction(database.db, probe(40, 'first'), async (_, { tx }) => {
      const ahead = await sendAhead(tx, () => insertProbe.run(tx, [41, 'ahead']));
      await insertProbe.run(tx, [42, 'after']);
      return ahead();
    });
    expect(ids).toEqual([{ id: 41 }]);
    await expect(
      eventTransaction(database.db, probe(43, 'first'), async (_, { tx }) => {
        await sendAhead(tx, () => insertProbe.run(tx, [1, 'taken'])).catch(() => undefined);
        throw new Error('refused before awaiting it');
      }),
    ).rejects.toThrow('refused before awaiting it');
    expect((await probes()).filter((id) => id >= 40)).toEqual([40, 41, 42]);
  });

  it('sends a statement along with the first, before its answer: both rows reach the work', async () => {
    const counted = countWrites();
    const seen = await eventTransaction(
      database.db,
      probe(50, 'first'),
      async (rows, { last }, alongRows) => {
        await last(insertProbe, [52, 'last']);
        return [rows, alongRows];
      },
      probe(51, 'along'),
    );
    expect(seen).toEqual([[{ id: 50 }], [{ id: 51 }]]);
    // BEGIN with the first and the one along it, then the last with COMMIT.
    if (counted) expect(counted.writes).toBe(2);
    // A refusal after it rolls back what it wrote.
    await expect(
      eventTransaction(
        database.db,
        probe(53, 'first'),
        async () => {
          throw new Error('refused');
        },
        probe(54, 'along'),
      ),
    ).rejects.toThrow('refused');
    expect((await probes()).filter((id) => id >= 50)).toEqual([50, 51, 52]);
  });
});
