import { readFileSync } from 'node:fs';
import { OPERATIONS } from '@contract/operations/registry';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../app';
import { type AppWithoutDatabase, createAppWithoutDatabase, mountedApiRoutes } from '../test/openapi';
import { buildOpenApiDocument, type OpenApiDocument, type OperationObject } from './document';
import type { Schema } from './schemas';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Located {
  key: string;
  path: string;
  method: (typeof METHODS)[number];
  op: OperationObject;
}

function operationsOf(doc: OpenApiDocument): Located[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item[method];
      return op ? [{ key: `${method.toUpperCase()} ${path}`, path, method, op }] : [];
    }),
  );
}

function documented(doc: OpenApiDocument): Set<string> {
  return new Set(operationsOf(doc).map((o) => o.key));
}

/** Every `$ref` anywhere in a JSON value. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

/** Resolves a local JSON Pointer (`#/components/schemas/Merchant`) or returns undefined. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The envelope's `data` schema of an operation's success answer. */
function dataSchema(op: OperationObject | undefined): Schema | undefined {
  const success = op?.responses['200'] ?? op?.responses['201'];
  const envelope = success?.content?.['application/json']?.schema;
  const data = envelope?.properties?.data;
  return typeof data === 'object' ? data : undefined;
}

/** A concrete URL for a documented path: a UUID for `{id}`, a file path for `{path}`. */
function concrete(path: string): string {
  return `${API_BASE}${path.replace('{id}', '8a0e1b2c-0000-4000-8000-000000000000').replace('{path}', 'M000001/logo.svg')}`;
}

