/**
 * The node-postgres session drizzle runs on (decision 075): drizzle's own, but each statement goes
 * to the driver in one step.
 *
 * drizzle's NodePgPreparedQuery, built for every statement a request runs (a builder's select, an
 * insert, an `execute`), makes two query configs with type-parser closures of their own (pg asks
 * them once per result column), fills placeholders with two `is()` walks a parameter, and runs
 * through three tracing spans and `queryWithCache` (an `is(cache, NoopCache)` walk and two async
 * layers). Against the bare server, which calls `pool.query(text, values)`, that was 50-150 µs of
 * CPU per list call with the database answering (docs/performance.md, cpu-profile --real).
 *
 * Here a statement keeps what drizzle keeps (its text, its parameters, the fields and the row mapper
 * its builder set) and runs with one shared config of parsers, the same as drizzle's: timestamps,
 * dates and intervals and their arrays stay text. The rest is drizzle's, unchanged: the same query
 * logger call (bench/api/raw-sql.ts captures statements through it), the same DrizzleQueryError
 * around a driver error (its message is what server/observability/logger.ts redacts), the same
 * rows. drizzle's cache and OpenTelemetry spans are not used by this project; a database opened with
 * either would need drizzle's session back.
 */
import * as drizzleOrm from 'drizzle-orm';
import { DrizzleQueryError, type Logger, Param, Placeholder } from 'drizzle-orm';
import { NodePgDatabase, NodePgSession, type NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { TEXT_TYPE_OIDS } from './pglite-text-types';
import type { OrderedField, RowMapper } from './row-reader';

const TEXT_TYPES = new Set(TEXT_TYPE_OIDS);
const asText = (value: string) => value;

/** node-postgres's parsers, but the types drizzle reads as text stay text (as drizzle's session). */
const DRIZZLE_TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format),
};

/** drizzle's row mapping for a builder's rows (exported, but @internal in its typings). */
const mapResultRow: MapResultRow =
  (drizzleOrm as unknown as { mapResultRow?: MapResultRow }).mapResultRow ??
  (() => {
    throw new Error('drizzle-orm no longer exports mapResultRow: see server/db/pg-session.ts');
  });
