/**
 * Failed sign-in throttling, in memory (one server process; a restart forgets, which is acceptable
 * for a brute-force brake). Two sliding windows:
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
 */

export interface RateLimitOptions {
  windowMs?: number;
  maxPerUsername?: number;
  maxPerAddress?: number;
  /** Injectable for tests. */
  clock?: () => Date;
  /** Bound on remembered keys, so a flood of random usernames cannot exhaust memory. */
  maxKeys?: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LoginRateLimiter {
  /** Refuses, or lets the attempt through and counts it as a failure until `succeeded`. */
  attempt(username: string, address: string): RateLimitDecision;
  /** The attempt let through by `attempt` succeeded: uncount it and clear the username's counter. */
  succeeded(username: string, address: string): void;
}

export const RATE_LIMIT_DEFAULTS = {
  windowMs: 15 * 60 * 1000,
  maxPerUsername: 5,
  maxPerAddress: 20,
  maxKeys: 100_000,
} as const;

export function createLoginRateLimiter(options: RateLimitOptions = {}): LoginRateLimiter {
  const windowMs = options.windowMs ?? RATE_LIMIT_DEFAULTS.windowMs;
  const maxPerUsername = options.maxPerUsername ?? RATE_LIMIT_DEFAULTS.maxPerUsername;
  const maxPerAddress = options.maxPerAddress ?? RATE_LIMIT_DEFAULTS.maxPerAddress;
  const maxKeys = options.maxKeys ?? RATE_LIMIT_DEFAULTS.maxKeys;
  const clock = options.clock ?? (() => new Date());
  /** key -> failure times (ms), oldest first. Map order = last write, used for eviction. */
  const failures = new Map<string, number[]>();

  const userKey = (username: string, address: string) => `u:${username.toLowerCase()}\u0000${address}`;
  const addressKey = (address: string) => `a:${address}`;

  function recent(key: string, now: number): number[] {
    const times = failures.get(key);
    if (!times) return [];
    const kept = times.filter((t) => t > now - windowMs);
    if (kept.length === 0) failures.delete(key);
    else if (kept.length !== times.length) failures.set(key, kept);
    return kept;
  }

  function retryAfter(times: number[], max: number, now: number): number {
    // Allowed again once enough failures have left the window.
    const unblockAt = (times[times.length - max] ?? now) + windowMs;
    return Math.max(1, Math.ceil((unblockAt - now) / 1000));
  }

  function add(key: string, now: number) {
    const times = recent(key, now);
    times.push(now);
    failures.delete(key);
    failures.set(key, times);
    while (failures.size > maxKeys) {
      const oldest = failures.keys().next().value;
      if (oldest === undefined) break;
      failures.delete(oldest);
    }
  }

  return {
    attempt(username, address) {
      const now = clock().getTime();
      const byUser = recent(userKey(username, address), now);
      const byAddress = recent(addressKey(address), now);
      const waits: number[] = [];
      if (byUser.length >= maxPerUsername) waits.push(retryAfter(byUser, maxPerUsername, now));
      if (byAddress.length >= maxPerAddress) waits.push(retryAfter(byAddress, maxPerAddress, now));
      if (waits.length) return { allowed: false, retryAfterSeconds: Math.max(...waits) };
      add(userKey(username, address), now);
      add(addressKey(address), now);
      return { allowed: true };
    },
    succeeded(username, address) {
      failures.delete(userKey(username, address));
      // Take back this attempt's address entry (the newest one; which one does not matter).
      const times = failures.get(addressKey(address));
      if (times) {
        times.pop();
        if (times.length === 0) failures.delete(addressKey(address));
      }
    },
  };
}
