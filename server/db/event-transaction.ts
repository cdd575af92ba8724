/**
 * The transaction of a platform event (issue 22's ingestion, decision 059): its BEGIN goes out in
 * one write with its first statement, and its COMMIT in one write with its last, so a transaction
 * costs two round trips fewer than drizzle's (which sends `begin` and `commit` as statements of
 * their own and waits for each). An event is a handful of statements, each a round trip, and on this
 * machine every round trip is a socket write and a wake-up of the database's process, the largest
 * single cost of an event on both sides of the ingestion bench (docs/performance.md).
 *
 * How: the connection is taken from node-postgres's pool and put in the driver's pipeline mode for
 * the transaction only (`pipeline`, which sends a query without waiting for the answer to the one
 * before; each keeps its own Sync, so each still gets its own answer or error, in order). The work
 * awaits every statement in between, as in any transaction; only BEGIN and COMMIT ride along. The
 * work gets a drizzle transaction on that very connection, so named statements
 * (server/db/named-statements.ts) and drizzle-built ones both run inside it.
 *
 * Errors keep their meaning:
 * - the work throws: ROLLBACK, as drizzle's transaction does;
 * - the last statement fails: PostgreSQL skips nothing (each statement has its own Sync) but the
 *   transaction is aborted, so the COMMIT behind it answers ROLLBACK: the statement's error is
 *   thrown and nothing was written;
 * - COMMIT answers ROLLBACK for any other reason (a statement of the work failed and the work went
 *   on): that is an error too, never a silent loss.
 *
 * PGlite runs one connection shared by every request, so a transaction there must hold PGlite's own
 * lock (drizzle's `transaction`); this falls back to it, with the first and last statements run as
 * any other. So does an executor that is already a transaction (a savepoint, as drizzle nests).
 */
import { type NodePgSessionOptions, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database, Executor, Transaction } from './connect';
import { type NamedStatement, pgClientOf } from './named-statements';
import { DirectNodePgSession } from './pg-session';

type Params = readonly unknown[];
type Row = Record<string, unknown>;

/** What the work gets besides the first statement's rows. */
export interface EventSteps {
  /** The transaction, for the work's statements (named or built by drizzle). */
  readonly tx: Transaction;
  /**
   * The transaction's last statement, sent with its COMMIT: once this resolves, the work is
   * committed (call it once, as the work's last step; nothing may run on `tx` after it). A work that
   * never calls it is committed after it returns, in a round trip of its own.
   */
  last<P extends Params, R extends Row>(statement: NamedStatement<P, R>, params: P): Promise<R[]>;
}

/** node-postgres's pipeline switch: a public field of the client, set from its config at construction. */
interface PipelineSwitch {
  pipeline: boolean;
}

/** Both promises settled (no rejection left unhandled), then the first error or both values. */
async function both<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [x, y] = await Promise.allSettled([a, b]);
  if (x.status === 'rejected') throw x.reason;
  if (y.status === 'rejected') throw y.reason;
  return [x.value, y.value];
}

/** The queries `send` issues leave in one write (the driver writes each message as it is made). */
function inOneWrite<T>(client: pg.ClientBase, send: () => T): T {
  const { stream } = (client as pg.Client).connection;
  stream.cork();
  try {
    return send();
  } finally {
    stream.uncork();
  }
}

/** The connection of an event's transaction (pipeline mode), or undefined for any other executor. */
function pipelinedClient(db: Executor): pg.Client | undefined {
  const client = pgClientOf(db);
  return client instanceof pg.Client && (client as unknown as PipelineSwitch).pipeline ? client : undefined;
}

type Sends = readonly (() => Promise<unknown>)[];
type Answers<S extends Sends> = { -readonly [K in keyof S]: Awaited<ReturnType<S[K]>> };

/**
 * Runs statements in the order given, each to its end before the next on most executors; inside an
 * event's transaction on PostgreSQL they leave together in one write and share one round trip
 * (PostgreSQL still runs them one after another, each in a snapshot of its own). Each `send` must
 * issue its statement at once (a named statement's `run`). Rejects with the first failure, once
 * every statement has answered (those after a failure fail too: the transaction is aborted).
 */