describe('the OpenAPI document', () => {
  let doc: OpenApiDocument;
  let api: AppWithoutDatabase;

  beforeAll(async () => {
    doc = buildOpenApiDocument();
    api = await createAppWithoutDatabase();
  });

  it('is OpenAPI 3.1 with the product title, the package version and the API base as server', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Payments Back Office API');
    expect(doc.info.version).toBe(pkg.version);
    expect(doc.servers).toEqual([{ url: '/api/v1', description: expect.any(String) }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('documents every mounted API route, and nothing that is not mounted', () => {
    const mounted = mountedApiRoutes(api.app, API_BASE);
    const docs = documented(doc);
    expect(mounted.size).toBeGreaterThan(40);
    expect([...mounted].filter((route) => !docs.has(route))).toEqual([]);
    expect([...docs].filter((route) => !mounted.has(route))).toEqual([]);
  });

  it('notices an endpoint without documentation', () => {
    const partial = buildOpenApiDocument({
      operations: OPERATIONS.filter((o) => o.path !== '/charges/{id}'),
    });
    const docs = documented(partial);
    const missing = [...mountedApiRoutes(api.app, API_BASE)].filter((route) => !docs.has(route));
    expect(missing.sort()).toEqual(['DELETE /charges/{id}', 'GET /charges/{id}', 'PUT /charges/{id}']);
  });

  it('marks public exactly the operations the server lets through without a token', async () => {
    for (const { key, path, method, op } of operationsOf(doc)) {
      const response = await api.app.request(concrete(path), { method: method.toUpperCase() });
      const isPublic = op.security?.length === 0;
      expect({ key, unauthorised: response.status === 401 }).toEqual({ key, unauthorised: !isPublic });
      expect({ key, declares401: '401' in op.responses }).toEqual({
        key,
        // Sign-in's wrong password, and single sign-on's refused code or ID token (decision 032).
        declares401: !isPublic || key === 'POST /auth/login' || key === 'POST /auth/sso/token',
      });
    }
    expect(
      operationsOf(doc)
        .filter((o) => o.op.security?.length === 0)
        .map((o) => o.key)
        .sort(),
    ).toEqual([
      'GET /auth/jwks',
      'GET /auth/sso',
      'GET /docs',
      'GET /files/logos/{path}',
      'GET /health',
      'GET /health/live',
      'GET /health/ready',
      'GET /openapi.json',
      'POST /auth/login',
      'POST /auth/sso/token',
    ]);
  });

  it('names the permission each route checks (403 without it, past the check with it)', async () => {
    const none = await api.tokenWith([]);
    for (const spec of OPERATIONS) {
      if (!spec.permission) continue;
      const key = `${spec.method.toUpperCase()} ${spec.path}`;
      const init = { method: spec.method.toUpperCase() };
      const refused = await api.app.request(concrete(spec.path), {
        ...init,
        headers: { Authorization: `Bearer ${none}` },
      });
      expect({ key, status: refused.status }).toEqual({ key, status: 403 });
      const holder = await api.tokenWith([spec.permission]);
      const allowed = await api.app.request(concrete(spec.path), {
        ...init,
        headers: { Authorization: `Bearer ${holder}` },
      });
      expect({ key, forbidden: allowed.status === 403 || allowed.status === 401 }).toEqual({
        key,
        forbidden: false,
      });
      const op = doc.paths[spec.path]?.[spec.method];
      expect(op?.description).toContain(`\`${spec.permission.name}\` on \`${spec.permission.type}\``);
      expect(op?.responses).toHaveProperty('403');
    }
  });

  it('refers to the contract entities for key answers', () => {
    const merchants = dataSchema(doc.paths['/merchants']?.get);
    expect(merchants?.properties?.contents).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Merchant' },
    });
    expect(merchants?.required).toEqual(['contents', 'total', 'total_pages']);
    expect(dataSchema(doc.paths['/payout/transactions/{id}']?.post)).toEqual({
      $ref: '#/components/schemas/TransactionDetail',
    });
    expect(dataSchema(doc.paths['/transactions/{id}']?.get)).toEqual({
      $ref: '#/components/schemas/TransactionDetail',
    });
    expect(doc.components.schemas.TransactionDetail?.required).toContain('decision');
    for (const operation of [doc.paths['/merchants/{id}']?.get, doc.paths['/merchants/{id}']?.patch]) {
      expect(dataSchema(operation)).toEqual({ $ref: '#/components/schemas/MerchantDetail' });
    }
    expect(doc.components.schemas.MerchantDetail?.required).toContain('status_change');
    expect(dataSchema(doc.paths['/transactions']?.get)).toEqual({
      $ref: '#/components/schemas/TransactionPage',
    });
    expect(doc.components.schemas.TransactionPage?.required).toContain('is_empty');
    expect(dataSchema(doc.paths['/payment-methods/{id}/transaction-limits']?.get)).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/TransactionLimit' },
    });
    expect(doc.paths['/payment-methods']?.post?.responses['201']).toBeDefined();
    const envelope =
      doc.paths['/merchants/{id}']?.get?.responses['200']?.content?.['application/json']?.schema;
    expect(envelope?.required).toEqual(['success', 'status', 'data', 'errorMessage']);
    expect(
      doc.paths['/merchants/{id}']?.get?.responses['404']?.content?.['application/json']?.schema,
    ).toEqual({
      $ref: '#/components/schemas/ErrorEnvelope',
    });
  });

  it('describes request bodies as clients send them', () => {
    const login = doc.paths['/auth/login']?.post?.requestBody;
    expect(login?.content['application/x-www-form-urlencoded']?.schema).toEqual({
      $ref: '#/components/schemas/LoginPayload',
    });
    expect(login?.content['application/json']).toBeUndefined();
    expect(doc.components.schemas.AccountMappingPayload).toMatchObject({
      type: 'array',
      minItems: 1,
      maxItems: 100,
    });
    // Money inputs take a JSON number or a decimal string (the contract's transform comes after).
    expect(doc.components.schemas.CurrencyPayload?.properties?.in_multiples_of).toEqual({
      anyOf: [{ type: 'number' }, { type: 'string' }],
    });
    // Fields a client may leave out are not required.
    expect(doc.components.schemas.ChargePayload?.required).not.toContain('fee_on_date');
    expect(doc.components.schemas.ChargePayload?.required).toContain('name');
    // No payload field is left undescribed (a `v.custom` field without a hint converts to `{}`).
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      const object =
        schema.type === 'array' && typeof schema.items === 'object' && !Array.isArray(schema.items)
          ? schema.items
          : schema;
      for (const [field, property] of Object.entries(object.properties ?? {})) {
        expect({ at: `${name}.${field}`, empty: JSON.stringify(property) === '{}' }).toEqual({
          at: `${name}.${field}`,
          empty: false,
        });
      }
    }
  });

  it('derives query and path parameters from the contract', () => {
    const list = doc.paths['/transactions']?.get?.parameters ?? [];
    expect(list.map((p) => p.name)).toEqual([
      'page',
      'limit',
      'status',
      'from',
      'to',
      'search_term',
      'reference',
      'types',
      'merchantId',
      'amount_min',
      'amount_max',
      'currency',
      'payment_method',
      'sort',
    ]);
    expect(list.every((p) => p.in === 'query' && !p.required)).toBe(true);
    const command = doc.paths['/payout/transactions/{id}']?.post?.parameters ?? [];
    expect(command).toEqual([
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        schema: { type: 'string', format: 'uuid' },
      }),
      expect.objectContaining({
        name: 'command',
        in: 'query',
        required: true,
        schema: { enum: ['approve', 'reject'], type: 'string' },
      }),
    ]);
  });

  it('is well-formed: paths start with /, path parameters are declared, ids are unique, every $ref resolves', () => {
    const json: unknown = JSON.parse(JSON.stringify(doc));
    expect(json).toEqual(doc);
    const ids = new Set<string>();
    for (const { key, path, op } of operationsOf(doc)) {
      expect(path.startsWith('/')).toBe(true);
      expect(ids.has(op.operationId)).toBe(false);
      ids.add(op.operationId);
      expect(op.tags.every((tag) => doc.tags.some((t) => t.name === tag))).toBe(true);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect({ key, declared }).toEqual({
        key,
        declared: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
      });
      expect(Object.keys(op.responses).some((status) => status.startsWith('2'))).toBe(true);
    }
    const refs = refsIn(json);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs))
      expect({ ref, resolves: resolvePointer(json, ref) !== undefined }).toEqual({ ref, resolves: true });
    expect(refsIn(json).some((ref) => ref.startsWith('#/$defs'))).toBe(false);
    expect(JSON.stringify(json)).not.toContain('"$schema"');
  });
});
