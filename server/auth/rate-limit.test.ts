import { describe, expect, it } from 'vitest';
import { createTestClock } from '../test/api';
import { createLoginRateLimiter } from './rate-limit';

const MINUTE = 60_000;

function setup() {
  const clock = createTestClock();
  return { clock, limiter: createLoginRateLimiter({ clock }) };
}

describe('sign-in rate limiter', () => {
  it('blocks a username on one address after 5 failures, until they leave the 15-minute window', () => {
    const { clock, limiter } = setup();
    for (let i = 0; i < 5; i++) {
      expect(limiter.attempt('a@example.com', '10.0.0.1').allowed).toBe(true);
      clock.advance(MINUTE);
    }
    // Failures at t = 0..4 min; now t = 5 min: the first leaves the window at t = 15 min.
    expect(limiter.attempt('a@example.com', '10.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 600 });
    // Other usernames and other addresses are not affected.
    expect(limiter.attempt('b@example.com', '10.0.0.1').allowed).toBe(true);
    expect(limiter.attempt('a@example.com', '10.0.0.2').allowed).toBe(true);
    clock.advance(10 * MINUTE);
    expect(limiter.attempt('a@example.com', '10.0.0.1').allowed).toBe(true);
  });

  it('does not count refused attempts', () => {
    const clock = createTestClock();
    const strict = createLoginRateLimiter({ clock, maxPerUsername: 1, windowMs: 10 * MINUTE });
    expect(strict.attempt('a', 'x').allowed).toBe(true);
    clock.advance(5 * MINUTE);
    for (let i = 0; i < 3; i++) expect(strict.attempt('a', 'x').allowed).toBe(false);
    clock.advance(5 * MINUTE + 1);
    expect(strict.attempt('a', 'x').allowed).toBe(true);
  });

  it('treats usernames case-insensitively', () => {
    const { limiter } = setup();
    for (let i = 0; i < 5; i++) limiter.attempt(i % 2 ? 'A@Example.com' : 'a@example.com', 'x');
    expect(limiter.attempt('a@EXAMPLE.com', 'x').allowed).toBe(false);
  });

  it('blocks an address after 20 failures across usernames', () => {
    const { limiter } = setup();
    for (let i = 0; i < 20; i++)
      expect(limiter.attempt(`user${i}@example.com`, '10.0.0.9').allowed).toBe(true);
    expect(limiter.attempt('fresh@example.com', '10.0.0.9')).toEqual({
      allowed: false,
      retryAfterSeconds: 900,
    });
    expect(limiter.attempt('fresh@example.com', '10.0.0.10').allowed).toBe(true);
  });

  it("resets the username's counter on success, and does not count the success", () => {
    const { limiter } = setup();
    for (let i = 0; i < 4; i++) limiter.attempt('a@example.com', 'x');
    expect(limiter.attempt('a@example.com', 'x').allowed).toBe(true);
    limiter.succeeded('a@example.com', 'x');
    for (let i = 0; i < 5; i++) expect(limiter.attempt('a@example.com', 'x').allowed).toBe(true);
    expect(limiter.attempt('a@example.com', 'x').allowed).toBe(false);
    // The address saw 4 + 5 failures and one success: 11 more failures fit under its limit of 20.
    for (let i = 0; i < 11; i++) expect(limiter.attempt(`other${i}`, 'x').allowed).toBe(true);
    expect(limiter.attempt('another', 'x').allowed).toBe(false);
  });

  it('forgets the oldest keys beyond maxKeys', () => {
    const clock = createTestClock();
    const small = createLoginRateLimiter({ clock, maxKeys: 4, maxPerUsername: 1 });
    small.attempt('first', 'x');
    expect(small.attempt('first', 'x').allowed).toBe(false);
    for (let i = 0; i < 4; i++) small.attempt(`u${i}`, `y${i}`);
    expect(small.attempt('first', 'x').allowed).toBe(true);
  });
});