export async function runTogether<S extends Sends>(db: Executor, sends: S): Promise<Answers<S>> {
  const client = pipelinedClient(db);
  if (!client) {
    const answers: unknown[] = [];
    for (const send of sends) answers.push(await send());
    return answers as Answers<S>;
  }
  const sent = inOneWrite(client, () => sends.map((send) => send()));
  const settled = await Promise.allSettled(sent);
  const failed = settled.find((answer) => answer.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((answer) => (answer as PromiseFulfilledResult<unknown>).value) as Answers<S>;
}

/**
 * Starts a statement whose answer is needed later, after other statements: inside an event's
 * transaction on PostgreSQL it is sent now and those after it follow without waiting for it (one
 * round trip for them all); elsewhere it runs now, to its end. Await the returned function's promise
 * before the transaction ends, whatever else fails (its failure is otherwise held, never unhandled).
 */
export async function sendAhead<T>(db: Executor, send: () => Promise<T>): Promise<() => Promise<T>> {
  if (!pipelinedClient(db)) {
    const answer = await send();
    return () => Promise.resolve(answer);
  }
  const sent = send();
  // Held: a later statement's failure may end the work before anyone awaits this one.
  sent.catch(() => undefined);
  return () => sent;
}

function assertCommitted({ command }: pg.QueryResult): void {
  // COMMIT of an aborted transaction succeeds with the tag ROLLBACK: nothing was written.
  if (command !== 'COMMIT') throw new Error(`the event's transaction ended with ${command}, not COMMIT`);
}

/** A named statement with its values, for `eventTransaction`'s opening. */
export interface Call<P extends Params, R extends Row> {
  readonly statement: NamedStatement<P, R>;
  readonly params: P;
}

/** Every promise settled (no rejection left unhandled), then the first error or all the values. */
async function settledAll(sent: readonly Promise<unknown>[]): Promise<unknown[]> {
  const settled = await Promise.allSettled(sent);
  const failed = settled.find((answer) => answer.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((answer) => (answer as PromiseFulfilledResult<unknown>).value);
}

/**
 * Runs `first` (and `along`, when given) then `work` in one transaction: BEGIN is sent with them,
 * COMMIT with `steps.last` or after `work`; anything thrown rolls back. `work` gets `first`'s rows
 * and `along`'s. `along` runs whatever `first` answered (it is sent before that answer is known),
 * so it must be harmless when the work then refuses: its effects roll back with the rest.
 */
export async function eventTransaction<
  P extends Params,
  R extends Row,
  T,
  P2 extends Params = [],
  R2 extends Row = never,
>(
  db: Database,
  first: Call<P, R>,
  work: (rows: R[], steps: EventSteps, alongRows: R2[]) => Promise<T>,
  along?: Call<P2, R2>,
): Promise<T> {
  const pool = pgClientOf(db);
  if (!(pool instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      const rows = await first.statement.run(tx, first.params);
      const alongRows = along ? await along.statement.run(tx, along.params) : [];
      return work(rows, { tx, last: (statement, params) => statement.run(tx, params) }, alongRows);
    });
  }

  const client = await pool.connect();
  const driver = client as unknown as PipelineSwitch;
  driver.pipeline = true;
  // The pool's own drizzle session gives the dialect and options (a logger, if one was set).
  const { dialect, options } = db._.session as unknown as {
    dialect: PgDialect;
    options: NodePgSessionOptions;
  };
  const tx = new NodePgTransaction(
    dialect,
    new DirectNodePgSession(client, dialect, undefined, options),
    undefined,
  ) as unknown as Transaction;
  /** open: BEGIN sent, no COMMIT yet; ended: COMMIT sent (whatever it answered). */
  let state: 'open' | 'ended' = 'open';
  let broken: Error | undefined;
  try {
    const [, rows, alongRows = []] = (await settledAll(
      inOneWrite(client, () => [
        client.query('begin'),
        first.statement.send(client, first.params),
        ...(along ? [along.statement.send(client, along.params)] : []),
      ]),
    )) as [unknown, R[], R2[]?];
    const result = await work(
      rows,
      {
        tx,
        async last(statement, params) {
          state = 'ended';
          const [lastRows, committed] = await both(
            ...inOneWrite(client, () => [statement.send(client, params), client.query('commit')] as const),
          );
          assertCommitted(committed);
          return lastRows;
        },
      },
      alongRows,
    );
    if (state === 'open') {
      state = 'ended';
      assertCommitted(await client.query('commit'));
    }
    return result;
  } catch (error) {
    if (state === 'open') {
      await client.query('rollback').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
    }
    throw error;
  } finally {
    driver.pipeline = false;
    // A connection that could not roll back is dropped, not handed to the next caller.
    client.release(broken);
  }
}
