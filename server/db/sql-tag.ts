/**
 * drizzle's `sql` tag, built without drizzle's walk over the chunks (docs/decisions/076).
 *
 * drizzle's SQL constructor asks `is(chunk, Table)` of every chunk it is given, to note the tables
 * a statement reads for drizzle's result cache, and each `is` that fails walks the chunk's class
 * chain by hand. The journal search builds its statements from hundreds of small fragments per
 * request, so that walk was a steady share of the API's CPU on it. We use no result cache: here a
 * fragment is made empty and then given its chunks, the same chunks in the same order, so the
 * statement drizzle (or flat-sql.ts) compiles from it is the same. `sql.join` and flat-sql.ts's
 * flattened statements are built the same way; every other helper (`sql.placeholder`, `sql.raw`,
 * `sql.empty`, ...) is drizzle's own. Used where statements are built from many fragments per
 * request (the journal search); elsewhere drizzle's tag costs too little to matter.
 */
import { sql as drizzleSql, SQL, type SQLChunk, type SQLWrapper, StringChunk } from 'drizzle-orm';

/** An SQL of these chunks (taken as they are, not copied), without drizzle's walk over them. */
export function sqlOfChunks(chunks: unknown[]): SQL {
  const query = new SQL([]);
  (query as unknown as { queryChunks: unknown[] }).queryChunks = chunks;
  return query;
}

function tag(strings: TemplateStringsArray, ...params: unknown[]): SQL {
  const chunks: unknown[] = [];
  if (params.length > 0 || (strings.length > 0 && strings[0] !== ''))
    chunks.push(new StringChunk(strings[0] ?? ''));
  for (let i = 0; i < params.length; i++) chunks.push(params[i], new StringChunk(strings[i + 1] ?? ''));
  return sqlOfChunks(chunks);
}

function join(parts: readonly (SQLChunk | SQLWrapper)[], separator?: SQLChunk): SQL {
  const chunks: unknown[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i > 0 && separator !== undefined) chunks.push(separator);
    chunks.push(parts[i]);
  }
  return sqlOfChunks(chunks);
}

/** drizzle's `sql`, with the tag and `sql.join` as above. */
export const sql: typeof drizzleSql = Object.assign(tag as typeof drizzleSql, drizzleSql, { join });
