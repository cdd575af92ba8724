/**
 * Registers each API operation from its declaration (contract/operations/): checks the caller's
 * permission, validates the path, query and body with the declared schemas (400 naming the field),
 * hands the handler typed input and wraps its answer in the envelope with the declared status. A
 * handler says only what is particular to it.
 */
import type { TokenClaims } from '@contract/auth';
import { idSchema } from '@contract/common';
import { API_ERRORS, API_SERVER_ERRORS } from '@contract/messages';
import {
  type BodyOf,
  type DataOf,
  formFields,
  isRawResponse,
  type Operation,
  type ParamsOf,
  type QueryOf,
  routerPath,
} from '@contract/operations/define';
import { OPERATIONS } from '@contract/operations/registry';
import { hasPermission } from '@contract/permissions';
import type { Hono } from 'hono';
import * as v from 'valibot';
import { ApiError, ok } from './envelope';
import type { AppContext, AppEnv } from './types';
import { parseOr400 } from './validate';

export interface OperationInput<O extends Operation> {
  readonly c: AppContext;
  readonly params: ParamsOf<O>;
  readonly query: QueryOf<O>;
  readonly body: BodyOf<O>;
  /** The verified token's claims; absent on public operations. */
  readonly claims: O extends { readonly public: true } ? undefined : TokenClaims;
}

/** Answers the envelope's `data`, or a whole Response (files, CSV, the JWKS, documentation). */
export type OperationHandler<O extends Operation> = (
  input: OperationInput<O>,
) => DataOf<O> | Response | Promise<DataOf<O> | Response>;

export interface OperationBinding {
  readonly operation: Operation;
  readonly run: (c: AppContext) => Promise<Response>;
}

export function handle<O extends Operation>(operation: O, handler: OperationHandler<O>): OperationBinding {
  const status = isRawResponse(operation.response) ? 200 : (operation.response.status ?? 200);
  const readParams = paramsReader(operation.path);
  return {
    operation,
    run: async (c) => {
      authorize(c, operation);
      const params = readParams(c);
      const query = operation.query ? parseOr400(operation.query, c.req.query()) : undefined;
      const body = operation.body ? await readBody(c, operation.body) : undefined;
      const input = { c, params, query, body, claims: c.get('claims') } as OperationInput<O>;
      const answer = await handler(input);
      return answer instanceof Response ? answer : ok(c, answer, status);
    },
  };
}

/**
 * Registers every declared operation, in the declarations' order (a static path such as
 * `/transactions/export` before `/transactions/{id}`). Each must have exactly one handler, and no
 * handler may serve an undeclared operation: the app does not start otherwise.
 */
export function mountOperations(app: Hono<AppEnv>, basePath: string, bindings: readonly OperationBinding[]) {
  const byOperation = new Map<Operation, OperationBinding>();
  for (const binding of bindings) {
    const { method, path } = binding.operation;
    if (!OPERATIONS.includes(binding.operation)) throw new Error(`Undeclared operation ${method} ${path}`);
    if (byOperation.has(binding.operation)) throw new Error(`Two handlers for ${method} ${path}`);
    byOperation.set(binding.operation, binding);
  }
  for (const operation of OPERATIONS) {
    const binding = byOperation.get(operation);
    if (!binding) throw new Error(`No handler for ${operation.method} ${operation.path}`);
    app.on(operation.method.toUpperCase(), basePath + routerPath(operation.path), (c) => binding.run(c));
  }
}

function authorize(c: AppContext, operation: Operation): void {
  if (operation.public) return;
  const claims = c.get('claims');
  if (!claims) throw new ApiError(401, API_ERRORS.unauthenticated);
  const { permission, alsoPermitted } = operation;
  if (!permission || hasPermission(claims.resource_access, permission)) return;
  if (alsoPermitted && hasPermission(claims.resource_access, alsoPermitted.permission)) return;
  throw new ApiError(403, API_ERRORS.forbidden);
}

const idParamSchema = v.object({ id: idSchema });

/** `{id}` is a UUID (400 `id: id must be a UUID`); `{path}` is the rest of the path, as sent. */
function paramsReader(path: string): (c: AppContext) => Record<string, string> {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name = '']) => name);
  if (names.length === 0) return () => ({});
  const pathPrefix = path.slice(0, path.indexOf('{path}'));
  return (c) => {
    const params: Record<string, string> = {};
    for (const name of names) {
      if (name === 'id') params.id = parseOr400(idParamSchema, { id: c.req.param('id') }).id;
      else if (name === 'path') {
        const at = c.req.path.indexOf(pathPrefix);
        params.path = at < 0 ? '' : c.req.path.slice(at + pathPrefix.length);
      } else params[name] = c.req.param(name) ?? '';
    }
    return params;
  };
}

async function readBody(c: AppContext, body: NonNullable<Operation['body']>): Promise<unknown> {
  if (body.form) {
    const contentType = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
    if (contentType !== 'application/x-www-form-urlencoded') {
      throw new ApiError(400, API_SERVER_ERRORS.formEncoded);
    }
    return parseOr400(body.schema, formFields(body.schema, new URLSearchParams(await c.req.text())));
  }
  if (body.optional) {
    // Accepted without a content type, as spec §7's clients send it; when sent, it must be JSON.
    const text = await c.req.text();
    if (text.trim() === '') return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiError(400, API_ERRORS.bodyObject);
    }
    return parseOr400(body.schema, value);
  }
  const contentType = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json') throw new ApiError(400, API_ERRORS.bodyObject);
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, API_SERVER_ERRORS.unreadableBody);
  }
  return parseOr400(body.schema, value);
}
