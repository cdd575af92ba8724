/**
 * Instant sign-out across processes on PostgreSQL. Every row added to `revoked_tokens` is announced
 * on the `revoked_tokens` channel when its transaction commits (migration 0013). A process that
 * listens refreshes its list on each announcement, so a token signed out through one process is
 * refused by the others within a round trip, not at their next 5-second refresh.
 *
 * The scheduled refresh stays as the fallback. While this connection is down (a restart of the
 * database, a network cut) sign-outs still arrive within 5 s, and the listener reconnects on its
 * own. PGlite serves one process, so it needs none of this.
 */
import pg from 'pg';
import type { RevocationList } from './revocations';

export const REVOCATION_CHANNEL = 'revoked_tokens';

export interface RevocationListener {
  /** Resolves when the first LISTEN is in place (tests wait for it; the server need not). */
  readonly listening: Promise<void>;
  /** Stops listening and closes the connection; no reconnect afterwards. */
  stop(): Promise<void>;
}

export interface RevocationListenerOptions {
  connectionString: string;
  list: RevocationList;
  /** Wait before reconnecting after the connection is lost or refused (default 5 s). */
  retryMs?: number;
  log?: (message: string) => void;
}

export function listenForRevocations({
  connectionString,
  list,
  retryMs = 5000,
  log = console.warn,
}: RevocationListenerOptions): RevocationListener {
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  let markListening: () => void = () => {};
  const listening = new Promise<void>((resolve) => {
    markListening = resolve;
  });

  // Announcements that arrive during a refresh are folded into one more refresh after it.
  let refreshing = false;
  let again = false;
  const refresh = () => {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = true;
    list
      .refresh()
      .catch((error: unknown) => log(`reading sign-outs failed: ${messageOf(error)}`))
      .finally(() => {
        refreshing = false;
        if (again && !stopped) {
          again = false;
          refresh();
        }
      });
  };

  const reconnectLater = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
    retry.unref();
  };

  const lost = (connection: pg.Client) => (error?: Error) => {
    if (client !== connection) return;
    client = undefined;
    if (stopped) return;
    log(`listening for sign-outs stopped${error ? `: ${error.message}` : ''}; reconnecting in ${retryMs} ms`);
    connection.end().catch(() => {});
    reconnectLater();
  };

  const connect = async () => {
    const connection = new pg.Client({ connectionString });
    client = connection;
    connection.on('notification', refresh);
    connection.on('error', lost(connection));
    connection.on('end', lost(connection));
    try {
      await connection.connect();
      await connection.query(`LISTEN ${REVOCATION_CHANNEL}`);
    } catch (error) {
      if (client === connection) {
        client = undefined;
        if (!stopped) log(`listening for sign-outs failed: ${messageOf(error)}; retrying in ${retryMs} ms`);
        connection.end().catch(() => {});
        reconnectLater();
      }
      return;
    }
    if (stopped) return;
    // Sign-outs made while no connection listened: the refresh reads the last minute of them.
    refresh();
    markListening();
  };

  void connect();
  return {
    listening,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const connection = client;
      client = undefined;
      await connection?.end().catch(() => {});
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
