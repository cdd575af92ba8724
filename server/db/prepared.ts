/**
 * Statements built once per shape and run many times (docs/decisions/014).
 *
 * Drizzle turns a query builder into SQL text on every call, and for a list request that was most
 * of what the API spent over its SQL (about 0.2-0.4 ms of CPU a request, docs/performance.md). The
 * statements of a list differ only by which filters are present, so each shape is built once with
 * placeholders for the values, kept, and a request only fills the values in.
 *
 * Kept with an empty name: on the wire that is PostgreSQL's unnamed statement, parsed and planned
 * with the actual values at every execution, exactly as an unprepared query. A named statement
 * would save the parse too but lets PostgreSQL switch to a generic plan after five executions,
 * which is wrong for skewed filters (`status = 'SUCCESS'` is two thirds of the table, `PAY_OUT`
 * one row in seventy).
 */
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from './connect';
import { readRowsOnce } from './row-reader';

/** The name drizzle's `.prepare()` takes: empty means PostgreSQL's unnamed statement. */
export const UNNAMED = '';

/**
 * Prepares a built select as PostgreSQL's unnamed statement, its rows mapped by a reader compiled
 * once for its columns (server/db/row-reader.ts).
 */
export function prepareUnnamed<Prepared extends object>(query: {
  prepare(name: string): Prepared;
}): Prepared {
  return readRowsOnce(query.prepare(UNNAMED));
}

/**
 * A raw SELECT prepared once (as `prepareUnnamed` prepares a query builder), its values going in as
 * placeholders: for statements written as SQL text (the reports), which drizzle otherwise builds
 * again on every request (decision 078). Its columns are read by name off the subquery `r`, which
 * PostgreSQL pulls up, so the plan is the query's own.
 */
export function keptSelect<Row extends Record<string, unknown>>(
  db: Executor,
  columns: readonly (keyof Row & string)[],
  query: SQL,
): KeptSelect<Row> {
  const fields = Object.fromEntries(columns.map((column) => [column, sql.raw(`r.${column}`)]));
  const statement = prepareUnnamed(db.select(fields).from(sql`(${query}) AS r`));
  return (values) => statement.execute(values) as Promise<Row[]>;
}

export type KeptSelect<Row extends Record<string, unknown>> = (
  values: Record<string, unknown>,
) => Promise<Row[]>;

/**
 * A cache of built statements per executor (a database or a transaction) and shape key. The key
 * must name everything the builder's SQL depends on; the builder must not read any value, only the
 * shape (values go in through placeholders).
 */
export function statementCache<Statement>() {
  const byExecutor = new WeakMap<Executor, Map<string, Statement>>();
  return (db: Executor, shape: string, build: () => Statement): Statement => {
    let cache = byExecutor.get(db);
    if (!cache) {
      cache = new Map();
      byExecutor.set(db, cache);
    }
    let statement = cache.get(shape);
    if (statement === undefined) {
      statement = build();
      cache.set(shape, statement);
    }
    return statement;
  };
}

/** A shape: only flags and small enumerations, never a value that goes into a placeholder. */
export type Shape = Readonly<Record<string, boolean | string>>;

/**
 * The cache key of a shape: every field, so a field added to a shape is part of its key without
 * anyone remembering to add it.
 */
export function shapeKey(shape: Shape): string {
  return Object.entries(shape)
    .map(([name, value]) => `${name}=${value}`)
    .join(';');
}

/** How many values a one-or-many filter binds: its SQL differs between the two. */
export type Arity = 'one' | 'many';

export function arityOf(values: readonly unknown[]): Arity {
  return values.length === 1 ? 'one' : 'many';
}

/**
 * `column = $name` for one value, `column = any($name)` for several. PostgreSQL reads a one-element
 * `IN (…)` as `=`, which an index can serve in order (`status = $1 ORDER BY date` walks
 * `transactions_status_date_idx`); `= any('{x}')` cannot, so one value keeps the plain comparison.
 * Bind the value with `bindOneOrMany`.
 */
export function oneOrAny(column: AnyColumn, name: string, arity: Arity): SQL {
  const placeholder = sql.placeholder(name);
  return arity === 'one' ? eq(column, placeholder) : sql`${column} = any(${placeholder})`;
}

/** The placeholder value for `oneOrAny`: the value itself when there is one, else the array. */
export function bindOneOrMany<T>(values: readonly T[]): T | T[] {
  return values.length === 1 ? (values[0] as T) : [...values];
}
