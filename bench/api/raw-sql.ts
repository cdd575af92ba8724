/**
 * The raw-SQL baseline runs the very statements the handler sends, not a hand-written lookalike:
 * a second drizzle instance over the same driver client logs every statement, the real app built
 * on it answers one request per query (app.request, no network), and the logged SQL and
 * parameters are replayed straight on the driver client, bypassing Hono, auth, drizzle's
 * builder and row mapping. The difference to the HTTP time is what the API layer costs.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { createApp } from '../../server/app';
import type { TokenService } from '../../server/auth/tokens';
import type { Database, DatabaseHandle } from '../../server/db/connect';

export interface Statement {
  sql: string;
  params: unknown[];
  /**
   * Statements the handler issued together (one Promise.all) share a stage; a later stage was
   * issued after an earlier one's results came back (a search resolves names, then pages and counts).
   */
  stage: number;
}

/** Runs one statement on the driver itself; resolves to the rows the driver parsed. */
export type RawRunner = (statement: Statement) => Promise<readonly unknown[]>;

export interface SqlCapture {
  /** The statements the handler ran for `path` (with a query string), in the order it issued them. */
  capture(path: string, token: string): Promise<Statement[]>;
  run: RawRunner;
  /** EXPLAIN (ANALYZE, BUFFERS) of one statement, as text. */
  explain(statement: Statement): Promise<string>;
}

export function sqlCapture(handle: DatabaseHandle, tokens: TokenService): SqlCapture {
  let log: Statement[] = [];
  let stage = 0;
  let stageOpen = false;
  const logger: Logger = {
    logQuery: (sql, params) => {
      // Statements logged before the event loop next turns were issued together: a dependent
      // statement can only be issued after an I/O callback, which comes after setImmediate's turn.
      if (!stageOpen) {
        stage += 1;
        stageOpen = true;
        setImmediate(() => {
          stageOpen = false;
        });
      }
      log.push({ sql, params: [...params], stage });
    },
  };

  let loggingDb: Database;
  let run: RawRunner;
  let plan: (statement: Statement) => Promise<Record<string, unknown>[]>;
  if (handle.kind === 'postgres') {
    // drizzle keeps the client it was built on as $client: for openDatabase that is the pg.Pool.
    const pool = (handle.db as NodePgDatabase & { $client: pg.Pool }).$client;
    loggingDb = drizzleNodePg({ client: pool, logger });
    run = async ({ sql, params }) => (await pool.query(sql, params)).rows;
    plan = async ({ sql, params }) => (await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows;
  } else {
    const client = (handle.db as PgliteDatabase & { $client: PGlite }).$client;
    loggingDb = drizzlePglite({ client, logger });
    run = async ({ sql, params }) => (await client.query(sql, params)).rows;
    plan = async ({ sql, params }) =>
      (await client.query<Record<string, unknown>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows;
  }
  const app = createApp({ db: loggingDb, databaseKind: handle.kind, tokens, logError: () => {} });

  return {
    async capture(path, token) {
      // Twice, keeping the second's statements: the first pays the token's bookkeeping (the
      // revocation list's first load, and "last seen" written at most once a minute a session),
      // which a real request pays once in thousands. Captured, the bare server would replay it on
      // every request, and the API's figure over the bare server's would look better than it is.
      const get = async () => {
        log = [];
        const response = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
        if (response.status !== 200) throw new Error(`capture ${path}: HTTP ${response.status}`);
        await response.arrayBuffer();
        return log;
      };
      await get();
      return get();
    },
    run,
    async explain(statement) {
      const rows = await plan(statement);
      return rows.map((row) => String(Object.values(row)[0])).join('\n');
    },
  };
}

/**
 * Replays a handler's statements as it issues them: stage by stage, and the statements of a stage
 * together (the list handlers send the page and the count in one Promise.all); on PGlite they
 * queue on its one connection. Resolves to each statement's rows, in order.
 */
export async function runStatements(
  run: RawRunner,
  statements: readonly Statement[],
): Promise<(readonly unknown[])[]> {
  const results: (readonly unknown[])[] = [];
  const stages = [...new Set(statements.map((statement) => statement.stage))];
  for (const stage of stages) {
    results.push(
      ...(await Promise.all(statements.filter((statement) => statement.stage === stage).map(run))),
    );
  }
  return results;
}
