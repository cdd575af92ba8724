/**
 * A list's sort order as SQL (issue 24, decisions 041 and 044): the chosen column, then `id` in the
 * same direction, so rows sharing a value keep one order and pages never overlap or skip a row; one
 * B-tree index `(column, id)` serves both directions by a backward scan.
 */
import type { SortOrder } from '@contract/list-sort';
import { asc, count, desc, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './connect';
import type { ListPage } from './sql';

/** Each sort key's column (or expression, such as `lower(name)`), or several for a compound order. */
export type SortColumns<K extends string> = Readonly<Record<K, SQLWrapper | readonly SQLWrapper[]>>;

/** `ORDER BY <column(s)> <dir>, id <dir>`. */
export function orderByOf<K extends string>(
  order: SortOrder<K>,
  columns: SortColumns<K>,
  id: AnyPgColumn,
): SQL[] {
  const by = order.direction === 'asc' ? asc : desc;
  const chosen = columns[order.key];
  const list: readonly SQLWrapper[] = Array.isArray(chosen) ? chosen : [chosen as SQLWrapper];
  return [...list.map((column) => by(column)), by(id)];
}

/** The page's rows in `orderBy`, and the total the same filter counts. */
export async function sortedPage<Q extends PgSelect, T>(
  select: Q,
  orderBy: readonly SQL[],
  counted: PromiseLike<{ total: number }[]>,
  { page, limit }: { page: number; limit: number },
  toContents: (rows: Awaited<Q>) => T[] | Promise<T[]>,
): Promise<ListPage<T>> {
  const [rows, totals] = await Promise.all([
    select
      .orderBy(...orderBy)
      .limit(limit)
      .offset((page - 1) * limit),
    counted,
  ]);
  return { contents: await toContents(rows as Awaited<Q>), total: totals[0]?.total ?? 0 };
}

/** `sortedPage` of one table's rows under `where` (no join: the offset walks the sort's index). */
export function sortedTablePage<T extends PgTable, I>(
  db: Database,
  table: T,
  where: SQL | undefined,
  orderBy: readonly SQL[],
  query: { page: number; limit: number },
  toItem: (row: T['$inferSelect']) => I,
): Promise<ListPage<I>> {
  return sortedPage(
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .$dynamic(),
    orderBy,
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
    query,
    (rows) => (rows as T['$inferSelect'][]).map(toItem),
  );
}
