/**
 * Reading the contract's valibot schemas for the fuzz suite: an object's fields, the fixed values a
 * field takes, what kind of value it holds, and a baseline that passes the schema, found by trying
 * candidates field by field against the schema itself. The variants the suite sends are this
 * baseline with one thing broken, so each reaches the validation of the field it breaks.
 */
import { issuesMessage } from '@contract/envelope';
import * as v from 'valibot';

/** The parts of a valibot schema or action the walk reads; valibot keeps them public on each node. */
interface SchemaNode {
  readonly kind?: string;
  readonly type?: string;
  readonly pipe?: readonly SchemaNode[];
  readonly wrapped?: SchemaNode;
  readonly options?: readonly unknown[];
  readonly literal?: unknown;
  readonly item?: SchemaNode;
  readonly entries?: Readonly<Record<string, SchemaNode>>;
}

const node = (schema: unknown): SchemaNode => schema as SchemaNode;

/** The declared fields of an object schema (piped or not), or null for any other schema. */
export function objectEntries(schema: v.GenericSchema): Readonly<Record<string, v.GenericSchema>> | null {
  const entries = node(schema).entries;
  return node(schema).type === 'object' && entries
    ? (entries as unknown as Record<string, v.GenericSchema>)
    : null;
}

/** The item schema of an array schema (piped or not), or null. */
export function arrayItem(schema: v.GenericSchema): v.GenericSchema | null {
  const item = node(schema).item;
  return node(schema).type === 'array' && item ? (item as unknown as v.GenericSchema) : null;
}

/** Every node of a field's schema tree, not descending into nested objects' fields. */
function* walk(schema: SchemaNode, depth = 0): Generator<SchemaNode> {
  if (depth > 12) return;
  yield schema;
  for (const step of schema.pipe ?? []) if (step !== schema) yield* walk(step, depth + 1);
  if (schema.wrapped) yield* walk(schema.wrapped, depth + 1);
  if (schema.type === 'union' || schema.type === 'variant')
    for (const option of schema.options ?? []) yield* walk(node(option), depth + 1);
}

/** The picklist options and literals anywhere in a field's schema: the values it is meant to take. */
function fixedValues(schema: v.GenericSchema): unknown[] {
  const values: unknown[] = [];
  for (const n of walk(node(schema))) {
    if (n.type === 'picklist') values.push(...(n.options ?? []));
    if (n.type === 'literal') values.push(n.literal);
  }
  return [...new Set(values)];
}

/** Whether a validation of this type (`integer`, `uuid`, …) is anywhere in the field's schema. */
function hasAction(schema: v.GenericSchema, type: string): boolean {
  for (const n of walk(node(schema))) if (n.kind === 'validation' && n.type === type) return true;
  return false;
}

