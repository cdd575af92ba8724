/**
 * Failed sign-in throttling, kept in the database (`sign_in_attempts`) so that every server process
 * of a deployment counts the same attempts: behind a balancer, N processes must not each allow
 * their own (decision 022). The same table serves PGlite. Two sliding windows:
 *
 * - username + client address: 5 failures in 15 minutes (guessing one account's password);
 * - client address alone: 20 failures in 15 minutes (spraying many accounts from one place).
 *
 * There is deliberately no limit on a username across all addresses: anyone could then lock a
 * colleague out by failing on purpose.
 *
 * An attempt is counted as a failure the moment it is let through (`attempt`), before the password
 * is checked, and taken back if it succeeds (`succeeded`). Counting only after the slow argon2
 * check would let a burst of parallel guesses all pass the check before any failure is recorded.
 * A success also clears that username's counter for the address. A refused (429) attempt is not
 * counted and its password never checked.
 *
 * Check and count are one decision across processes: each runs in a transaction that first takes
 * an advisory lock on the address (both windows are per address), so parallel attempts from one
 * address, whichever process they reach, are decided one after the other, each seeing the ones
 * before. Under READ COMMITTED the counting statement's snapshot is taken after the lock is
 * granted, which is why the lock is a statement of its own.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../db/connect';

export interface RateLimitOptions {
  windowMs?: number;
  maxPerUsername?: number;
  maxPerAddress?: number;
  /** Injectable for tests; the time recorded with each attempt. */
  clock?: () => Date;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LoginRateLimiter {
  /** Refuses, or lets the attempt through and counts it as a failure until `succeeded`. */
  attempt(username: string, address: string): Promise<RateLimitDecision>;
  /** The attempt let through by `attempt` succeeded: uncount it and clear the username's counter. */
  succeeded(username: string, address: string): Promise<void>;
}

export const RATE_LIMIT_DEFAULTS = {
  windowMs: 15 * 60 * 1000,
  maxPerUsername: 5,
  maxPerAddress: 20,
} as const;

/**
 * First key of the two-key advisory locks taken per address ('SIGN' in ASCII). The two-key space
 * does not overlap the one-key space that the migration lock uses (server/db/migrate.ts).
 */
const ADDRESS_LOCK_CLASS = 0x5349474e;

/**
 * The username is kept only as a digest: people type their password into the username field, and
 * the limiter needs equality, nothing more. Lower-cased first, as e-mails are stored.
 */
function usernameDigest(username: string): string {
  return createHash('sha256').update(username.toLowerCase()).digest('hex');
}

function lockAddress(tx: Executor, address: string) {
  return tx.execute(
    sql`SELECT pg_advisory_xact_lock(${sql.raw(String(ADDRESS_LOCK_CLASS))}, hashtext(${address}))`,
  );
}

function atLeastOne(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number ≥ 1`);
  return value;
}

export function createLoginRateLimiter(db: Database, options: RateLimitOptions = {}): LoginRateLimiter {
  const windowMs = atLeastOne('windowMs', options.windowMs ?? RATE_LIMIT_DEFAULTS.windowMs);
  const maxPerUsername = atLeastOne(
    'maxPerUsername',
    options.maxPerUsername ?? RATE_LIMIT_DEFAULTS.maxPerUsername,
  );
  const maxPerAddress = atLeastOne(
    'maxPerAddress',
    options.maxPerAddress ?? RATE_LIMIT_DEFAULTS.maxPerAddress,
  );
  const clock = options.clock ?? (() => new Date());

  /** Seconds until a window holding `max` failures, the max-th newest at `from`, lets one more in. */
  const waitFrom = (from: number, now: number) => Math.max(1, Math.ceil((from + windowMs - now) / 1000));

  return {
    attempt(username, address) {
      const now = clock().getTime();
      const digest = usernameDigest(username);
      const since = new Date(now - windowMs).toISOString();
      return db.transaction(async (tx) => {
        await lockAddress(tx, address);
        // The max-th newest failure in each window: present means the window is full. The insert
        // (counting this attempt) happens only when neither is.
        const [row] = await queryRows<{ by_username: number | null; by_address: number | null }>(
          tx,
          sql`WITH recent AS (
                SELECT attempted_at, (username_digest = ${digest} AND NOT username_cleared) AS mine
                FROM sign_in_attempts
                WHERE address = ${address} AND attempted_at > ${since}::timestamptz
              ), full_from AS (
                SELECT
                  (SELECT attempted_at FROM recent WHERE mine
                   ORDER BY attempted_at DESC OFFSET ${sql.raw(String(maxPerUsername - 1))} LIMIT 1) AS by_username,
                  (SELECT attempted_at FROM recent
                   ORDER BY attempted_at DESC OFFSET ${sql.raw(String(maxPerAddress - 1))} LIMIT 1) AS by_address
              ), counted AS (
                INSERT INTO sign_in_attempts (address, username_digest, attempted_at)
                SELECT ${address}, ${digest}, ${new Date(now).toISOString()}::timestamptz FROM full_from
                WHERE by_username IS NULL AND by_address IS NULL
                RETURNING id
              )
              SELECT (extract(epoch FROM by_username) * 1000)::float8 AS by_username,
                     (extract(epoch FROM by_address) * 1000)::float8 AS by_address
              FROM full_from`,
        );
        const waits: number[] = [];
        if (row?.by_username != null) waits.push(waitFrom(row.by_username, now));
        if (row?.by_address != null) waits.push(waitFrom(row.by_address, now));
        if (waits.length) return { allowed: false, retryAfterSeconds: Math.max(...waits) };
        return { allowed: true };
      });
    },

    async succeeded(username, address) {
      const digest = usernameDigest(username);
      await db.transaction(async (tx) => {
        await lockAddress(tx, address);
        // Delete one of the username's counted failures (this attempt's; which one does not matter)
        // and keep the others for the address window only.
        await tx.execute(
          sql`WITH taken AS (
                DELETE FROM sign_in_attempts WHERE id = (
                  SELECT id FROM sign_in_attempts
                  WHERE address = ${address} AND username_digest = ${digest} AND NOT username_cleared
                  ORDER BY attempted_at DESC, id DESC LIMIT 1)
                RETURNING id
              )
              UPDATE sign_in_attempts SET username_cleared = true
              WHERE address = ${address} AND username_digest = ${digest} AND NOT username_cleared
                AND id NOT IN (SELECT id FROM taken)`,
        );
      });
    },
  };
}

/**
 * Deletes the attempts made at or before `before`, which no window counts any more (maintenance
 * passes now minus the default window). Resolves to how many.
 */
export async function deleteStaleSignInAttempts(db: Executor, before: Date): Promise<number> {
  const rows = await queryRows<{ deleted: number }>(
    db,
    sql`WITH deleted AS (
          DELETE FROM sign_in_attempts WHERE attempted_at <= ${before.toISOString()}::timestamptz RETURNING 1
        )
        SELECT count(*)::int AS deleted FROM deleted`,
  );
  return rows[0]?.deleted ?? 0;
}
