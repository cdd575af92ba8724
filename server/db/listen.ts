/**
 * One dedicated PostgreSQL connection that LISTENs on a channel and reconnects on its own, the way
 * sign-outs (server/auth/revocation-listener.ts, decision 019) and live events
 * (server/services/live-events.ts, decision 035) travel between processes. A pooled connection
 * would be handed to queries, so each listener owns a `pg.Client`. When the connection is lost or
 * refused it is closed and tried again after `retryMs`; notifications sent while nobody listened
 * are gone, so `onListening(true)` tells the caller after a reconnect, to catch up its own way.
 */
import pg from 'pg';

export interface ReconnectingListener {
  /** Resolves when the first LISTEN is in place (tests wait for it; the server need not). */
  readonly listening: Promise<void>;
  /** Stops listening and closes the connection; no reconnect afterwards. */
  stop(): Promise<void>;
}

export interface ListenOptions {
  connectionString: string;
  channel: string;
  onPayload: (payload: string | undefined) => void;
  /** Each time LISTEN is in place: `reconnected` is false the first time, true after a loss. */
  onListening?: (reconnected: boolean) => void;
  /** What the log lines name: "listening for <what> stopped…". */
  what: string;
  /** Wait before reconnecting after the connection is lost or refused (default 5 s). */
  retryMs?: number;
  log?: (message: string) => void;
}

export function listenWithReconnect({
  connectionString,
  channel,
  onPayload,
  onListening = () => {},
  what,
  retryMs = 5000,
  log = console.warn,
}: ListenOptions): ReconnectingListener {
  // Our own constants; written bare so pg_stat_activity shows `LISTEN <channel>` as before.
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  let connectedBefore = false;
  let markListening: () => void = () => {};
  const listening = new Promise<void>((resolve) => {
    markListening = resolve;
  });

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
    log(`listening for ${what} stopped${error ? `: ${error.message}` : ''}; reconnecting in ${retryMs} ms`);
    connection.end().catch(() => {});
    reconnectLater();
  };

  const connect = async () => {
    const connection = new pg.Client({ connectionString });
    client = connection;
    connection.on('notification', (message) => onPayload(message.payload));
    connection.on('error', lost(connection));
    connection.on('end', lost(connection));
    try {
      await connection.connect();
      await connection.query(`LISTEN ${channel}`);
    } catch (error) {
      if (client === connection) {
        client = undefined;
        if (!stopped) log(`listening for ${what} failed: ${messageOf(error)}; retrying in ${retryMs} ms`);
        connection.end().catch(() => {});
        reconnectLater();
      }
      return;
    }
    if (stopped) return;
    onListening(connectedBefore);
    connectedBefore = true;
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
