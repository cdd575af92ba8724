/**
 * Named statements for the event path (issue 22's ingestion, docs/decisions/051): SQL written once
 * per process, sent under a name, so PostgreSQL parses and plans it once per connection and each
 * event only binds its values.
 *
 * Decision 014 keeps list statements unnamed, because a list's filters are skewed and a generic plan
 * would be wrong for some. The statements here are not lists: each reaches its rows through a
 * primary or unique key (a payment, a key, a gateway account, one currency's charges, a month), so
 * the generic plan PostgreSQL may settle on after five executions is the plan of every execution.
 * They also skip drizzle's query builder, which rebuilt their text for every event.
 *
 * A statement runs on whatever executor it is given (the pool, or a transaction's connection)
 * through drizzle's session, so errors, type parsing (timestamps as text) and logging are the same
 * as for `db.execute`. On PGlite the name is ignored: one connection, nothing to save.
 */
import type { Executor } from './connect';

/** Every name in use, so two texts can never share one (node-postgres would refuse the second). */
const names = new Map<string, string>();

export interface NamedStatement<Params extends readonly unknown[], Row extends Record<string, unknown>> {
  readonly name: string;
  readonly text: string;
  run(db: Executor, params: Params): Promise<Row[]>;
}

/**
 * A statement with `$1…$n` placeholders, bound in order to `params`. Select columns by name, never
 * `*`: a prepared statement's result columns are fixed, and a later migration adding a column would
 * make PostgreSQL refuse the cached plan ("cached plan must not change result type").
 */
export function namedStatement<Params extends readonly unknown[], Row extends Record<string, unknown>>(
  name: string,
  text: string,
): NamedStatement<Params, Row> {
  const known = names.get(name);
  if (known !== undefined && known !== text) throw new Error(`statement name ${name} is already in use`);
  names.set(name, text);
  return {
    name,
    text,
    async run(db, params) {
      const prepared = db._.session.prepareQuery({ sql: text, params: [...params] }, undefined, name, false);
      const result = (await prepared.execute()) as { rows: Row[] };
      return result.rows;
    },
  };
}
