import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, PgDialect, pgSchema, QueryBuilder, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { queryRows } from './connect';
import { flattenSql } from './flat-sql';
import { journalEntries, journals, transactions } from './schema';

const dialect = new PgDialect();

/**
 * What a driver is sent: the text and the parameters. drizzle's typings (the column type of each
 * parameter) are read by neither node-postgres nor PGlite's session, and flattening drops them.
 */
function sent(query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}
const otherSchema = pgSchema('elsewhere');
const schemaTable = otherSchema.table('things', { name: text('name') });
const aliased = alias(journals, 'j2');

/** Statements of every kind of chunk drizzle compiles, nested as the journal search nests them. */
const STATEMENTS: [string, () => SQL][] = [
  [
    'text, columns, tables and values',
    () => sql`select ${journalEntries.id} from ${journalEntries} where ${journalEntries.amount} > ${'5.00'}`,
  ],
  [
    'nested fragments, lists and nulls',
    () => {
      const inner = sql`${journals.descriptionTemplateId} in (${sql.join(
        [1, 2, 3].map((id) => sql`${id}::smallint`),
        sql`, `,
      )})`;
      return sql`select 1 from ${journals} where (${inner} or ${journals.description} ilike ${'%of %'}) and ${null}::text is null and ${[4, 'five', null]} is not null`;
    },
  ],
  [
    'an empty fragment and undefined chunks',
    () => sql`select 1 ${sql``}${undefined} where ${and(undefined, sql`true`)}`,
  ],
  [
    'parameters with encoders (eq, inArray on uuid and timestamps)',
    () =>
      sql`select * from ${journalEntries} where ${and(eq(journalEntries.createdAt, new Date('2026-11-21T12:00:00Z')), inArray(journalEntries.journalId, ['00000000-0000-0000-0000-000000000001']))}`,
  ],
  [
    'placeholders',
    () =>
      sql`select * from ${transactions} where ${transactions.txnRef} ilike ${sql.placeholder('pattern')} limit ${sql.placeholder('limit')}`,
  ],
  [
    'identifiers and raw text',
    () => sql`select ${sql.identifier('we"ird')} from ${sql.raw('journals')} as ${sql.identifier('j')}`,
  ],
  [
    'an aliased table and its columns',
    () => sql`select ${aliased.id} from ${aliased} where ${aliased.createdAt} < now()`,
  ],
  ['a table in a schema', () => sql`select ${schemaTable.name} from ${schemaTable}`],
  [
    'a query builder and a subquery inside',
    () => {
      const builder = new QueryBuilder();
      const newest = builder.select({ id: journals.id }).from(journals).limit(3);
      const sub = builder
        .select({ id: journals.id })
        .from(journals)
        .where(eq(journals.eventType, 'MANUAL'))
        .as('sub');
      return sql`select ${sub.id} from ${sub} where ${sub.id} in ${newest}`;
    },
  ],
  ['inlined parameters', () => sql`select ${sql`${"it's"} as x`.inlineParams()}, ${'kept'}`],
  ['a field alias', () => sql`select ${sql`count(*)`.as('total')} from ${journals}`],
  [
    'a whole column list',
    () =>
      sql`select ${sql.join(Object.values(getTableColumns(journalEntries)), sql`, `)} from ${journalEntries}`,
  ],
];

describe('flattenSql', () => {
  it.each(STATEMENTS)('keeps the text and parameters of %s', (_, build) => {
    const query = build();
    const flat = flattenSql(query);
    expect(sent(flat)).toEqual(sent(query));
  });

  it('leaves one chunk per value and per run of text', () => {
    const query = sql`select ${journalEntries.id} from ${journalEntries} where ${sql`${journalEntries.amount} > ${'5.00'} and ${sql`${journalEntries.entryType} = ${'DEBIT'}`}`}`;
    // text, '5.00', text, 'DEBIT'
    expect(flattenSql(query).queryChunks).toHaveLength(4);
  });

  describe('on a database', () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase('pglite');
    });
    afterAll(() => t?.dispose());

    it('answers a flattened statement as the tree would be answered', async () => {
      const rows = await queryRows<{ a: number; b: string; c: boolean }>(
        t.db,
        sql`select ${1}::int as a, ${sql`${'x'}::text || ${sql`${'y'}::text`}`} as b, ${'q'}::text in ${[sql`${'p'}::text`, sql`${'q'}::text`]} as c`,
      );
      expect(rows).toEqual([{ a: 1, b: 'xy', c: true }]);
    });
  });
});
