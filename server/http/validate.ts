/**
 * Validation at the edge with the contract's valibot schemas. A failure is a 400 whose message names
 * each offending field ('limit: limit must be an integer from 1 to 100'), as DESIGN.md §5 asks.
 */
import * as v from 'valibot';
import { ApiError } from './envelope';

/** `path: message` for each field (first issue per field), joined with '; '. */
export function formatIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of issues) {
    const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    if (seen.has(path)) continue;
    seen.add(path);
    parts.push(path ? `${path}: ${issue.message}` : issue.message);
  }
  return parts.join('; ');
}

/** Parses or throws a 400 ApiError. */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new ApiError(400, formatIssues(result.issues));
  return result.output;
}
