/**
 * Validation at the edge with the contract's valibot schemas. A failure is a 400 whose message names
 * each offending field ('limit: limit must be an integer from 1 to 100'), as DESIGN.md §5 asks.
 */
import { idSchema } from '@contract/common';
import { issuesMessage } from '@contract/envelope';
import { API_ERRORS, API_SERVER_ERRORS } from '@contract/messages';
import type { Context } from 'hono';
import * as v from 'valibot';
import { ApiError } from './envelope';

/** Parses or throws a 400 ApiError. */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new ApiError(400, issuesMessage(result.issues));
  return result.output;
}

/** A 400 about one body field, worded like a schema failure (`field: message`). */
export function fieldError(field: string, message: string): ApiError {
  return new ApiError(400, `${field}: ${message}`);
}

const idParamSchema = v.object({ id: idSchema });

/** The `:id` path parameter as a UUID, or 400 `id: id must be a UUID`. */
export function parseIdParam(c: Context): string {
  return parseOr400(idParamSchema, { id: c.req.param('id') }).id;
}

/**
 * A JSON body validated with a contract payload schema. Malformed JSON is a 400, never a 500; a
 * body that is not JSON at all (wrong content type) is refused the same way.
 */
export async function parseJsonBody<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<v.InferOutput<S>> {
  const contentType = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json') throw new ApiError(400, API_ERRORS.bodyObject);
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, API_SERVER_ERRORS.unreadableBody);
  }
  return parseOr400(schema, body);
}
