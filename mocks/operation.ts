/**
 * Registers an MSW handler from an operation's declaration (contract/operations/), answering like
 * the reference server before the resolver runs: no token or a signed-out one 401, a token without
 * the declared permission 403, a malformed `{id}`, query or body 400 naming the field. A resolver
 * says only what its resource does; what it answers is parsed with the declared schema and status.
 * Within a resource, register static paths first (`/transactions/export` before `/transactions/:id`),
 * as contract/operations/registry.ts orders them.
 */
import { idSchema } from '@contract/common';
import { issuesMessage } from '@contract/envelope';
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
import { hasPermission } from '@contract/permissions';
import { type HttpHandler, http } from 'msw';
import * as v from 'valibot';
import { db } from './db';
import { API, claimsOf, failure, type MockClaims, ok, queryOf } from './http';

export interface MockInput<O extends Operation> {
  readonly request: Request;
  readonly params: ParamsOf<O>;
  readonly query: QueryOf<O>;
  readonly body: BodyOf<O>;
  /** The token's claims; absent on public operations called without one. */
  readonly claims: O extends { readonly public: true } ? MockClaims | null : MockClaims;
}

export type MockResolver<O extends Operation> = (
  input: MockInput<O>,
) => DataOf<O> | Response | Promise<DataOf<O> | Response>;

/** A refusal to send, or the validated value. */
type Checked<T> = { readonly refusal: Response } | { readonly value: T };

export function mock<O extends Operation>(operation: O, resolver: MockResolver<O>): HttpHandler {
  const status = isRawResponse(operation.response) ? 200 : (operation.response.status ?? 200);
  const handler = async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
    const claims = claimsOf(request);
    const refusal = refuse(operation, claims);
    if (refusal) return refusal;
    const checkedParams = checkParams(operation.path, params);
    if ('refusal' in checkedParams) return checkedParams.refusal;
    const query = operation.query ? parse(operation.query, queryOf(request)) : { value: undefined };
    if ('refusal' in query) return query.refusal;
    const body = operation.body ? await readBody(request, operation.body) : { value: undefined };
    if ('refusal' in body) return body.refusal;
    const input = { request, params: checkedParams.value, query: query.value, body: body.value, claims };
    const answer = await resolver(input as MockInput<O>);
    if (answer instanceof Response) return answer;
    if (isRawResponse(operation.response)) throw new Error(`${operation.path} answers a Response`);
    return ok(operation.response.data, answer, status);
  };
  return http[operation.method](`${API}${routerPath(operation.path)}`, handler);
}

function refuse(operation: Operation, claims: MockClaims | null): Response | null {
  if (operation.public) return null;
  if (!claims) return failure(401, API_ERRORS.unauthenticated);
  if (claims.jti && db.revokedTokens.has(claims.jti)) return failure(401, API_ERRORS.tokenRevoked);
  const { permission, alsoPermitted } = operation;
  if (!permission || hasPermission(claims.resource_access, permission)) return null;
  if (alsoPermitted && hasPermission(claims.resource_access, alsoPermitted.permission)) return null;
  return failure(403, API_ERRORS.forbidden);
}

function parse<S extends v.GenericSchema>(schema: S, input: unknown): Checked<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  return result.success ? { value: result.output } : { refusal: failure(400, issuesMessage(result.issues)) };
}

const idParamSchema = v.object({ id: idSchema });

function checkParams(path: string, params: Record<string, unknown>): Checked<Record<string, string>> {
  const value: Record<string, string> = {};
  for (const [, name = ''] of path.matchAll(/\{([^}]+)\}/g)) {
    if (name === 'id') {
      const id = parse(idParamSchema, { id: params.id });
      if ('refusal' in id) return id;
      value.id = id.value.id;
    } else if (name === 'path') {
      // MSW numbers the wildcards: 0 is the origin (API is `*/api/v1`), the last is `{path}`.
      const wildcards = Object.keys(params).filter((key) => /^\d+$/.test(key));
      const rest = params[wildcards.length - 1];
      value.path = Array.isArray(rest) ? rest.join('/') : String(rest ?? '');
    } else value[name] = String(params[name] ?? '');
  }
  return { value };
}

async function readBody(request: Request, body: NonNullable<Operation['body']>): Promise<Checked<unknown>> {
  const contentType = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  // Read from a copy, so a resolver may still read the body as sent (as Hono caches it for the
  // server's handlers): the GL account update refuses a body `id` that the payload schema drops.
  const text = await request.clone().text();
  if (body.form) {
    if (contentType !== 'application/x-www-form-urlencoded') {
      return { refusal: failure(400, API_SERVER_ERRORS.formEncoded) };
    }
    return parse(body.schema, formFields(body.schema, new URLSearchParams(text)));
  }
  if (body.optional && text.trim() === '') return { value: undefined };
  if (!body.optional && contentType !== 'application/json') {
    return { refusal: failure(400, API_ERRORS.bodyObject) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      refusal: failure(400, body.optional ? API_ERRORS.bodyObject : API_SERVER_ERRORS.unreadableBody),
    };
  }
  return parse(body.schema, value);
}