type MapResultRow = (
  fields: OrderedField[],
  row: unknown[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
) => Record<string, unknown>;

type Client = pg.Pool | pg.PoolClient | pg.Client;

/** What DirectQuery sets of pg's Query (public in pg's code, not in its typings). */
interface QueryInternals {
  name: string | undefined;
  _rowMode: 'array' | undefined;
  _result: pg.Result;
  _results: pg.Result;
  callback: (error: Error | undefined, result: pg.QueryResult) => void;
}

/**
 * pg's Query made from its text, its name, row mode and parsers set after. Given a config object
 * instead, pg copies it property by property (`cloneQueryConfig`, descriptors and all) for every
 * query: some 100 µs of the journal search's CPU per request (8 statements), where the bare
 * server, which passes text, pays nothing.
 */
class DirectQuery extends pg.Query {
  constructor(text: string, values: unknown[], name: string | undefined, rowMode: 'array' | undefined) {
    super(text, values);
    const query = this as unknown as QueryInternals;
    query.name = name;
    query._rowMode = rowMode;
    // pg's Result keeps the parsers it asks per column; its typings want the module's full `types`.
    const result = new pg.Result(rowMode as string, DRIZZLE_TYPES as unknown as typeof pg.types);
    query._result = result;
    query._results = result;
  }
}

/**
 * Runs a statement as a DirectQuery: a pool takes a connection and hands it back, a connection runs
 * it itself. `name` empty or undefined: PostgreSQL's unnamed statement.
 */
export function sendQuery(
  client: Client,
  text: string,
  values: unknown[],
  name?: string,
  rowMode?: 'array',
): Promise<pg.QueryResult> {
  const query = new DirectQuery(text, values, name, rowMode);
  if (client instanceof pg.Pool) return client.query(query) as unknown as Promise<pg.QueryResult>;
  return new Promise((resolve, reject) => {
    (query as unknown as QueryInternals).callback = (error, result) =>
      error ? reject(error) : resolve(result);
    client.query(query);
  });
}
type Values = Record<string, unknown>;

/** drizzle's fillPlaceholders, by `instanceof` (one class check a parameter, not two walks). */
export function fillPlaceholders(params: readonly unknown[], values: Values): unknown[] {
  const filled = new Array<unknown>(params.length);
  for (let at = 0; at < params.length; at++) {
    const param = params[at];
    if (param instanceof Placeholder) filled[at] = placeholderValue(param, values);
    else if (param instanceof Param && param.value instanceof Placeholder) {
      filled[at] = param.encoder.mapToDriverValue(placeholderValue(param.value, values));
    } else filled[at] = param;
  }
  return filled;
}

function placeholderValue(placeholder: Placeholder, values: Values): unknown {
  if (!(placeholder.name in values)) {
    throw new Error(`No value for placeholder "${placeholder.name}" was provided`);
  }
  return values[placeholder.name];
}

/** One statement, run straight on the driver; drizzle's prepared query in every other respect. */
export class DirectPreparedQuery extends PgPreparedQuery<PreparedQueryConfig> {
  /** Set by drizzle's select builder after it prepares (which left joins may come back null). */
  declare joinsNotNullableMap?: Record<string, boolean>;

  constructor(
    private readonly client: Client,
    private readonly text: string,
    private readonly params: readonly unknown[],
    private readonly logger: Logger,
    readonly fields: OrderedField[] | undefined,
    private readonly name: string | undefined,
    private readonly arrayMode: boolean,
    public customResultMapper: RowMapper | ((rows: unknown[][]) => unknown) | undefined,
  ) {
    super({ sql: text, params: params as unknown[] }, undefined, undefined, undefined);
  }

  private async run(params: unknown[], rowMode: 'array' | undefined): Promise<pg.QueryResult> {
    this.logger.logQuery(this.text, params);
    try {
      return await sendQuery(this.client, this.text, params, this.name, rowMode);
    } catch (error) {
      throw new DrizzleQueryError(this.text, params, error as Error);
    }
  }

  override async execute(placeholderValues: Values = {}): Promise<unknown> {
    const params = fillPlaceholders(this.params, placeholderValues);
    const { fields, customResultMapper } = this;
    if (!fields && !customResultMapper) return this.run(params, undefined);
    const { rows } = await this.run(params, 'array');
    if (customResultMapper) return customResultMapper(rows as unknown[][]);
    const joins = this.joinsNotNullableMap;
    return (rows as unknown[][]).map((row) => mapResultRow(fields as OrderedField[], row, joins));
  }

  async all(placeholderValues: Values = {}): Promise<unknown> {
    const { rows } = await this.run(fillPlaceholders(this.params, placeholderValues), undefined);
    return rows;
  }

  /** @internal drizzle asks this of its prepared queries. */
  isResponseInArrayMode(): boolean {
    return this.arrayMode;
  }
}

/** The options drizzle's session keeps (TypeScript-private in its typings). */
interface SessionInternals {
  client: Client;
  logger: Logger;
  options: { logger?: Logger };
  schema: undefined;
}

/**
 * drizzle's NodePgSession whose statements are DirectPreparedQuery; a transaction on a pool gets a
 * session of this kind on its connection (drizzle's would make one of its own).
 */
export class DirectNodePgSession extends NodePgSession<Record<string, never>, never> {
  override prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: OrderedField[] | undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
    customResultMapper?: (rows: unknown[][]) => unknown,
  ): never {
    const { client, logger } = this as unknown as SessionInternals;
    return new DirectPreparedQuery(
      client,
      query.sql,
      query.params,
      logger,
      fields,
      name,
      isResponseInArrayMode,
      customResultMapper,
    ) as never;
  }

  override async transaction<T>(
    transaction: (tx: NodePgTransaction<Record<string, never>, never>) => Promise<T>,
    config?: Parameters<NodePgSession<Record<string, never>, never>['transaction']>[1],
  ): Promise<T> {
    const { client, options } = this as unknown as SessionInternals;
    const dialect = (this as unknown as { dialect: PgDialect }).dialect;
    if (!(client instanceof pg.Pool)) return super.transaction(transaction, config);
    const connection = await client.connect();
    const session = new DirectNodePgSession(connection, dialect, undefined, options);
    try {
      return await session.transactionOn(transaction, config);
    } finally {
      connection.release();
    }
  }

  /** drizzle's transaction on this session's own connection (it makes no new session for a client). */
  private transactionOn<T>(
    transaction: (tx: NodePgTransaction<Record<string, never>, never>) => Promise<T>,
    config?: Parameters<NodePgSession<Record<string, never>, never>['transaction']>[1],
  ): Promise<T> {
    return super.transaction(transaction, config);
  }
}

/** A drizzle database on `pool` whose statements run through DirectNodePgSession. */
export function drizzleDirect(pool: pg.Pool, logger?: Logger): NodePgDatabase & { $client: pg.Pool } {
  const dialect = new PgDialect();
  const session = new DirectNodePgSession(pool, dialect, undefined, logger ? { logger } : {});
  return Object.assign(new NodePgDatabase(dialect, session, undefined), { $client: pool });
}
