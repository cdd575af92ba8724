/**
 * Registers an MSW handler from an operation's declaration (contract/operations/), answering like
 * the reference server before the resolver runs (contract/operations/input.ts, shared with the
 * server): no token or a signed-out one 401, a token without the declared permission 403, a
 * malformed `{id}`, query or body 400 naming the field. A resolver says only what its resource
 * does; what it answers is parsed with the declared schema and status. Within a resource, register
 * static paths first (`/transactions/export` before `/transactions/:id`), as
 * contract/operations/registry.ts orders them.
 */
import { ACCOUNT_ERRORS } from '@contract/account';
import { API_CLIENT_ERRORS, type ApiClientPrincipal } from '@contract/api-client';
import { API_ERRORS } from '@contract/messages';
import { STAGE_OPERATIONS } from '@contract/operations/account';
import {
  type BodyOf,
  type DataOf,
  IDEMPOTENCY_KEY_HEADER,
  isRawResponse,
  type Operation,
  type ParamsOf,
  type PlatformAccess,
  type QueryOf,
  routerPath,
} from '@contract/operations/define';
import { accessRefusal, checkInput } from '@contract/operations/input';
import { type HttpHandler, http } from 'msw';
import { db } from './db';
import { API, apiKeyOf, claimsOf, failure, type MockClaims, ok, queryOf } from './http';

export interface MockInput<O extends Operation> {
  readonly request: Request;
  readonly params: ParamsOf<O>;
  readonly query: QueryOf<O>;
  readonly body: BodyOf<O>;
  /** The token's claims; absent on public operations called without one, and platform operations. */
  readonly claims: O extends { readonly public: true }
    ? MockClaims | null
    : O extends { readonly platform: PlatformAccess }
      ? null
      : MockClaims;
  /** The API client whose key was sent: platform operations only. */
  readonly client: O extends { readonly platform: PlatformAccess } ? ApiClientPrincipal : null;
  /** The checked `Idempotency-Key` header: idempotent platform operations only. */
  readonly idempotencyKey: O extends { readonly platform: { readonly idempotent: true } }
    ? string
    : undefined;
}

export type MockResolver<O extends Operation> = (
  input: MockInput<O>,
) => DataOf<O> | Response | Promise<DataOf<O> | Response>;

export function mock<O extends Operation>(operation: O, resolver: MockResolver<O>): HttpHandler {
  const status = isRawResponse(operation.response) ? 200 : (operation.response.status ?? 200);
  const handler = async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
    const apiKey = apiKeyOf(request);
    const client = apiKey === null ? null : clientOf(apiKey);
    if (apiKey !== null && !operation.public && !client) return failure(401, API_CLIENT_ERRORS.invalidKey);
    const claims = apiKey === null ? claimsOf(request) : null;
    const refusal = refuse(operation, claims, client);
    if (refusal) return refusal;
    const idempotencyKey = operation.platform?.idempotent
      ? (request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? undefined)
      : undefined;
    const checked = await checkInput(operation, {
      params: rawParams(operation.path, params),
      query: queryOf(request),
      contentType: request.headers.get('content-type'),
      // A copy, so a resolver may still read the body as sent (as Hono keeps it for the server's
      // handlers): the GL account update refuses a body `id` that the payload schema drops.
      text: () => request.clone().text(),
      idempotencyKey,
    });
    if ('refusal' in checked) return failure(checked.refusal.status, checked.refusal.message);
    const input = { request, ...checked.value, claims, client, idempotencyKey };
    const answer = await resolver(input as MockInput<O>);
    if (answer instanceof Response) return answer;
    if (isRawResponse(operation.response)) throw new Error(`${operation.path} answers a Response`);
    return ok(operation.response.data, answer, status);
  };
  return http[operation.method](`${API}${routerPath(operation.path)}`, handler);
}

/** The active API client whose whole key this is (the mock keeps keys, the server only hashes). */
function clientOf(apiKey: string): ApiClientPrincipal | null {
  const client = db.apiClients.find((c) => c.api_key === apiKey && c.status === 'ACTIVE');
  return client ? { id: client.id, name: client.name, scopes: client.scopes } : null;
}

function refuse(
  operation: Operation,
  claims: MockClaims | null,
  client: ApiClientPrincipal | null,
): Response | null {
  if (!operation.public && claims?.jti && db.revokedTokens.has(claims.jti)) {
    return failure(401, API_ERRORS.tokenRevoked);
  }
  // As the server's authentication: a token halfway through a sign-in makes only its next step.
  if (!operation.public && claims?.stage && !STAGE_OPERATIONS[claims.stage]?.includes(operation))
    return failure(403, ACCOUNT_ERRORS.stage);
  const refusal = accessRefusal(operation, claims ? (claims.resource_access ?? {}) : null, client);
  return refusal ? failure(refusal.status, refusal.message) : null;
}

/** Each `{name}` of the path as sent; MSW numbers its wildcards, the last is `{path}`. */
function rawParams(path: string, params: Record<string, unknown>): Record<string, string | undefined> {
  const raw: Record<string, string | undefined> = {};
  for (const [, name = ''] of path.matchAll(/\{([^}]+)\}/g)) {
    const value =
      name === 'path' ? params[Object.keys(params).filter((k) => /^\d+$/.test(k)).length - 1] : params[name];
    raw[name] = Array.isArray(value) ? value.join('/') : value === undefined ? undefined : String(value);
  }
  return raw;
}
