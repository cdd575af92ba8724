import * as v from 'valibot';
import { expect } from 'vitest';

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

/**
 * The messages of an empty form, through the Standard Schema interface as the form shows them, and
 * (unless `leftOut` is false) the same ones for a JSON client that leaves every field out.
 */
export function expectEmptyFormIssues(
  schema: v.GenericSchema,
  empty: unknown,
  expected: Record<string, string[]>,
  { leftOut = true } = {},
): void {
  expect(standardIssues(schema, empty)).toEqual(expected);
  if (leftOut) expect(issuesOf(schema, {})).toEqual(expected);
}

/** A value, decimal places and the first whole unit strictly above the value at those places. */
export const UNIT_STEPS = [
  ['1000', 2, '1000.01'],
  ['1000', 0, '1001'],
  ['99.99', 2, '100.00'],
  ['0.5', 0, '1'],
  ['9007199254740993', 0, '9007199254740994'],
  ['0', 3, '0.001'],
] as const;
