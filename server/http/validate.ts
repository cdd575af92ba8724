/**
 * Validation at the edge with the contract's valibot schemas. A failure is a 400 whose message names
 * each offending field ('limit: limit must be an integer from 1 to 100'), as docs/api.md says.
 */
import { issuesMessage } from '@contract/envelope';
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
