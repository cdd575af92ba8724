/**
 * Live events: a writer announces "this resource changed" and every console that may view it
 * refetches (docs/decisions/035). The announcement is a PostgreSQL NOTIFY on `live_events` issued
 * inside the writer's transaction, so it is delivered when, and only if, the transaction commits,
 * and to every server process listening on the database (the same way sign-outs travel, decision
 * 019). PGlite is real PostgreSQL in the process: its NOTIFY reaches the process's own LISTEN, so
 * one code path serves both.
 *
 * Each process keeps one hub: its listener feeds it and the open event streams
 * (server/routes/live-events.ts) subscribe to it, each filtering by its caller's permissions.
 */
import { type LiveEvent, liveEventSchema } from '@contract/live-events';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Executor } from '../db/connect';
import { listenWithReconnect } from '../db/listen';

export type { LiveEvent } from '@contract/live-events';

export const LIVE_EVENT_CHANNEL = 'live_events';

/**
 * Announces a change. Call it inside the writing transaction (or after it commits): PostgreSQL
 * holds the notification until commit and drops it on rollback, so nobody refetches for a change
 * that did not happen.
 */
export async function publishLiveEvent(db: Executor, event: LiveEvent): Promise<void> {
  const { channel, payload } = liveEventNotice(event);
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * The NOTIFY of an event, for a writer that issues it within a statement it runs anyway (the
 * platform's calls store their answer and announce it in one: server/http/idempotency.ts).
 */
export function liveEventNotice(event: LiveEvent): { channel: string; payload: string } {
  return { channel: LIVE_EVENT_CHANNEL, payload: JSON.stringify(event) };
}

/**
 * What a subscriber hears: a change; "you may have missed some" after the listener reconnected; or
 * "end now" when the process shuts down (open streams would otherwise hold the drain to its bound).
 */
export type LiveMessage = { type: 'change'; event: LiveEvent } | { type: 'resync' } | { type: 'end' };

export interface LiveEventHub {
  subscribe(listener: (message: LiveMessage) => void): () => void;
  /** A notification's payload as received; malformed payloads are dropped. */
  receive(payload: string | undefined): void;
  resync(): void;
  /** Ends every open stream (shutdown). */
  end(): void;
  readonly subscribers: number;
}

export function createLiveEventHub(): LiveEventHub {
  const listeners = new Set<(message: LiveMessage) => void>();
  const send = (message: LiveMessage) => {
    for (const listener of listeners) {
      try {
        listener(message);
      } catch {
        // One broken stream must not stop the others from hearing.
      }
    }
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    receive(payload) {
      const event = parsePayload(payload);
      if (event) send({ type: 'change', event });
    },
    resync: () => send({ type: 'resync' }),
    end: () => send({ type: 'end' }),
    get subscribers() {
      return listeners.size;
    },
  };
}

function parsePayload(payload: string | undefined): LiveEvent | undefined {
  if (!payload) return undefined;
  try {
    const parsed = v.safeParse(liveEventSchema, JSON.parse(payload));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

export interface LiveEventListener {
  /** Resolves when LISTEN is in place (tests wait for it). */
  readonly listening: Promise<void>;
  stop(): Promise<void>;
}

/** The PGlite client drizzle wraps, as far as listening goes. */
interface ListeningClient {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

function pgliteClientOf(db: Executor): ListeningClient | undefined {
  let client: unknown;
  try {
    client = (db as unknown as { $client?: unknown }).$client;
  } catch {
    // A handle that cannot even be inspected (the tests' stand-ins for a database that is down)
    // is not PGlite: the API still starts, and its streams hear nothing.
    return undefined;
  }
  return client && typeof (client as Partial<ListeningClient>).listen === 'function'
    ? (client as ListeningClient)
    : undefined;
}

/** On PGlite: the process's own connection hears its own NOTIFYs. Undefined on PostgreSQL. */
export function listenOnPglite(db: Executor, hub: LiveEventHub): LiveEventListener | undefined {
  const client = pgliteClientOf(db);
  if (!client) return undefined;
  const unlisten = client.listen(LIVE_EVENT_CHANNEL, (payload) => hub.receive(payload));
  return {
    listening: unlisten.then(() => {}),
    async stop() {
      await (await unlisten)().catch(() => {});
    },
  };
}

export interface PostgresLiveEventOptions {
  connectionString: string;
  hub: LiveEventHub;
  /** Wait before reconnecting after the connection is lost or refused (default 5 s). */
  retryMs?: number;
  log?: (message: string) => void;
}

/**
 * On PostgreSQL: one dedicated connection per process LISTENs (server/db/listen.ts). After a
 * reconnect the hub tells every stream to resync, since notifications sent while nobody listened
 * are gone.
 */
export function listenOnPostgres({
  connectionString,
  hub,
  retryMs,
  log,
}: PostgresLiveEventOptions): LiveEventListener {
  return listenWithReconnect({
    connectionString,
    channel: LIVE_EVENT_CHANNEL,
    what: 'live events',
    onPayload: (payload) => hub.receive(payload),
    onListening: (reconnected) => {
      if (reconnected) hub.resync();
    },
    retryMs,
    log,
  });
}
