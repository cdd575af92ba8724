/**
 * Signed-out access tokens (`POST auth/logout`), refused until they would have expired. Kept in
 * memory, so the check on every request is one Map lookup, and in `revoked_tokens`, so a restart
 * (the signing key persists) and the other processes of a deployment refuse them too: `refresh`
 * reads the sign-outs of the last minute by the database's clock, and a process calls it every few
 * seconds (server/main.ts). A sign-out is refused at once by the process that recorded it.
 */
import { and, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { revokedTokens } from '../db/schema';

/** How far back each refresh looks: far longer than any sign-out's transaction takes to commit. */
const REFRESH_WINDOW = sql`now() - interval '1 minute'`;

export interface RevokedToken {
  jti: string;
  userId: string;
  expiresAt: Date;
}

export interface RevocationList {
  /** True when the token with this id was signed out and has not expired since. */
  isRevoked(jti: string): boolean;
  /** Records a sign-out (again is a no-op); refused here at once, elsewhere after their refresh. */
  revoke(token: RevokedToken): Promise<void>;
  /** The sign-outs recorded anywhere in the last minute, and forgets the expired ones. */
  refresh(): Promise<void>;
  /** Resolves once every unexpired sign-out has been read (the first request waits for it). */
  readonly ready: Promise<void>;
}

export function createRevocationList(db: Database, clock: () => Date = () => new Date()): RevocationList {
  const revoked = new Map<string, number>();
  const remember = (rows: readonly { jti: string; expiresAt: Date }[]) => {
    for (const row of rows) revoked.set(row.jti, row.expiresAt.getTime());
  };
  const forgetExpired = () => {
    const now = clock().getTime();
    for (const [jti, expires] of revoked) if (expires <= now) revoked.delete(jti);
  };
  // Read on first use, not at construction: an app may be built before its database is usable.
  let loading: Promise<void> | undefined;
  const load = () => {
    loading ??= db
      .select({ jti: revokedTokens.jti, expiresAt: revokedTokens.expiresAt })
      .from(revokedTokens)
      .where(gt(revokedTokens.expiresAt, clock()))
      .then(remember, (error: unknown) => {
        // The next request tries again: a database back up must not leave every request failing.
        loading = undefined;
        throw error;
      });
    return loading;
  };

  return {
    get ready() {
      return load();
    },
    isRevoked(jti) {
      const expires = revoked.get(jti);
      return expires !== undefined && expires > clock().getTime();
    },
    async revoke({ jti, userId, expiresAt }) {
      await db.insert(revokedTokens).values({ jti, userId, expiresAt }).onConflictDoNothing();
      revoked.set(jti, expiresAt.getTime());
    },
    async refresh() {
      const rows = await db
        .select({ jti: revokedTokens.jti, expiresAt: revokedTokens.expiresAt })
        .from(revokedTokens)
        .where(and(gt(revokedTokens.revokedAt, REFRESH_WINDOW), gt(revokedTokens.expiresAt, clock())));
      remember(rows);
      forgetExpired();
    },
  };
}

/** Deletes the rows of tokens that have expired anyway (maintenance). Resolves to how many. */
export async function deleteExpiredRevocations(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(revokedTokens)
    .where(lt(revokedTokens.expiresAt, now))
    .returning({ jti: revokedTokens.jti });
  return rows.length;
}

/** Expired sign-outs are deleted every this many refreshes (every 5 minutes at the default 5 s). */
const DELETE_EVERY_ROUNDS = 60;

/**
 * Refreshes `list` every `intervalMs` (the timer does not keep the process alive), deleting the
 * rows of expired tokens now and then. Rounds never overlap; a failed one is logged and the next
 * tries again. Returns a stop function.
 */
export function scheduleRevocationRefresh(
  list: RevocationList,
  db: Database,
  intervalMs: number,
  log: (message: string) => void = console.warn,
): () => void {
  let running = false;
  let round = 0;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    round += 1;
    const prune = round % DELETE_EVERY_ROUNDS === 0;
    list
      .refresh()
      .then(() => (prune ? deleteExpiredRevocations(db, new Date()) : 0))
      .catch((error: unknown) =>
        log(`reading sign-outs failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
