/**
 * Stored files (`files` table): `GET /files/logos/*` is public because <img> cannot send a token;
 * `GET /files/documents/*` holds compliance documents (personal data) and needs view-merchant.
 * Both are sent as attachments named after the last path segment (spec §2 "Document download").
 */
import { API_ERRORS } from '@contract/messages';
import { fileOperations } from '@contract/operations/files';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { files } from '../db/schema';
import { contentDisposition } from '../http/content-disposition';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { AppEnv, RouteDeps } from '../http/types';

export function fileRoutes({ db }: RouteDeps) {
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

  return [
    handle(fileOperations.logo, ({ c }) => send(c, 'logos', 'public, max-age=86400')),
    handle(fileOperations.document, ({ c }) => send(c, 'documents', 'private, no-store')),
  ];
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
