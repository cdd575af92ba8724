import { DATABASE_ERRORS } from '@contract/messages';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeApi } from '../test/api';
import { describeOnDatabases } from '../test/db';
import { databaseRefusal } from './database-errors';

/** What the database threw for `statement` (through drizzle, as the routes see it). */
async function thrown(statement: PromiseLike<unknown>): Promise<unknown> {
  try {
    await statement;
  } catch (error) {
    return error;
  }
  throw new Error('the statement was not refused');
}

/** `code` raised by the database itself, for the failures no single statement can be made to hit. */
const raise = (code: string) =>
  sql.raw(`do $$ begin raise exception 'raised for a test' using errcode = '${code}'; end $$`);

describeOnDatabases('database errors caused by data', (database) => {
  beforeAll(async () => {
    const { db } = database;
    await db.execute(sql`create table refusal_parent (id integer primary key)`);
    await db.execute(
      sql`create table refusal_child (parent_id integer not null references refusal_parent (id))`,
    );
    await db.execute(
      sql`create table refusal_text (code varchar(3) unique, amount numeric(4,2), n integer check (n > 0))`,
    );
    await db.execute(sql`insert into refusal_parent values (1)`);
    await db.execute(sql`insert into refusal_child values (1)`);
  });

  it.each([
    [
      'a NUL in text',
      sql`insert into refusal_text (code) values (${'a\u0000b'})`,
      DATABASE_ERRORS.unstorableCharacter,
    ],
    [
      'an integer beyond int4',
      sql`insert into refusal_text (n) values (${'99999999999'}::bigint)`,
      DATABASE_ERRORS.numberOutOfRange,
    ],
    [
      'a numeric beyond its precision',
      sql`insert into refusal_text (amount) values (${'12345.5'})`,
      DATABASE_ERRORS.numberOutOfRange,
    ],
    [
      'a text beyond its column',
      sql`insert into refusal_text (code) values (${'ABCD'})`,
      DATABASE_ERRORS.textTooLong,
    ],
    ['a number that is no number', sql`select ${'abc'}::integer`, DATABASE_ERRORS.malformedValue],
    ['a date PostgreSQL does not have', sql`select ${'0000-01-01'}::date`, DATABASE_ERRORS.dateOutOfRange],
    [
      'a division by zero (another data exception)',
      sql`select 1 / ${0}::integer`,
      DATABASE_ERRORS.invalidValue,
    ],
    [
      'a broken check constraint',
      sql`insert into refusal_text (n) values (${-1})`,
      DATABASE_ERRORS.ruleBroken,
    ],
    ['a reference to no row', sql`insert into refusal_child values (${2})`, DATABASE_ERRORS.unknownReference],
  ])('%s is a 400', async (_, statement, message) => {
    expect(databaseRefusal(await thrown(database.db.execute(statement)))).toEqual({ status: 400, message });
  });

  it('a duplicate of a unique value is a 409', async () => {
    await database.db.execute(sql`insert into refusal_text (code) values ('DUP')`);
    const error = await thrown(database.db.execute(sql`insert into refusal_text (code) values ('DUP')`));
    expect(databaseRefusal(error)).toEqual({ status: 409, message: DATABASE_ERRORS.duplicate });
  });

  it('deleting a row still referenced is a 409', async () => {
    const error = await thrown(database.db.execute(sql`delete from refusal_parent where id = 1`));
    expect(databaseRefusal(error)).toEqual({ status: 409, message: DATABASE_ERRORS.stillReferenced });
  });

  it.each(['40001', '40P01'])(
    'a serialization failure or deadlock (%s) is a 409: try again',
    async (code) => {
      const error = await thrown(database.db.transaction((tx) => tx.execute(raise(code))));
      expect(databaseRefusal(error)).toEqual({ status: 409, message: DATABASE_ERRORS.concurrentChange });
    },
  );

  it('a genuine fault is no refusal: a missing table, a syntax error, an error without a code', async () => {
    expect(databaseRefusal(await thrown(database.db.execute(sql`select * from no_such_table`)))).toBeNull();
    expect(databaseRefusal(await thrown(database.db.execute(sql.raw('selec 1'))))).toBeNull();
    expect(databaseRefusal(await thrown(database.db.execute(raise('XX000'))))).toBeNull();
    expect(databaseRefusal(new Error('connection lost'))).toBeNull();
    expect(databaseRefusal(null)).toBeNull();
  });
});

describeApi('the API answers data the database refuses', { signIn: ['admin'] }, (api, signed) => {
  const currency = { name: 'Tight', decimal_places: 2, in_multiples_of: 1, name_code: 'TGT' };
  const post = (body: unknown) =>
    api.call('/api/v1/currencies', {
      method: 'POST',
      token: signed.admin,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('with a 400 envelope, and writes nothing, when a column is tighter than the contract', async () => {
    // Stands for any rule the contract misses: the database refuses a display symbol the schema takes.
    await api.database.db.execute(sql`alter table currencies alter column display_symbol type varchar(2)`);
    try {
      const response = await post({ ...currency, display_symbol: 'ABCDE' });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        status: 400,
        data: null,
        errorMessage: DATABASE_ERRORS.textTooLong,
      });
      const stored = await api.database.db.execute(sql`select 1 from currencies where name_code = 'TGT'`);
      expect((stored as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    } finally {
      await api.database.db.execute(sql`alter table currencies alter column display_symbol type text`);
    }
    expect((await post({ ...currency, display_symbol: 'ABCDE' })).status).toBe(201);
  });

  it('and still a 500 for a genuine fault', async () => {
    await api.database.db.execute(sql`alter table gl_accounts rename to gl_accounts_away`);
    try {
      const response = await api.call('/api/v1/gl-accounts', { token: signed.admin });
      expect(response.status).toBe(500);
      expect(((await response.json()) as { errorMessage: string }).errorMessage).toBe(
        'Internal server error',
      );
    } finally {
      await api.database.db.execute(sql`alter table gl_accounts_away rename to gl_accounts`);
    }
  });
});
