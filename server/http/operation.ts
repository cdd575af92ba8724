/**
 * Registers each API operation from its declaration (contract/operations/): checks the caller's
 * permission, validates the path, query and body with the declared schemas (400 naming the field),
 * hands the handler typed input and wraps its answer in the envelope with the declared status. A
 * handler says only what is particular to it.
 */
import type { ApiClientPrincipal } from '@contract/api-client';
import type { TokenClaims } from '@contract/auth';
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
import { accessRefusal, checkInput, type RawInput } from '@contract/operations/input';
import { OPERATIONS } from '@contract/operations/registry';
import type { Hono } from 'hono';
import { ApiError, ok } from './envelope';
import type { AppContext, AppEnv } from './types';

export interface OperationInput<O extends Operation> {
  readonly c: AppContext;
  readonly params: ParamsOf<O>;
  readonly query: QueryOf<O>;
  readonly body: BodyOf<O>;
  /** The verified staff token's claims; absent on public and platform operations. */
  readonly claims: O extends { readonly public: true }
    ? undefined
    : O extends { readonly platform: PlatformAccess }
      ? undefined
      : TokenClaims;
  /** The API client whose key was verified: platform operations only. */
  readonly client: O extends { readonly platform: PlatformAccess } ? ApiClientPrincipal : undefined;
  /** The `Idempotency-Key` header, checked: idempotent platform operations only. */
  readonly idempotencyKey: O extends { readonly platform: { readonly idempotent: true } }
    ? string
    : undefined;
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
  const idempotent = operation.platform?.idempotent === true;
  const hasQuery = operation.query !== undefined;
  return {
    operation,
    run: async (c) => {
      const claims = c.get('claims');
      const client = c.get('client');
      const refusal = accessRefusal(operation, claims ? claims.resource_access : null, client ?? null);
      if (refusal) throw new ApiError(refusal.status, refusal.message);
      const idempotencyKey = idempotent ? c.req.header(IDEMPOTENCY_KEY_HEADER) : undefined;
      const checked = await checkInput(
        operation,
        new RequestInput(c, readParams(c), idempotencyKey, hasQuery),
      );
      if ('refusal' in checked) throw new ApiError(checked.refusal.status, checked.refusal.message);
      const { params, query, body } = checked.value;
      const input = { c, params, query, body, claims, client, idempotencyKey } as OperationInput<O>;
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

/**
 * What a request carried, read from the context when `checkInput` asks (contract/operations/input.ts).
 * A class, so its getters and `text` live on the prototype: an object literal with getters and an
 * arrow function built two closures and named them (tsx keeps function names) on every request
 * (decision 064).
 */
class RequestInput implements RawInput {
  readonly queryKey: string | undefined;
  constructor(
    private readonly c: AppContext,
    readonly params: Record<string, string | undefined>,
    readonly idempotencyKey: string | undefined,
    hasQuery: boolean,
  ) {
    this.queryKey = hasQuery ? queryString(c.req.url) : undefined;
  }
  // Read only when the query's verdict is not remembered by its text (decision 053): parsing the
  // query string into an object on every request was thrown away on every hit.
  get query(): Record<string, string> {
    return this.c.req.query();
  }
  get contentType(): string | undefined {
    return this.c.req.header('Content-Type');
  }
  text(): Promise<string> {
    return this.c.req.text();
  }
}

/** The query string of a URL as sent (what `c.req.query()` reads), '' when it has none. */
function queryString(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

/** Each `{name}` of the path as sent; `{path}` is the rest of the path after its prefix. */
function paramsReader(path: string): (c: AppContext) => Record<string, string | undefined> {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name = '']) => name);
  const pathPrefix = path.slice(0, path.indexOf('{path}'));
  return (c) => {
    const params: Record<string, string | undefined> = {};
    for (const name of names) {
      if (name !== 'path') params[name] = c.req.param(name);
      else {
        const at = c.req.path.indexOf(pathPrefix);
        params.path = at < 0 ? '' : c.req.path.slice(at + pathPrefix.length);
      }
    }
    return params;
  };
}
