/**
 * Live events: a writer announces "this resource changed" and every console that may view it
 * refetches (docs/decisions/035). The announcement is a PostgreSQL NOTIFY on `live_events` issued
 * inside the writer's transaction, so it is delivered when, and only if, the transaction commits,
 * and to every server process listening on the database (the same way sign-outs travel, decision
 * 019); the platform's payment events send theirs just after commit, batched (decision 051). PGlite is real PostgreSQL in the process: its NOTIFY reaches the process's own LISTEN, so
 * one code path serves both.
 *
 * Each process keeps one hub: its listener feeds it and the open event streams
 * (server/routes/live-events.ts) subscribe to it, each filtering by its caller's permissions.
 */
import { type LiveEvent, liveEventSchema } from '@contract/live-events';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Database, Executor } from '../db/connect';
import { listenWithReconnect } from '../db/listen';

export type { LiveEvent } from '@contract/live-events';

export const LIVE_EVENT_CHANNEL = 'live_events';

/**
 * Announces a change. Call it inside the writing transaction (or after it commits): PostgreSQL
 * holds the notification until commit and drops it on rollback, so nobody refetches for a change
 * that did not happen. Paths that commit many times a second use `announceCommitted` instead.
 */
export async function publishLiveEvent(db: Executor, event: LiveEvent): Promise<void> {
  const { channel, payload } = liveEventNotice(event);
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** The NOTIFY of an event: its channel and payload. */
export function liveEventNotice(event: LiveEvent): { channel: string; payload: string } {
  return { channel: LIVE_EVENT_CHANNEL, payload: JSON.stringify(event) };
}

/** Notices sent in one statement at most, so a burst never builds one huge statement. */
const NOTICE_BATCH = 500;

interface NoticeQueue {
  pending: { payload: string; sent: () => void }[];
  flushing: boolean;
}

/** Per database (one per app; tests open many): the notices waiting to be sent. */
const noticeQueues = new WeakMap<Database, NoticeQueue>();

/**
 * Announces a change that has committed: for the hot write paths (the platform's payment events,
 * decision 051), where a NOTIFY inside the writer's transaction costs every writer its turn.
 * PostgreSQL serialises the commits of all transactions that notified on one database-wide lock,
 * held through the commit's WAL flush, so concurrent writers could no longer share a flush. Sent
 * here, after commit, the notices of every call that committed meanwhile go out together in one
 * statement of their own, which writes no WAL and so holds that lock only for a moment.
 *
 * Resolves once the notice was sent (the caller answers after it, so a console hears of a change no
 * later than its author does); never rejects: the change is committed whatever becomes of its
 * notice, and a missed notice costs a console a refetch, not wrong data (decision 035). A crash
 * between the commit and the send loses the notice.
 */
export function announceCommitted(db: Database, event: LiveEvent): Promise<void> {
  const queue = noticeQueues.get(db) ?? { pending: [], flushing: false };
  noticeQueues.set(db, queue);
  const { payload } = liveEventNotice(event);
  const sent = new Promise<void>((resolve) => queue.pending.push({ payload, sent: resolve }));
  if (!queue.flushing) void flushNotices(db, queue);
  return sent;
}

/** Sends what waits, batch after batch, until nothing does; one flush at a time per database. */
async function flushNotices(db: Database, queue: NoticeQueue): Promise<void> {
  queue.flushing = true;
  try {
    while (queue.pending.length > 0) {
      const batch = queue.pending.splice(0, NOTICE_BATCH);
      try {
        await db.execute(
          sql`select pg_notify(${LIVE_EVENT_CHANNEL}, payload)
              from json_array_elements_text(${JSON.stringify(batch.map((n) => n.payload))}::json) as payload`,
        );
      } catch (error) {
        console.warn(
          `sending ${batch.length} live event notice(s) failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      for (const notice of batch) notice.sent();
    }
  } finally {
    queue.flushing = false;
  }
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
