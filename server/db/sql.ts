/**
 * SQL helpers shared by the queries (server/db/queries/) and the routers: the page of a list, the
 * `ILIKE` pattern of a search term, database-error classification, and the wire form of stored money.
 */
import { normalize } from '@contract/decimal';
import { ACTIVATION_COMMAND_TARGET, type ActivationCommand } from '@contract/fields';
import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { type Database, type Executor, SQLSTATE, sqlState } from './connect';

/** A list's page as the queries answer it; the routers add `total_pages`. */
export interface ListPage<T> {
  contents: T[];
  total: number;
}

/**
 * One page of a list, newest first (`created_at` descending, then `id`, so pages never overlap or
 * skip rows), and the total the list's filter matches. `select` is the filtered select made
 * dynamic (`.$dynamic()`), `counted` the count under the same filter (and joins); `toContents`
 * turns the page's rows into the answer's items.
 */
export async function newestFirstPage<Q extends PgSelect, T>(
  select: Q,
  table: { readonly createdAt: AnyPgColumn; readonly id: AnyPgColumn },
  counted: PromiseLike<{ total: number }[]>,
  { page, limit }: { page: number; limit: number },
  toContents: (rows: Awaited<Q>) => T[] | Promise<T[]>,
): Promise<ListPage<T>> {
  const [rows, totals] = await Promise.all([
    select
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(limit)
      .offset((page - 1) * limit),
    counted,
  ]);
  return { contents: await toContents(rows as Awaited<Q>), total: totals[0]?.total ?? 0 };
}

/** `newestFirstPage` of one table's rows under `where`, each answered as `toItem` maps it. */
export function tablePage<
  T extends PgTable & { readonly createdAt: AnyPgColumn; readonly id: AnyPgColumn },
  I,
>(
  db: Database,
  table: T,
  where: SQL | undefined,
  query: { page: number; limit: number },
  toItem: (row: T['$inferSelect']) => I,
): Promise<ListPage<I>> {
  return newestFirstPage(
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .$dynamic(),
    table,
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
    query,
    (rows) => (rows as T['$inferSelect'][]).map(toItem),
  );
}

/**
 * True when a row other than `exceptId` already holds `value` in a unique `column` of `table`: the
 * pre-check behind a 409 that names the value (the unique index still decides a race).
 */
export async function valueTaken(
  db: Executor,
  table: PgTable & { readonly id: AnyPgColumn },
  column: AnyPgColumn,
  value: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(column, value), exceptId ? ne(table.id, exceptId) : undefined));
  return rows.length > 0;
}

/**
 * The SET and WHERE of an activate/deactivate command as one conditional UPDATE (`WHERE status <>
 * target`): of two concurrent identical commands only one changes the row, and a row already in the
 * target status (or an unknown id) updates nothing.
 */
export function activationUpdate(
  table: { readonly id: AnyPgColumn; readonly status: AnyPgColumn },
  id: string,
  command: ActivationCommand,
  now: Date,
) {
  const status = ACTIVATION_COMMAND_TARGET[command];
  return { set: { status, updatedAt: now }, where: and(eq(table.id, id), ne(table.status, status)) };
}

/** `ILIKE '%term%'` with the term's own `%`, `_` and `\` matched literally (backslash is the default escape). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === SQLSTATE.uniqueViolation;
}

export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === SQLSTATE.foreignKeyViolation;
}

/** numeric(24,6) comes back as "5.000000"; the wire carries the plain decimal "5". */
export function money(stored: string): string {
  return normalize(stored);
}
