/**
 * The caller's address, for the sign-in rate limit. By default the TCP peer (what @hono/node-server
 * reports); behind a reverse proxy every caller would share the proxy's address, so with
 * `trustProxy` the right-most X-Forwarded-For entry (the one our proxy appended) is used instead.
 * Never trust the header without a proxy: clients could then pick a fresh address per attempt.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export function clientAddressResolver(options: { trustProxy?: boolean } = {}) {
  return (c: Context): string => {
    if (options.trustProxy) {
      const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      // No Node socket (app.request in tests, other runtimes): one shared bucket.
      return 'unknown';
    }
  };
}
