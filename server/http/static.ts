/**
 * Serves the built console (Vite's dist/) for every non-API GET, with the SPA fallback: a path that
 * is not a file gets index.html, so deep links such as /merchants or /merchant-details/{id} load the
 * app and its router takes over. A missing asset (a path with a file extension) stays a 404 rather
 * than HTML the browser would try to run as a script.
 *
 * Compression: the build writes a brotli and a gzip copy of each text file, and the copy the
 * browser accepts is sent (brotli first); a browser that accepts neither gets the file itself.
 *
 * Caching: Vite puts content-hashed files under /assets/, which never change -> cached for a year;
 * index.html names the current hashes -> always revalidated; anything else (favicon) an hour.
 *
 * Preloading: index.html answered for a page's path carries a `Link: rel=modulepreload` header
 * naming that route's chunks (route-preload.ts), so they download beside the entry chunk.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_SERVER_ERRORS } from '@contract/messages';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { ASSETS_PREFIX } from './response-headers';
import { loadRoutePreload } from './route-preload';
import type { AppEnv } from './types';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheControlFor(path: string, contentType: string): string {
  if (contentType.startsWith('text/html')) return 'no-cache';
  if (path.startsWith(ASSETS_PREFIX)) return IMMUTABLE;
  return 'public, max-age=3600';
}

/** True when the last path segment looks like a file name (has an extension). */
function looksLikeFile(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(last);
}

export function mountConsole(app: Hono<AppEnv>, staticDir: string | undefined) {
  if (!staticDir || !existsSync(join(staticDir, 'index.html'))) {
    app.get('*', (c) => c.text(API_SERVER_ERRORS.consoleNotBuilt, 404));
    return;
  }
  const preload = loadRoutePreload(staticDir);
  // Set after the file is chosen: serveStatic's own hook runs too late to add headers.
  app.get('*', async (c, next) => {
    await next();
    if (!c.res.ok) return;
    const contentType = c.res.headers.get('Content-Type') ?? '';
    if (!c.res.headers.has('Cache-Control'))
      c.header('Cache-Control', cacheControlFor(c.req.path, contentType));
    // A hashed file is never asked for again with a validator (it is immutable for a year, and a new
    // build names new files), so Last-Modified would be 46 bytes of every answer for nothing.
    if (c.req.path.startsWith(ASSETS_PREFIX)) c.header('Last-Modified', undefined);
    const link = contentType.startsWith('text/html') ? preload.linkFor(c.req.path) : undefined;
    if (link) c.header('Link', link);
  });
  // The build manifest is read by the server (above), not by browsers.
  app.get('/.vite/*', (c) => c.text('Not found', 404));
  // `precompressed`: the build writes .br and .gz beside each text file (scripts/compress-assets.ts);
  // the copy the browser accepts is sent, with `Vary: Accept-Encoding`.
  app.get('*', serveStatic({ root: staticDir, precompressed: true }));
  app.get('*', async (c, next) => {
    if (looksLikeFile(c.req.path)) return c.text('Not found', 404);
    return next();
  });
  app.get('*', serveStatic({ root: staticDir, path: 'index.html', precompressed: true }));
}
