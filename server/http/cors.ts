/**
 * Cross-origin access to the API for a console served from another origin (CORS_ORIGINS,
 * server/config.ts). Without that setting it is not mounted: the API sends no CORS headers and a
 * browser lets only same-origin pages read it.
 *
 * For an origin on the list, every /api answer carries `Access-Control-Allow-Origin` with that
 * origin (never `*`) and the headers a script may read (the request id, a download's file name, a
 * rate limit's wait), and a preflight (`OPTIONS` with `Access-Control-Request-Method`) is answered
 * 204 here, before authentication, with the methods and request headers the API takes. The console
 * sends its token in `Authorization`, never in a cookie, so credentials are not allowed: a page of
 * another site cannot ride on a browser's session. Any other origin gets no CORS headers at all (its
 * preflight falls through to the API's usual answer), so the browser refuses it. Every /api answer
 * says `Vary: Origin`, since what it carries depends on that header.
 *
 * Like ./response-headers.ts, headers are set before the handler runs, never after it (cost), and
 * the same way (on Node's response when served by Node), so that `Vary` here and the one compressed
 * answers add (./compression.ts) are one list.
 *
 * The Content-Security-Policy is not widened for these origins: it governs documents, and the
 * API's answers are data read by a console whose own CSP (sent by whatever serves it) must allow
 * this API in its `connect-src`.
 */
import type { MiddlewareHandler } from 'hono';
import { setDefaultHeader } from './response-headers';

export const CORS_ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, X-Request-Id';
export const CORS_EXPOSED_HEADERS = 'X-Request-Id, Content-Disposition, Retry-After, WWW-Authenticate';
/** How long a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = '600';

export function cors(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return (c, next) => {
    setDefaultHeader(c, 'Vary', 'Origin');
    const origin = c.req.header('Origin');
    if (origin === undefined || !allowed.has(origin)) return next();
    setDefaultHeader(c, 'Access-Control-Allow-Origin', origin);
    if (c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method') !== undefined) {
      setDefaultHeader(c, 'Access-Control-Allow-Methods', CORS_ALLOWED_METHODS);
      setDefaultHeader(c, 'Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS);
      setDefaultHeader(c, 'Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
      return Promise.resolve(c.body(null, 204));
    }
    setDefaultHeader(c, 'Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS);
    return next();
  };
}
