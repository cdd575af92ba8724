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
 * A statement runs on whatever executor it is given (the pool, or a transaction's connection). On
 * node-postgres it goes straight to that connection's driver, with the type parsing drizzle's
 * sessions use (timestamps, dates and intervals as text): drizzle's prepared-query object, its
 * three tracing spans and its result cache were rebuilt for every execution, a few microseconds and
 * five promise layers a statement, a dozen statements per event (the ingestion profile,
 * docs/performance.md). Driver errors then reach the caller as node-postgres raised them (with
 * their SQLSTATE, which `sqlState` and the API's refusals read either way), not wrapped in
 * drizzle's DrizzleQueryError, and drizzle's query logger does not see these statements. On PGlite
 * the statement goes through drizzle's session as before, and the name is ignored: one connection,
 * nothing to save.
 */
import pg from 'pg';
import type { Executor } from './connect';
import { sendQuery } from './pg-session';

/** The node-postgres pool or pooled connection under a drizzle executor; undefined on PGlite. */
export function pgClientOf(db: Executor): pg.Pool | pg.Client | undefined {
  const { client } = db._.session as unknown as { client?: unknown };
  return client instanceof pg.Client || client instanceof pg.Pool ? client : undefined;
}

/** Every name in use, so two texts can never share one (node-postgres would refuse the second). */
const names = new Map<string, string>();

export interface NamedStatement<Params extends readonly unknown[], Row extends Record<string, unknown>> {
  readonly name: string;
  readonly text: string;
  run(db: Executor, params: Params): Promise<Row[]>;
  /**
   * Sends the statement on a node-postgres connection the caller holds (server/db/event-transaction.ts,
   * which sends BEGIN and COMMIT in the same write as the first and last statement).
   */
  send(client: pg.ClientBase, params: Params): Promise<Row[]>;
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
  const send = async (client: pg.Pool | pg.ClientBase, params: Params): Promise<Row[]> => {
    const result = await sendQuery(client as pg.Pool | pg.Client, text, params as unknown as unknown[], name);
    return result.rows as Row[];
  };
  return {
    name,
    text,
    send,
    async run(db, params) {
      const client = pgClientOf(db);
      if (client) return send(client, params);
      const prepared = db._.session.prepareQuery({ sql: text, params: [...params] }, undefined, name, false);
      const result = (await prepared.execute()) as { rows: Row[] };
      return result.rows;
    },
  };
}
