/**
 * What the server (server/http/operation.ts) and the mocks (mocks/operation.ts) both do before a
 * handler runs, written once so their refusals cannot differ: the declared access (401, 403), then
 * the path's `{id}`, the query and the body, each refused with a 400 naming the field.
 */

import * as v from 'valibot';
import { API_CLIENT_ERRORS } from '../api-client';
import { idSchema, textProblem } from '../common';
import { issuesMessage } from '../envelope';
import { API_ERRORS, API_SERVER_ERRORS, VALIDATION } from '../messages';
import { hasPermission, type PermissionMap } from '../permissions';
import { formFields, IDEMPOTENCY_KEY_PATTERN, type Operation, type OperationBody } from './define';

export interface Refusal {
  readonly status: 400 | 401 | 403;
  readonly message: string;
}

/** A refusal to answer, or the validated value. */
export type Checked<T> = { readonly refusal: Refusal } | { readonly value: T };

/**
 * The declared access for a caller: `access` is a staff token's permissions, `client` an API
 * client's scopes once its key checked; both `null` when nothing was verified (or sent). A
 * non-public operation without a permission takes any valid staff token; the handler decides the
 * rest. Platform operations take only API clients holding their scope, staff operations never.
 */
export function accessRefusal(
  operation: Operation,
  access: PermissionMap | null,
  client: { readonly scopes: readonly string[] } | null = null,
): Refusal | null {
  if (operation.public) return null;
  if (client) {
    if (!operation.platform) return { status: 403, message: API_CLIENT_ERRORS.clientOnStaff };
    if (!client.scopes.includes(operation.platform.scope)) {
      return { status: 403, message: API_CLIENT_ERRORS.missingScope(operation.platform.scope) };
    }
    return null;
  }
  if (!access) return { status: 401, message: API_ERRORS.unauthenticated };
  if (operation.platform) return { status: 403, message: API_CLIENT_ERRORS.staffOnPlatform };
  const { permission, alsoPermitted } = operation;
  if (!permission || hasPermission(access, permission)) return null;
  if (alsoPermitted && hasPermission(access, alsoPermitted.permission)) return null;
  return { status: 403, message: API_ERRORS.forbidden };
}

/** What the request carried, as each side reads it from its own router. */
export interface RawInput {
  /** Each `{name}` of the path as sent (`path`: the rest of the path after the declared prefix). */
  readonly params: Readonly<Record<string, string | undefined>>;
  readonly query: Readonly<Record<string, string>>;
  /**
   * The query string exactly as sent (what `query` was read from), when the caller has it: the
   * query's verdict is then remembered by it (see `parseQuery`). The server passes it; the mocks
   * do not.
   */
  readonly queryKey?: string | undefined;
  readonly contentType: string | null | undefined;
  /** Read only when the operation declares a body. */
  readonly text: () => Promise<string>;
  /** The `Idempotency-Key` header; read only by idempotent platform operations. */
  readonly idempotencyKey?: string | null | undefined;
}

export interface CheckedInput {
  readonly params: Record<string, string>;
  readonly query: unknown;
  readonly body: unknown;
}

/**
 * The `Idempotency-Key` header of an idempotent platform operation, then `{id}`, the query and the
 * body, in that order (the first refusal is answered).
 */
export async function checkInput(operation: Operation, raw: RawInput): Promise<Checked<CheckedInput>> {
  if (operation.platform?.idempotent && !IDEMPOTENCY_KEY_PATTERN.test(raw.idempotencyKey ?? '')) {
    return bad(API_CLIENT_ERRORS.idempotencyKeyMissing);
  }
  const params = checkParams(operation.path, raw.params);
  if ('refusal' in params) return params;
  const query = operation.query ? parseQuery(operation.query, raw) : { value: undefined };
  if ('refusal' in query) return query;
  const body = operation.body
    ? checkBody(operation.body, raw.contentType, await raw.text())
    : { value: undefined };
  if ('refusal' in body) return body;
  return { value: { params: params.value, query: query.value, body: body.value } };
}

function parse<S extends v.GenericSchema>(schema: S, input: unknown): Checked<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  return result.success
    ? { value: result.output }
    : { refusal: { status: 400, message: issuesMessage(result.issues) } };
}

/**
 * A query's verdict, remembered by the query string it was read from: the same text always gets
 * the same answer (the query schemas are pure: no clock, no I/O), and a console sends the same few
 * list queries over and over, so a hit skips valibot (about a tenth of a list request's own CPU
 * time in a profile, issue 19). A remembered value is deep-frozen, because the next request with
 * the same query gets the very same object: a handler that changed it would throw at once rather
 * than change the next request's input. Bounded per schema, oldest first out.
 */
