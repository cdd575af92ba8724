/**
 * Stored files (`files` table): `GET /files/logos/*` is public because <img> cannot send a token;
 * `GET /files/documents/*` holds compliance documents (personal data) and needs view-merchant.
 * Both are sent as attachments named after the last path segment (spec §2 "Document download").
 */
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { requirePermission } from '../auth/middleware';
import { files } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';

export function fileRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();

  async function send(c: Context<AppEnv>, folder: 'logos' | 'documents', cacheControl: string) {
    const rest = storedPath(c.req.path, folder);
    if (rest === undefined) throw new ApiError(404, API_ERRORS.notFound('File'));
    const [file] = await db.select().from(files).where(eq(files.path, rest)).limit(1);
    if (!file) throw new ApiError(404, API_ERRORS.notFound('File'));
    const filename = rest.slice(rest.lastIndexOf('/') + 1);
    c.header('Content-Type', file.contentType);
    c.header('Content-Disposition', contentDisposition(filename));
    c.header('Cache-Control', cacheControl);
    // Stored SVGs could carry script; never let a browser run anything served from here.
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return c.body(new Uint8Array(file.bytes), 200);
  }

  app.get('/logos/*', (c) => send(c, 'logos', 'public, max-age=86400'));
  app.get('/documents/*', requirePermission(PERMISSIONS.viewMerchant), (c) =>
    send(c, 'documents', 'private, no-store'),
  );

  return app;
}

/** `logos/M000001.svg` from `/api/v1/files/logos/M000001.svg`; undefined for a malformed path. */
export function storedPath(requestPath: string, folder: string): string | undefined {
  const marker = `/files/${folder}/`;
  const at = requestPath.indexOf(marker);
  if (at < 0) return undefined;
  let rest: string;
  try {
    rest = decodeURIComponent(requestPath.slice(at + marker.length));
  } catch {
    return undefined;
  }
  if (
    rest === '' ||
    rest.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    return undefined;
  }
  return `${folder}/${rest}`;
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
