import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../db/connect';
import { runMaintenance } from '../db/maintenance';
import { signInAttempts } from '../db/schema';
import { createTestClock } from '../test/api';
import { describeOnDatabases } from '../test/db';
import { createLoginRateLimiter, deleteStaleSignInAttempts, type RateLimitDecision } from './rate-limit';

const MINUTE = 60_000;

describeOnDatabases('sign-in rate limiter', (t, kind) => {
  beforeEach(async () => {
    await t.db.delete(signInAttempts);
  });

  function setup() {
    const clock = createTestClock();
    return { clock, limiter: createLoginRateLimiter(t.db, { clock }) };
  }

  it('blocks a username on one address after 5 failures, until they leave the 15-minute window', async () => {
    const { clock, limiter } = setup();
    for (let i = 0; i < 5; i++) {
      expect((await limiter.attempt('a@example.com', '10.0.0.1')).allowed).toBe(true);
      clock.advance(MINUTE);
    }
    // Failures at t = 0..4 min; now t = 5 min: the first leaves the window at t = 15 min.
    expect(await limiter.attempt('a@example.com', '10.0.0.1')).toEqual({
      allowed: false,
      retryAfterSeconds: 600,
    });
    // Other usernames and other addresses are not affected.
    expect((await limiter.attempt('b@example.com', '10.0.0.1')).allowed).toBe(true);
    expect((await limiter.attempt('a@example.com', '10.0.0.2')).allowed).toBe(true);
    clock.advance(10 * MINUTE);
    expect((await limiter.attempt('a@example.com', '10.0.0.1')).allowed).toBe(true);
  });

  it('does not count refused attempts', async () => {
    const clock = createTestClock();
    const strict = createLoginRateLimiter(t.db, { clock, maxPerUsername: 1, windowMs: 10 * MINUTE });
    expect((await strict.attempt('a', 'x')).allowed).toBe(true);
    clock.advance(5 * MINUTE);
    for (let i = 0; i < 3; i++) expect((await strict.attempt('a', 'x')).allowed).toBe(false);
    clock.advance(5 * MINUTE + 1);
    expect((await strict.attempt('a', 'x')).allowed).toBe(true);
  });

  it('treats usernames case-insensitively', async () => {
    const { limiter } = setup();
    for (let i = 0; i < 5; i++) await limiter.attempt(i % 2 ? 'A@Example.com' : 'a@example.com', 'x');
    expect((await limiter.attempt('a@EXAMPLE.com', 'x')).allowed).toBe(false);
  });

  it('blocks an address after 20 failures across usernames', async () => {
    const { limiter } = setup();
    for (let i = 0; i < 20; i++)
      expect((await limiter.attempt(`user${i}@example.com`, '10.0.0.9')).allowed).toBe(true);
    expect(await limiter.attempt('fresh@example.com', '10.0.0.9')).toEqual({
      allowed: false,
      retryAfterSeconds: 900,
    });
    expect((await limiter.attempt('fresh@example.com', '10.0.0.10')).allowed).toBe(true);
  });

  it("resets the username's counter on success, and does not count the success", async () => {
    const { limiter } = setup();
    for (let i = 0; i < 4; i++) await limiter.attempt('a@example.com', 'x');
    expect((await limiter.attempt('a@example.com', 'x')).allowed).toBe(true);
    await limiter.succeeded('a@example.com', 'x');
    for (let i = 0; i < 5; i++) expect((await limiter.attempt('a@example.com', 'x')).allowed).toBe(true);
    expect((await limiter.attempt('a@example.com', 'x')).allowed).toBe(false);
    // The address saw 4 + 5 failures and one success: 11 more failures fit under its limit of 20.
    for (let i = 0; i < 11; i++) expect((await limiter.attempt(`other${i}`, 'x')).allowed).toBe(true);
    expect((await limiter.attempt('another', 'x')).allowed).toBe(false);
  });

  it('lets exactly the limit through of a parallel burst split across two processes', async () => {
    const clock = createTestClock();
    // On PostgreSQL the second limiter has its own connection pool, as another server process would.
    const other = kind === 'postgres' ? await openDatabase({ databaseUrl: t.url, poolSize: 4 }) : undefined;
    try {
      const limiters = [
        createLoginRateLimiter(t.db, { clock }),
        createLoginRateLimiter(other?.db ?? t.db, { clock }),
      ];
      const burst = (username: (i: number) => string, address: string) =>
        Promise.all(Array.from({ length: 24 }, (_, i) => limiters[i % 2]?.attempt(username(i), address)));
      const allowed = (decisions: (RateLimitDecision | undefined)[]) =>
        decisions.filter((d) => d?.allowed).length;
      expect(allowed(await burst(() => 'a@example.com', '10.0.1.1'))).toBe(5);
      expect(allowed(await burst((i) => `user${i}@example.com`, '10.0.1.2'))).toBe(20);
      const rows = await t.db.select().from(signInAttempts);
      expect(rows).toHaveLength(25);
    } finally {
      await other?.close();
    }
  });

  it('keeps only a digest of the username', async () => {
    const { limiter } = setup();
    await limiter.attempt('Secret-Typed-Here@example.com', '10.0.2.1');
    const rows = await queryRows<{ row: string }>(
      t.db,
      sql`SELECT row_to_json(s)::text AS row FROM sign_in_attempts s`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.row.toLowerCase()).not.toContain('secret-typed-here');
  });

  it('forgets attempts older than the window: pruning, and each maintenance round', async () => {
    const old = createTestClock(new Date(Date.now() - 16 * MINUTE));
    const recent = createTestClock(new Date(Date.now() - 14 * MINUTE));
    await createLoginRateLimiter(t.db, { clock: old }).attempt('a', 'x');
    await createLoginRateLimiter(t.db, { clock: recent }).attempt('a', 'x');
    expect(await deleteStaleSignInAttempts(t.db, new Date(Date.now() - 15 * MINUTE))).toBe(1);
    expect(await deleteStaleSignInAttempts(t.db, new Date(Date.now() - 15 * MINUTE))).toBe(0);
    expect(await t.db.select().from(signInAttempts)).toHaveLength(1);

    await createLoginRateLimiter(t.db, { clock: old }).attempt('b', 'y');
    await runMaintenance(t);
    const kept = await t.db.select({ at: signInAttempts.attemptedAt }).from(signInAttempts);
    expect(kept.map((r) => new Date(r.at).getTime())).toEqual([recent().getTime()]);
  });
});
