import * as v from 'valibot';

/** Messages by dot path ('' for the root), as a form or the server would show them. */
export function issuesOf(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, input);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

/** Parses or fails the test with the messages found. */
export function parseOk<T extends v.GenericSchema>(schema: T, input: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new Error(`expected valid input: ${JSON.stringify(issuesOf(schema, input))}`);
  return result.output;
}

/** Issues through the Standard Schema interface, the way TanStack Form validates. */
export function standardIssues(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const result = schema['~standard'].validate(input);
  if (result instanceof Promise) throw new Error('schema is async');
  const out: Record<string, string[]> = {};
  for (const issue of result.issues ?? []) {
    const key = (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}
