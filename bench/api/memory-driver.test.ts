/**
 * The in-memory driver answers a replayed statement with what the database said when it was
 * recorded (not what it says now), keeps pg's row modes apart, and refuses what it never saw.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/connect';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../server/test/db';
import { memoryDriver, statementKey } from './memory-driver';

describe('statementKey', () => {
  it('tells row modes and parameters apart, and reads both drivers’ call shapes', () => {
    const text = 'select $1::int as n';
    expect(statementKey([{ text, rowMode: 'array' }, [1]])).not.toBe(statementKey([text, [1]]));
    expect(statementKey([text, [1]])).not.toBe(statementKey([text, [2]]));
    expect(statementKey([text, [1], { rowMode: 'array' }])).toBe(
      statementKey([{ text, rowMode: 'array' }, [1]]),
    );
    expect(statementKey([{ text, values: [1] }])).toBe(statementKey([text, [1]]));
    // A pg Query made from its text, its row mode set after (server/db/pg-session.ts).
    expect(statementKey([{ text, values: [1], _rowMode: 'array' }])).toBe(
      statementKey([{ text, rowMode: 'array' }, [1]]),
    );
  });
});

describe.each(TEST_DATABASE_KINDS)('memoryDriver on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await t.db.execute(sql`create table memo (n int)`);
  });
  afterAll(() => t.dispose());

  const countMemo = async () =>
    (await queryRows<{ n: number }>(t.db, 'select count(*)::int as n from memo'))[0]?.n;

  it('replays the recorded answer, and the database again after restore', async () => {
    const driver = memoryDriver(t);
    driver.record();
    expect(await countMemo()).toBe(0);
    driver.restore();
    await t.db.execute(sql`insert into memo values (1)`);

    driver.replay();
    expect(await countMemo()).toBe(0);
    // drizzle wraps the driver's error; its cause is ours.
    await expect(t.db.execute(sql`select 2 as never_recorded`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/^not recorded: /) },
    });

    driver.restore();
    expect(await countMemo()).toBe(1);
  });

  it('answers a write recorded with other values as it was answered then, and writes nothing', async () => {
    const driver = memoryDriver(t);
    driver.record();
    await t.db.execute(sql`update memo set n = ${2} where n = ${1}`);
    driver.replay();
    // The session's "last seen" again, with a new time: answered, not refused (nor written).
    await expect(t.db.execute(sql`update memo set n = ${3} where n = ${2}`)).resolves.toBeDefined();
    // A read with other values is still refused.
    await expect(t.db.execute(sql`select ${5}::int as never_recorded`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/^not recorded: /) },
    });
    driver.restore();
    expect(
      (await queryRows<{ n: number }>(t.db, 'select n from memo order by n')).map((row) => row.n),
    ).toEqual([2]);
  });

  it('sends a write it never recorded to the database (the bookkeeping a replay can fall due for)', async () => {
    const driver = memoryDriver(t);
    driver.record();
    await countMemo();
    driver.replay();
    await expect(t.db.execute(sql`insert into memo values (${7})`)).resolves.toBeDefined();
    driver.restore();
    expect(
      (await queryRows<{ n: number }>(t.db, 'select n from memo order by n')).map((row) => row.n),
    ).toEqual([2, 7]);
  });
});
