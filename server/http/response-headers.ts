/**
 * Headers every response carries: the security headers of a same-origin SPA, and `no-store` on the
 * API (its answers depend on the caller's token).
 *
 * They are set before the handler runs, never after. A middleware that writes headers once the
 * handler has answered (Hono's `secureHeaders` does) must read `c.res.headers`, which makes
 * @hono/node-server turn its lightweight response into a full web `Response` with a stream body
 * and pipe that stream out: about 0.5 ms of every API request (docs/performance.md). Set up front,
 * they are merged when the handler builds its response, and a value the route sets itself (a
 * stricter CSP for stored files, a cache policy for the JWKS) replaces ours, as before.
 */
import type { MiddlewareHandler } from 'hono';

/**
 * Same-origin SPA: scripts only from our own files (Vite emits no inline script); Mantine and charts
 * set inline styles; logos and avatars may be data: or blob: URLs.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What Hono's `secureHeaders` sent with our options (the test pins each one). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'DENY',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};

const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);

/** `apiPrefix` answers also get `Cache-Control: no-store` unless the route sets its own. */
export function responseHeaders(apiPrefix: string): MiddlewareHandler {
  return (c, next) => {
    for (const [name, value] of SECURITY_HEADER_ENTRIES) c.header(name, value);
    if (c.req.path.startsWith(apiPrefix)) c.header('Cache-Control', 'no-store');
    return next();
  };
}
