/**
 * The response envelope of spec §7, `{ success, status, data, errorMessage }`, for success and
 * failure alike. Handlers return `ok(c, data)` or throw `ApiError`; the app's error handler turns
 * the error into the envelope, so no route writes the shape by hand.
 */
import type { Envelope, ErrorEnvelope } from '@contract/envelope';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { jsonAnswer } from './compression';

/** A refusal the client may see verbatim (400, 401, 403, 404, 409, 429). */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200): Response {
  const body: Envelope<T> = { success: true, status, data, errorMessage: null };
  return jsonAnswer(c, body, status);
}

export function failure(
  c: Context,
  status: ContentfulStatusCode,
  errorMessage: string,
  headers: Readonly<Record<string, string>> = {},
): Response {
  const body: ErrorEnvelope = { success: false, status, data: null, errorMessage };
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  // Refusals depend on the caller's token; no cache may keep them.
  c.header('Cache-Control', 'no-store');
  return c.json(body, status);
}
