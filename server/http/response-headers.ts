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
 *
 * Served by @hono/node-server (`npm start`, the benches), they are not set through Hono at all but
 * straight on Node's own response (decision 060): `c.header` keeps them in a web `Headers` object
 * (undici: every name and value converted, checked and lower-cased, then sorted and copied into a
 * plain object again when the answer is written), about 25-30 µs of every request's CPU in a
 * profile. Node merges what `setHeader` was given with the headers the answer brings when it writes
 * them, the answer's own winning, which is the order `c.header` gave: so a route's own value still
 * replaces ours. Elsewhere (`app.request` in tests, another runtime) they go through `c.header`, as
 * before. One difference: a raw `Response` a handler builds itself (the live events stream) gets
 * them from Node too, where Hono never merged `c.header`'s values into it.
 */
import { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';

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

/** Where Vite puts the console's content-hashed scripts, styles and fonts (server/http/static.ts). */
export const ASSETS_PREFIX = '/assets/';

/**
 * What a script, stylesheet or font answer keeps of the security headers (decision 080). The others
 * govern the document a browser shows (CSP, framing, the opener, the agent cluster, the XSS filter,
 * DNS prefetching, downloads, Flash and PDF policy files) or the origin as a whole (HSTS, which the
 * page's own answer already sets), and a browser ignores them on a subresource; at some 500 bytes an
 * answer they were a tenth of a list page's first load over HTTP/1.1, which sends each answer's
 * headers whole. Kept: no sniffing a script's type, no other origin reading our files, and the
 * referrer policy, which also governs the requests a stylesheet makes (its `url()` images).
 */
export const ASSET_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Resource-Policy': SECURITY_HEADERS['Cross-Origin-Resource-Policy'] ?? '',
  'Referrer-Policy': SECURITY_HEADERS['Referrer-Policy'] ?? '',
  'X-Content-Type-Options': SECURITY_HEADERS['X-Content-Type-Options'] ?? '',
};

const ASSET_SECURITY_HEADER_ENTRIES = Object.entries(ASSET_SECURITY_HEADERS);

/** Under @hono/node-server, Node's response the answer will be written to; else undefined. */
export function nodeResponseOf(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  return outgoing instanceof ServerResponse ? outgoing : undefined;
}

/**
 * Sets a header every answer to this request carries unless the answer names its own value, as
 * `c.header` before the handler runs does: on Node's response when there is one (see above).
 */
export function setDefaultHeader(c: Context, name: string, value: string): void {
  const outgoing = nodeResponseOf(c);
  if (outgoing) outgoing.setHeader(name, value);
  else c.header(name, value);
}

/**
 * Adds a value to a list header (`Vary`) every answer to this request carries, after any value set
 * before, as `c.header(name, value, { append: true })` does: one line, the values joined by commas.
 */
export function appendDefaultHeader(c: Context, name: string, value: string): void {
  const outgoing = nodeResponseOf(c);
  if (!outgoing) {
    c.header(name, value, { append: true });
    return;
  }
  const before = outgoing.getHeader(name);
  outgoing.setHeader(name, before === undefined ? value : `${String(before)}, ${value}`);
}

/**
 * Every answer gets the security headers (the console's assets only those that apply to them);
 * `apiPrefix` answers also get `Cache-Control: no-store` unless the route sets its own.
 */
export function responseHeaders(apiPrefix: string): MiddlewareHandler {
  return (c, next) => {
    const outgoing = nodeResponseOf(c);
    const path = c.req.path;
    const api = path.startsWith(apiPrefix);
    const entries = path.startsWith(ASSETS_PREFIX) ? ASSET_SECURITY_HEADER_ENTRIES : SECURITY_HEADER_ENTRIES;
    if (outgoing) {
      for (const [name, value] of entries) outgoing.setHeader(name, value);
      if (api) outgoing.setHeader('Cache-Control', 'no-store');
    } else {
      for (const [name, value] of entries) c.header(name, value);
      if (api) c.header('Cache-Control', 'no-store');
    }
    return next();
  };
}
