import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../test/db';
import type { Executor } from './connect';
import { arityOf, bindOneOrMany, keptSelect, shapeKey, statementCache } from './prepared';

describe('statements built once per shape', () => {
  it('builds a statement once per executor and shape key', () => {
    const cache = statementCache<{ built: number }>();
    let builds = 0;
    const build = () => ({ built: ++builds });
    const db = {} as Executor;
    const tx = {} as Executor;
    const first = cache(db, 'a', build);
    expect(cache(db, 'a', build)).toBe(first);
    expect(cache(db, 'b', build)).not.toBe(first);
    // A transaction (or another database) never runs a statement built on another executor.
    expect(cache(tx, 'a', build)).not.toBe(first);
    expect(builds).toBe(3);
  });

  it('keys a shape by every field, so shapes differing in any one never share a statement', () => {
    const shape = { merchant: true, statuses: 'one', search: 'none' };
    const keys = new Set([
      shapeKey(shape),
      shapeKey({ ...shape, merchant: false }),
      shapeKey({ ...shape, statuses: 'many' }),
      shapeKey({ ...shape, search: 'names' }),
      shapeKey({ ...shape, added: true }),
    ]);
    expect(keys.size).toBe(5);
    expect(shapeKey({ ...shape })).toBe(shapeKey(shape));
  });

  it('binds one value as itself and several as an array', () => {
    expect(arityOf(['SUCCESS'])).toBe('one');
    expect(arityOf(['SUCCESS', 'PENDING'])).toBe('many');
    expect(bindOneOrMany(['SUCCESS'])).toBe('SUCCESS');
    expect(bindOneOrMany(['SUCCESS', 'PENDING'])).toEqual(['SUCCESS', 'PENDING']);
  });
});

describe.each(TEST_DATABASE_KINDS)('a raw SELECT kept once on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.dispose());

  it('reads its columns by name and takes its values through placeholders on every run', async () => {
    const select = keptSelect<{ word: string; doubled: number }>(
      t.db,
      ['word', 'doubled'],
      sql`SELECT ${sql.placeholder('word')}::text AS word, ${sql.placeholder('n')}::int * 2 AS doubled`,
    );
    expect(await select({ word: 'debit', n: 21 })).toEqual([{ word: 'debit', doubled: 42 }]);
    expect(await select({ word: 'credit', n: 5 })).toEqual([{ word: 'credit', doubled: 10 }]);
  });
});
