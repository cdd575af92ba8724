/**
 * A raw statement's SQL tree flattened into text and parameters before drizzle compiles it
 * (decision 074). drizzle's compiler asks `is(chunk, Kind)` of every chunk for up to ten kinds in
 * turn, and each failed `is` walks the chunk's class chain by hand: for the journal search's
 * statements (hundreds of chunks, nested sql`` fragments) that was most of the API's CPU per
 * request (`search payment`: drizzle-orm 1.2 ms of 2.3 ms sampled, `is` alone 0.46 ms).
 *
 * Here each chunk's kind is found by `instanceof`, the tree becomes one list of text and values,
 * and drizzle compiles that list in one pass. Only the kinds whose text is plain are flattened
 * (text, nested SQL, names, lists, columns and tables of no schema or alias, values and the
 * values parameters encode to); every other chunk (placeholders, subqueries, aliased fields, query
 * builders) is kept as it is, in its place, for drizzle to compile as before. So the statement's
 * text and parameters are the same; the server suites' setup checks that on every statement they
 * run (flattenSql compiles it both ways and throws on a difference).
 */
import { isDeepStrictEqual } from 'node:util';
import { Column, Name, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sqlOfChunks } from './sql-tag';

// drizzle's own keys on a table (Table.Symbol, internal to its types).
const TABLE_NAME = Symbol.for('drizzle:Name');
const TABLE_SCHEMA = Symbol.for('drizzle:Schema');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');

/** PostgreSQL's quoting of an identifier, as drizzle's PgDialect writes it. */
function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The flat list being built: text is gathered until a value (or a kept chunk) interrupts it. */
interface Flat {
  chunks: unknown[];
  text: string;
}

/** drizzle's flag for an SQL whose parameters are written into its text (private in its types). */
function inlinesParams(query: SQL): boolean {
  return (query as unknown as { shouldInlineParams: boolean }).shouldInlineParams;
}

function pushValue(flat: Flat, value: unknown): void {
  if (flat.text !== '') {
    flat.chunks.push(new StringChunk(flat.text));
    flat.text = '';
  }
  flat.chunks.push(value);
}

function flattenChunk(flat: Flat, chunk: unknown): void {
  if (chunk === undefined) return;
  if (chunk === null || typeof chunk !== 'object') {
    // A primitive: drizzle makes it a parameter (this statement's parameters are never inlined).
    pushValue(flat, chunk);
    return;
  }
  if (chunk instanceof StringChunk) {
    flat.text += chunk.value.join('');
    return;
  }
  if (chunk instanceof SQL) {
    if (inlinesParams(chunk)) pushValue(flat, chunk);
    else for (const inner of chunk.queryChunks) flattenChunk(flat, inner);
    return;
  }
  if (chunk instanceof Name) {
    flat.text += quoted(chunk.value);
    return;
  }
  if (Array.isArray(chunk)) {
    flat.text += '(';
    chunk.forEach((item, at) => {
      if (at > 0) flat.text += ', ';
      flattenChunk(flat, item);
    });
    flat.text += ')';
    return;
  }
  if (chunk instanceof Param) {
    // A value bound to a column (eq, inArray): its encoder's value, as drizzle would send it. drizzle
    // also asks the column's type of every parameter (nine `is` each) for typings that neither
    // driver reads. A value encoded to anything but a primitive stays drizzle's to compile.
    if (!(chunk.value instanceof Placeholder)) {
      const mapped: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (mapped instanceof SQL) {
        flattenChunk(flat, mapped);
        return;
      }
      if (mapped === null || (typeof mapped !== 'object' && typeof mapped !== 'function')) {
        pushValue(flat, mapped);
        return;
      }
    }
  } else if (chunk instanceof Column) {
    const table = chunk.table as unknown as Record<symbol, unknown>;
    if (!chunk.keyAsName && table[TABLE_SCHEMA] === undefined && !table[IS_ALIAS]) {
      flat.text += `${quoted(table[TABLE_NAME] as string)}.${quoted(chunk.name)}`;
      return;
    }
  } else if (chunk instanceof Table) {
    const table = chunk as unknown as Record<symbol, unknown>;
    if (table[TABLE_SCHEMA] === undefined) {
      flat.text += quoted(table[TABLE_NAME] as string);
      return;
    }
  }
  // Anything else is drizzle's to compile, in its place.
  pushValue(flat, chunk);
}

/** Set by the test setup: every flattened statement is compiled both ways and compared. */
let checking = false;
const dialect = new PgDialect();

export function checkFlattenedSql(on: boolean): void {
  checking = on;
}

/** The same statement as `query`, as one SQL of plain text and values. */
export function flattenSql(query: SQL): SQL {
  if (inlinesParams(query)) return query;
  const flat: Flat = { chunks: [], text: '' };
  for (const chunk of query.queryChunks) flattenChunk(flat, chunk);
  if (flat.text !== '') flat.chunks.push(new StringChunk(flat.text));
  const flattened = sqlOfChunks(flat.chunks);
  if (checking) {
    const before = dialect.sqlToQuery(query);
    const after = dialect.sqlToQuery(flattened);
    if (before.sql !== after.sql || !isDeepStrictEqual(before.params, after.params)) {
      throw new Error(
        `flattenSql changed a statement:\n${before.sql}\n${JSON.stringify(before.params)}\n-- flattened:\n${after.sql}\n${JSON.stringify(after.params)}`,
      );
    }
  }
  return flattened;
}

/**
 * Makes `db` flatten every statement before drizzle compiles it: its dialect, which the database,
 * its sessions and its transactions share, compiles through flattenSql. Index definitions
 * (`invokeSource`) are compiled as drizzle would (they name columns without their table).
 */
export function flattenStatementsOf(db: object): void {
  const { dialect } = db as { dialect?: PgDialect };
  if (!dialect) throw new Error('flattenStatementsOf: drizzle keeps no dialect on this database');
  const compile = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (query, invokeSource) =>
    compile(invokeSource === undefined ? flattenSql(query) : query, invokeSource);
}
