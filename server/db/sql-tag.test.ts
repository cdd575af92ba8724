/**
 * Our `sql` tag holds the same chunks as drizzle's, so every statement built with it compiles to
 * the same text and parameters; only the walk that notes a statement's tables is skipped.
 */
import { sql as drizzleSql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { journalEntries, journals } from './schema';
import { sql } from './sql-tag';

const dialect = new PgDialect();
const compiled = (query: SQL) => dialect.sqlToQuery(query);

/** The same statement built with either tag: values, columns, tables, nested fragments, joins. */
function statement(tag: typeof sql, term: string, ids: readonly string[]) {
  const conditions = [
    tag`${journalEntries.amount} > ${'10.5'}`,
    tag`${journals.description} ILIKE ${term}`,
    tag`${journalEntries.id} = any(${tag.placeholder('ids')})`,
  ];
  return tag`SELECT ${journalEntries.id}, ${tag.raw('1 AS one')} FROM ${journalEntries}
    JOIN ${journals} ON ${journals.id} = ${journalEntries.journalId}
    WHERE ${tag.join(conditions, tag` AND `)} AND ${journalEntries.journalId} IN (${tag.join(
      ids.map((id) => tag`${id}`),
      tag`, `,
    )})${tag``}${tag`${null}`}`;
}

describe('sql tag', () => {
  it('builds the chunks drizzle’s tag builds, so the statement compiles the same', () => {
    const ids = ['5c1c2a36-6c0e-4a0e-9a43-2ad1e1a7e0a1', '0a8f5c2e-1d3b-4e8e-8f2a-6b9d7c4e3f21'];
    const ours = statement(sql, '%pay%', ids);
    const theirs = statement(drizzleSql, '%pay%', ids);
    expect(ours.queryChunks.length).toBe(theirs.queryChunks.length);
    expect(compiled(ours)).toEqual(compiled(theirs));
    expect(compiled(sql`${1}`)).toEqual(compiled(drizzleSql`${1}`));
    expect(compiled(sql`plain`)).toEqual(compiled(drizzleSql`plain`));
    expect(sql``.queryChunks).toEqual(drizzleSql``.queryChunks);
    expect(compiled(sql.join([]))).toEqual(compiled(drizzleSql.join([])));
    expect(compiled(sql.join([sql`a`, sql`b`]))).toEqual(
      compiled(drizzleSql.join([drizzleSql`a`, drizzleSql`b`])),
    );
  });

  it('keeps drizzle’s other helpers and lets a fragment grow as drizzle’s does', () => {
    expect(sql.placeholder).toBe(drizzleSql.placeholder);
    expect(sql.raw).toBe(drizzleSql.raw);
    expect(sql.empty).toBe(drizzleSql.empty);
    const grown = sql`a = ${1}`.append(sql` AND b = ${2}`);
    expect(compiled(grown)).toEqual(compiled(drizzleSql`a = ${1}`.append(drizzleSql` AND b = ${2}`)));
    expect(compiled(grown)).toMatchObject({ sql: 'a = $1 AND b = $2', params: [1, 2] });
  });

  it('does not share one chunk list between fragments', () => {
    const first = sql`x`;
    const second = sql`y`;
    first.append(sql` z`);
    expect(compiled(second).sql).toBe('y');
  });
});
