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
import { listenWithReconnect } from '../db/listen';
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
  retryMs,
  log = console.warn,
}: RevocationListenerOptions): RevocationListener {
  let stopped = false;
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

  const listener = listenWithReconnect({
    connectionString,
    channel: REVOCATION_CHANNEL,
    what: 'sign-outs',
    onPayload: refresh,
    // Sign-outs made while no connection listened: the refresh reads the last minute of them.
    onListening: refresh,
    retryMs,
    log,
  });
  return {
    listening: listener.listening,
    stop() {
      stopped = true;
      return listener.stop();
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
