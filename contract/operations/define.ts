/**
 * One declaration per API operation: method, path, who may call it, the query, body and response
 * schemas, the success status and the texts of the OpenAPI document. The server registers its
 * handler from the declaration (server/http/operation.ts), the OpenAPI document is generated from
 * it (server/openapi/document.ts) and the MSW mocks register from it (mocks/operation.ts), so the
 * three cannot disagree on a path, a permission or what is valid input.
 */
import type * as v from 'valibot';
import type { PlatformScope } from '../api-client';
import type { Permission } from '../permissions';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** An answer that is not the JSON envelope (files, the JWKS, the API's own documentation). */
export interface RawResponse {
  readonly contentType: string;
  readonly description: string;
  /** A JSON Schema for JSON bodies; omitted for bytes and HTML. */
  readonly schema?: Readonly<Record<string, unknown>>;
}

/** The envelope's `data`, and the success status (default 200). */
export interface JsonResponse<S extends v.GenericSchema = v.GenericSchema> {
  readonly status?: 200 | 201;
  readonly data: S;
}

/**
 * A second permission that also opens an operation, and why: the account mapping modal loads three
 * other screens' lists to fill its dropdowns (docs/spec-deviations.md).
 */
export interface AlsoPermitted {
  readonly permission: Permission;
  readonly because: string;
}

/**
 * A platform operation (issue 22, docs/operations.md "Platform operations"): called with an API
 * client's key holding `scope`, never with a staff token (403); staff operations refuse API keys
 * (403) in turn.
 */
export interface PlatformAccess {
  readonly scope: PlatformScope;
  /**
   * Requires an `Idempotency-Key` header (400 without one); the handler runs its work through
   * `withIdempotency` (server/http/idempotency.ts), which replays the first answer to the same key
   * and body and refuses the same key with another body (422).
   */
  readonly idempotent?: true;
}

/** The header an idempotent platform operation requires: 1 to 255 printable ASCII characters. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface OperationBody<S extends v.GenericSchema = v.GenericSchema> {
  readonly schema: S;
  /** `application/x-www-form-urlencoded` instead of JSON (sign-in, spec §7). */
  readonly form?: true;
  /** May be left out; when sent it must be well formed. */
  readonly optional?: true;
}

export interface Operation {
  readonly method: HttpMethod;
  /**
   * Relative to /api/v1, with `{id}` parameters (always a UUID) and `{path}` for a stored file's
   * path, which may span several segments.
   */
  readonly path: string;
  readonly tag: string;
  readonly summary: string;
  readonly description: string;
  /** Needs no bearer token. */
  readonly public?: true;
  /**
   * The permission the caller's token must hold. Absent on a non-public operation: any valid token,
   * and the handler decides (sign-out, and the change history, whose permission is the subject's).
   */
  readonly permission?: Permission;
  readonly alsoPermitted?: AlsoPermitted;
  /** A platform operation: an API client's key with this scope, no staff token (no `permission`). */
  readonly platform?: PlatformAccess;
  /** A list query or `?command=` schema: each entry becomes a query parameter. */
  readonly query?: v.GenericSchema;
  readonly body?: OperationBody;
  readonly response: JsonResponse | RawResponse;
  /**
   * Ours (decision 039): the action may instead wait for a second person's approval, answered 202
   * with the approval request as `data` (the handler returns that Response itself).
   */
  readonly accepted?: { readonly description: string; readonly data: v.GenericSchema };
  /** Status -> when it happens, beyond the 400/401/403/404 derived from the declaration. */
  readonly errors?: Readonly<Partial<Record<401 | 403 | 404 | 409 | 422 | 429 | 503, string>>>;
}

/** Keeps the literal path and the schemas' types, so handlers get typed input. */
export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}

export function isRawResponse(response: Operation['response']): response is RawResponse {
  return 'contentType' in response;
}

/** The names of a path's `{name}` parameters. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

export type ParamsOf<O extends Operation> = { readonly [K in PathParamNames<O['path']>]: string };

export type QueryOf<O extends Operation> = O['query'] extends v.GenericSchema
  ? v.InferOutput<O['query']>
  : undefined;

export type BodyOf<O extends Operation> =
  O['body'] extends OperationBody<infer S>
    ? O['body'] extends { readonly optional: true }
      ? v.InferOutput<S> | undefined
      : v.InferOutput<S>
    : undefined;

/** What a handler answers in the envelope's `data`; raw operations answer a Response instead. */
export type DataOf<O extends Operation> =
  O['response'] extends JsonResponse<infer S> ? v.InferInput<S> : never;

/** `{id}` -> `:id`, `{path}` -> `*`: the router syntax Hono and MSW share. */
export function routerPath(path: string): string {
  return path.replace(/\{path\}/g, '*').replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * Matches the paths (relative to /api/v1) of a declared path: `{id}` is one segment, `{path}` the
 * rest of the path (it may be empty; the handler answers 404 for that).
 */
export function pathPattern(path: string): RegExp {
  const pattern = path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      if (part === '{path}') return '.*';
      if (/^\{[^}]+\}$/.test(part)) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${pattern}$`);
}

/**
 * A form body as the declared object schema reads it: each declared field with its first value, or
 * undefined when it was not sent (so the field's own message names it, not "Invalid key").
 */
export function formFields(
  schema: v.GenericSchema,
  form: URLSearchParams,
): Record<string, string | undefined> {
  const names =
    'entries' in schema && typeof schema.entries === 'object' && schema.entries !== null
      ? Object.keys(schema.entries)
      : [...form.keys()];
  return Object.fromEntries(names.map((name) => [name, form.get(name) ?? undefined]));
}
