/**
 * The database answered from memory: the driver client's `query` is wrapped so that, after a
 * recording pass against the real database, every statement is answered with the result it got
 * then. The API, the bare server and the raw replay all share that one client, so with the
 * database taken out the bench can time what Node itself does per request (HTTP, framework, token,
 * validation, mapping, JSON) without the database's variance, and without the cold caches a real
 * round trip leaves behind on a machine whose cores the database shares (docs/performance.md).
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { DatabaseHandle } from '../../server/db/connect';

export interface MemoryDriver {
  /** Statements go to the database and each answer is kept, by text, row mode and parameters. */
  record(): void;
  /** Statements are answered from what was recorded; a read never recorded rejects. */
  replay(): void;
  /** The client's own `query` again. */
  restore(): void;
}

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * The text, row mode and values of one call: pg takes (config | text, values), PGlite (text,
 * params, options). A config may be a pg Query made from its text with its row mode set after
 * (`_rowMode`: server/db/pg-session.ts). Read without that, a statement's array-mode and
 * object-mode answers shared one key, and a row reader was handed objects (a 500 in cpu-profile's
 * replay).
 */
function callOf(args: readonly unknown[]): { text: string; rowMode: string; values: unknown } {
  const [first, second, third] = args;
  if (typeof first === 'string') {
    return {
      text: first,
      rowMode: (third as { rowMode?: string } | undefined)?.rowMode ?? 'object',
      values: second ?? [],
    };
  }
  const config = first as { text: string; rowMode?: string; _rowMode?: string; values?: unknown[] };
  return {
    text: config.text,
    rowMode: config.rowMode ?? config._rowMode ?? 'object',
    values: second ?? config.values ?? [],
  };
}

/** The key of one call: its text, row mode and values. */
export function statementKey(args: readonly unknown[]): string {
  const { text, rowMode, values } = callOf(args);
  return JSON.stringify([text, rowMode, values]);
}

/** The text of a call that writes (insert, update, delete), with its row mode; else undefined. */
function writeText(args: readonly unknown[]): string | undefined {
  const { text, rowMode } = callOf(args);
  if (!/^\s*(insert|update|delete)\b/i.test(text)) return undefined;
  return `${rowMode} ${text}`;
}

export function memoryDriver(handle: DatabaseHandle): MemoryDriver {
  // drizzle keeps the client it was built on as $client: the pg.Pool or the PGlite instance.
  const client = (handle.db as unknown as { $client: pg.Pool | PGlite }).$client as unknown as {
    query: Query;
  };
  const own = client.query;
  const ownProperty = Object.hasOwn(client, 'query');
  const real: Query = own.bind(client);
  const answers = new Map<string, unknown>();
  /** A write's answer by its text alone (see replay). */
  const writes = new Map<string, unknown>();
  return {
    record() {
      client.query = (...args) => {
        const key = statementKey(args);
        return real(...args).then((result) => {
          answers.set(key, result);
          const text = writeText(args);
          if (text !== undefined) writes.set(text, result);
          return result;
        });
      };
    },
    replay() {
      client.query = (...args) => {
        const key = statementKey(args);
        if (answers.has(key)) return Promise.resolve(answers.get(key));
        // A write recorded with other values is answered as it was then: the session's "last seen"
        // (server/auth/session-activity.ts) is written again with a new time once a minute has
        // passed, and refused, it was tried again on every request, a statement built and an
        // error thrown per request that no real run pays.
        const text = writeText(args);
        if (text !== undefined && writes.has(text)) return Promise.resolve(writes.get(text));
        // A write never recorded goes to the database: the bench's calls are reads, so a write is
        // that bookkeeping, due for the first time in the replay when the recording pass fell
        // inside the minute (refused, it turned the request into a 500 and stopped the run).
        if (text !== undefined) return real(...args);
        return Promise.reject(new Error(`not recorded: ${key.slice(0, 300)}`));
      };
    },
    restore() {
      if (ownProperty) client.query = own;
      else delete (client as { query?: Query }).query;
    },
  };
}
