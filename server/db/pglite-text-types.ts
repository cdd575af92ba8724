/**
 * drizzle's PGlite session sends its own `parsers` with every statement: timestamps, dates,
 * intervals and five of their array types are to come back as the text PostgreSQL sent, because
 * drizzle's columns map that text themselves. PGlite merges those into the instance's own map of
 * parsers (over 300 entries once it has loaded the array types) for every statement it runs,
 * which measured about 90 µs a statement, more than running `select 1` (decision 016).
 *
 * So the instance is told once to leave those types as text, and its `query` (and a
 * transaction's) drops a `parsers` option that asks for nothing more than that, for as long as the
 * instance's own parsers still do it. Any other `parsers` option (another type, or a function that
 * changes the text) goes through untouched.
 */
import { type PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';

/** The types drizzle reads as text (drizzle-orm/pglite/session.js), by OID. */
export const TEXT_TYPE_OIDS: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const TEXT_TYPES = new Set(TEXT_TYPE_OIDS.map(String));
const asText = (value: string) => value;
/** A value no parser of a real type returns unchanged unless it returns its input as it is. */
const PROBE = '\u0000text?';

type Parsers = NonNullable<QueryOptions['parsers']>;
type Query = PGlite['query'];

/** Parser maps already checked: drizzle builds one per prepared statement and reuses it. */
const textOnly = new WeakSet<Parsers>();

/** Whether `parse` hands its input back unchanged (a strict parser may throw on the probe: not). */
function returnsInput(parse: (value: string) => unknown): boolean {
  try {
    return parse(PROBE) === PROBE;
  } catch {
    return false;
  }
}

function asksOnlyForText(parsers: Parsers): boolean {
  if (textOnly.has(parsers)) return true;
  for (const [oid, parse] of Object.entries(parsers)) {
    if (!TEXT_TYPES.has(oid) || !returnsInput(parse)) return false;
  }
  textOnly.add(parsers);
  return true;
}

/** The options without a `parsers` entry the instance already honours. */
export function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers || !asksOnlyForText(options.parsers)) return options;
  const { parsers: _honoured, ...rest } = options;
  return rest;
}

/** Whether the instance still keeps every one of those types as text (nothing reset its parsers). */
function keepsText(client: PGlite): boolean {
  return TEXT_TYPE_OIDS.every((oid) => client.parsers[oid] === asText);
}

function stripping(client: PGlite, query: Query): Query {
  return <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    query<T>(text, params, keepsText(client) ? withoutTextParsers(options) : options);
}

/** Sets the instance up as above; call once, after `PGlite.create` (which loads the array types). */
export function keepTextTypesAsText(client: PGlite): void {
  for (const oid of TEXT_TYPE_OIDS) client.parsers[oid] = asText;
  // Own properties over the prototype's methods: drizzle calls `client.query(...)` and
  // `client.transaction(...)` on the instance it was given, so it needs nothing else.
  client.query = stripping(client, client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction<T>((tx) => {
      tx.query = stripping(client, tx.query.bind(tx));
      return callback(tx);
    });
}