const QUERY_MEMO_SIZE = 500;
/** Longer query strings are checked every time: the memo's memory stays small (500 x 512 per schema). */
const QUERY_MEMO_KEY_MAX = 512;
const queryMemo = new WeakMap<v.GenericSchema, Map<string, Checked<unknown>>>();

function parseQuery(schema: v.GenericSchema, raw: RawInput): Checked<unknown> {
  if (raw.queryKey === undefined || raw.queryKey.length > QUERY_MEMO_KEY_MAX) return parse(schema, raw.query);
  let memo = queryMemo.get(schema);
  if (!memo) {
    memo = new Map();
    queryMemo.set(schema, memo);
  }
  const known = memo.get(raw.queryKey);
  if (known) return known;
  const checked = parse(schema, raw.query);
  if ('value' in checked) deepFreeze(checked.value);
  if (memo.size >= QUERY_MEMO_SIZE) {
    const oldest = memo.keys().next().value;
    if (oldest !== undefined) memo.delete(oldest);
  }
  memo.set(raw.queryKey, Object.freeze(checked));
  return checked;
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}

const idParamSchema = v.object({ id: idSchema });

/**
 * A path parameter other than `{id}` (a stored file's `{path}`) as its handler will read it:
 * percent-decoded when it decodes. Either form must be plain text (`textProblem`), or `%00` would
 * reach the database as a NUL.
 */
function paramProblem(name: string, raw: string): Refusal | null {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not decodable: the handler answers 404 for it.
  }
  const problem = textProblem(raw) ?? textProblem(decoded);
  if (!problem) return null;
  const message =
    problem === 'control'
      ? VALIDATION.common.controlCharacters(name)
      : VALIDATION.common.invalidUnicode(name);
  return { status: 400, message: `${name}: ${message}` };
}

/** `{id}` is a UUID (400 `id: id must be a UUID`); any other parameter must be plain text. */
function checkParams(
  path: string,
  raw: Readonly<Record<string, string | undefined>>,
): Checked<Record<string, string>> {
  const value: Record<string, string> = {};
  for (const [, name = ''] of path.matchAll(/\{([^}]+)\}/g)) {
    if (name === 'id') {
      const id = parse(idParamSchema, { id: raw.id });
      if ('refusal' in id) return id;
      value.id = id.value.id;
    } else {
      const param = raw[name] ?? '';
      const refusal = paramProblem(name, param);
      if (refusal) return { refusal };
      value[name] = param;
    }
  }
  return { value };
}

const bad = (message: string): Checked<never> => ({ refusal: { status: 400, message } });

function checkBody(
  body: OperationBody,
  contentType: string | null | undefined,
  text: string,
): Checked<unknown> {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (body.form) {
    if (type !== 'application/x-www-form-urlencoded') return bad(API_SERVER_ERRORS.formEncoded);
    return parse(body.schema, formFields(body.schema, new URLSearchParams(text)));
  }
  // An optional body is accepted without a content type, as spec §7's clients send it; when sent,
  // it must be JSON.
  if (body.optional && text.trim() === '') return { value: undefined };
  if (!body.optional && type !== 'application/json') return bad(API_ERRORS.bodyObject);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return bad(body.optional ? API_ERRORS.bodyObject : API_SERVER_ERRORS.unreadableBody);
  }
  const shape = shapeRefusal(body.schema, value);
  return shape ? bad(shape) : parse(body.schema, value);
}

/**
 * A body that is no JSON object (`null`, an array, a string, a number) where an object is declared
 * is one refusal, before any field is looked at: a schema would otherwise name every field of an
 * absent object, read a field of `null`, or (valibot's object takes arrays) read an array's missing
 * keys. Under an optional or nullable root (a command's ignored body), null is left to the schema;
 * a declared list answers a body that is no array with its own message ("Add at least one account
 * mapping").
 */
function shapeRefusal(schema: v.GenericSchema, value: unknown): string | null {
  let root: v.GenericSchema = schema;
  while (WRAPPERS.has(root.type) && 'wrapped' in root) {
    if (value === null) return null;
    root = root.wrapped as v.GenericSchema;
  }
  if (!OBJECT_KINDS.has(root.type)) return null;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? null : API_ERRORS.bodyObject;
}

const WRAPPERS = new Set(['optional', 'nullable', 'nullish', 'exact_optional', 'undefinedable']);
const OBJECT_KINDS = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest', 'record']);
