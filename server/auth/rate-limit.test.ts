import { describe, expect, it } from 'vitest';
import { createTestClock } from '../http/test-support';
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
      expect(limiter.check('a@example.com', '10.0.0.1').allowed).toBe(true);
      limiter.recordFailure('a@example.com', '10.0.0.1');
      clock.advance(MINUTE);
    }
    // Failures at t = 0..4 min; now t = 5 min: the first leaves the window at t = 15 min.
    expect(limiter.check('a@example.com', '10.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 600 });
    // Other usernames and other addresses are not affected.
    expect(limiter.check('b@example.com', '10.0.0.1').allowed).toBe(true);
    expect(limiter.check('a@example.com', '10.0.0.2').allowed).toBe(true);
    clock.advance(10 * MINUTE);
    expect(limiter.check('a@example.com', '10.0.0.1').allowed).toBe(true);
  });

  it('treats usernames case-insensitively', () => {
    const { limiter } = setup();
    for (let i = 0; i < 5; i++) limiter.recordFailure(i % 2 ? 'A@Example.com' : 'a@example.com', 'x');
    expect(limiter.check('a@EXAMPLE.com', 'x').allowed).toBe(false);
  });

  it('blocks an address after 20 failures across usernames', () => {
    const { limiter } = setup();
    for (let i = 0; i < 20; i++) {
      expect(limiter.check(`user${i}@example.com`, '10.0.0.9').allowed).toBe(true);
      limiter.recordFailure(`user${i}@example.com`, '10.0.0.9');
    }
    expect(limiter.check('fresh@example.com', '10.0.0.9')).toEqual({
      allowed: false,
      retryAfterSeconds: 900,
    });
    expect(limiter.check('fresh@example.com', '10.0.0.10').allowed).toBe(true);
  });

  it("resets the username's counter on success", () => {
    const { limiter } = setup();
    for (let i = 0; i < 4; i++) limiter.recordFailure('a@example.com', 'x');
    limiter.recordSuccess('a@example.com', 'x');
    for (let i = 0; i < 4; i++) limiter.recordFailure('a@example.com', 'x');
    expect(limiter.check('a@example.com', 'x').allowed).toBe(true);
  });

  it('forgets the oldest keys beyond maxKeys', () => {
    const clock = createTestClock();
    const small = createLoginRateLimiter({ clock, maxKeys: 4, maxPerUsername: 1 });
    small.recordFailure('first', 'x');
    expect(small.check('first', 'x').allowed).toBe(false);
    for (let i = 0; i < 4; i++) small.recordFailure(`u${i}`, `y${i}`);
    expect(small.check('first', 'x').allowed).toBe(true);
  });
});