/** The schema's verdict on a value: null when it passes, else why not (a schema that throws refuses). */
export function refusal(schema: v.GenericSchema, value: unknown): string | null {
  try {
    const result = v.safeParse(schema, value);
    return result.success ? null : `the schema refuses it (${issuesMessage(result.issues)})`;
  } catch (error) {
    return `the schema throws (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** The messages of the issues a value raises at `key` (the first step of an issue's path). */
export function issuesAt(schema: v.GenericSchema, value: unknown, key: string | number): string[] {
  try {
    const result = v.safeParse(schema, value);
    if (result.success) return [];
    return result.issues.filter((issue) => issue.path?.[0]?.key === key).map((issue) => issue.message);
  } catch (error) {
    return [`throws: ${error instanceof Error ? error.message : String(error)}`];
  }
}

/** What a value absent from an object stands for while building one. */
export const ABSENT = Symbol('absent');
type Candidate = unknown | typeof ABSENT;

/** Values that are valid for most fields of this API, tried in order after a field's fixed values. */
function candidates(
  field: v.GenericSchema,
  ids: readonly string[],
  forQuery: boolean,
  preferred: readonly Candidate[],
): Candidate[] {
  const id = ids[0] ?? '00000000-0000-4000-8000-000000000000';
  const text = [
    'Fuzz value',
    '1',
    '10',
    '2026-01-02',
    'FZZ',
    'https://example.com/fuzz',
    // An image the console can show (a path on this server): what a logo takes.
    '/api/v1/files/logos/FUZZ.svg',
    id,
    'true',
    'fuzz@example.org',
    // A one-time code's shape: six digits (the second factor, decision 029).
    '123456',
    // A PKCE verifier's shape: 43 characters at least (single sign-on, decision 032).
    'fuzz-pkce-verifier-xxxxxxxxxxxxxxxxxxxxxxxx',
  ];
  if (forQuery) return [...fixedValues(field).filter((x) => typeof x === 'string'), ABSENT, ...text];
  const item = arrayItem(field);
  const items = item ? [[baseline(item, ids)], ...text.map((x) => [x])] : [];
  return [...preferred, ...fixedValues(field), ...text, 1, 10, false, true, ...items, [], null, ABSENT];
}

function assign(target: Record<string, unknown>, key: string, value: Candidate): void {
  if (value === ABSENT) delete target[key];
  else target[key] = value;
}

/** A stored record's value for a payload key: `x_id` may be answered as `x: { id }`. */
function storedValue(sample: Readonly<Record<string, unknown>> | undefined, key: string): unknown[] {
  if (!sample) return [];
  if (sample[key] !== undefined) return [sample[key]];
  const nested = key.endsWith('_id') ? sample[key.slice(0, -3)] : undefined;
  if (nested && typeof nested === 'object' && 'id' in nested) return [nested.id];
  return [];
}

/**
 * A value the schema accepts, built field by field: each field takes the first candidate that
 * raises no issue at that field, given the others (two passes, for rules across fields such as a
 * range's To above its From). Not every schema has one; `baselineRefusal` says whether it passed.
 */
export function baseline(
  schema: v.GenericSchema,
  ids: readonly string[],
  forQuery = false,
  sample?: Readonly<Record<string, unknown>>,
): unknown {
  const item = arrayItem(schema);
  if (item) return [baseline(item, ids, forQuery, sample)];
  const entries = objectEntries(schema);
  if (!entries) {
    const found = candidates(schema, ids, forQuery, []).find(
      (c) => c !== ABSENT && refusal(schema, c) === null,
    );
    return found === undefined ? null : found;
  }
  const value: Record<string, unknown> = {};
  // A stored record's own values first: they pass the checks a schema cannot make (a currency
  // code that exists), so one broken field is the only thing wrong.
  const options = Object.fromEntries(
    Object.entries(entries).map(([key, field]) => [
      key,
      candidates(field, ids, forQuery, storedValue(sample, key)),
    ]),
  );
  for (const [key, list] of Object.entries(options)) assign(value, key, list[0]);
  for (let pass = 0; pass < 2; pass++) {
    for (const [key, list] of Object.entries(options)) {
      const fits = list.find((c) => {
        assign(value, key, c);
        return issuesAt(schema, value, key).length === 0;
      });
      assign(value, key, fits === undefined ? list[0] : fits);
    }
  }
  return value;
}

/**
 * What a field holds, as the contract means it: the rules of issue 18 (no NUL, numbers within what
 * the column holds) depend on it. Found by asking the field's schema about typical values.
 */
/** `id`: a reference to a stored record, by its UUID. */
export type FieldKind = 'text' | 'number' | 'integer' | 'fixed' | 'id' | 'other';

export function fieldKind(schema: v.GenericSchema, base: Record<string, unknown>, key: string): FieldKind {
  const accepts = (x: unknown) => issuesAt(schema, { ...base, [key]: x }, key).length === 0;
  const field = objectEntries(schema)?.[key];
  if (!field) return 'other';
  if (fixedValues(field).some((x) => typeof x === 'string') && !accepts('Fuzz value')) return 'fixed';
  if (accepts('Fuzz value')) return 'text';
  if (hasAction(field, 'uuid')) return 'id';
  if (accepts('1') || accepts(1)) return hasAction(field, 'integer') ? 'integer' : 'number';
  return 'other';
}
