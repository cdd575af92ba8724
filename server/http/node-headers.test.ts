/**
 * Served by Node (@hono/node-server, as `npm start` serves it), the app sets the headers every
 * answer carries on Node's own response instead of through Hono's `c.header` (decision 060,
 * ./response-headers.ts). These tests hold the two ways to the same answers: each request is sent
 * once through `app.request` and once over HTTP to the app served by Node, and every header must
 * match (a route's own value replacing ours, `Vary` one list, the compressed answer's encoding).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApi, insertMerchant, type TestApi } from '../test/api';
import { createTestApiClient, type TestApiClient } from '../test/platform';
import { COMPRESS_MIN_BYTES } from './compression';
import type { AppEnv } from './types';

/** Headers the transport adds (Node) or leaves out (`app.request`): not the app's own. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

interface RequestParts {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  bytes: number;
}

/** A request over HTTP to Node, raw: no decompression, repeated header lines joined as fetch does. */
function overHttp(base: string, path: string, init: RequestParts) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method: init.method ?? 'GET', headers: init.headers });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: Record<string, string> = {};
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = (response.rawHeaders[i] as string).toLowerCase();
          const value = response.rawHeaders[i + 1] as string;
          if (TRANSPORT.has(name)) continue;
          headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
        }
        resolve({ status: response.statusCode ?? 0, headers, bytes: Buffer.concat(chunks).length });
      });
    });
    request.end(init.body);
  });
}

async function throughHono(app: Hono<AppEnv>, path: string, init: RequestParts) {
  const response = await app.request(path, {
    method: init.method ?? 'GET',
    headers: init.headers,
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (!TRANSPORT.has(name)) headers[name] = value;
  return { status: response.status, headers, bytes: (await response.arrayBuffer()).byteLength };
}

/** Serves `app` on a free port; resolves to its base URL and a close. */
async function served(app: Pick<Hono<AppEnv>, 'fetch'>) {
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const CONSOLE = 'https://console.example.com';

describe('the headers of an answer served by Node are those app.request gives', () => {
  let api: TestApi;
  let token: string;
  let plain: Awaited<ReturnType<typeof served>>;
  let withCors: Awaited<ReturnType<typeof served>>;
  let corsApp: Hono<AppEnv>;

  beforeAll(async () => {
    api = await createTestApi('pglite');
    token = await api.tokenFor('admin');
    corsApp = createApp({ db: api.database.db, tokens: api.tokens, corsOrigins: [CONSOLE] });
    plain = await served(api.app);
    withCors = await served(corsApp);
  });
  afterAll(async () => {
    await plain?.close();
    await withCors?.close();
    await api?.dispose();
  });

  // The caller's own request id is kept, so both ways answer the same one.
  const id = { 'X-Request-Id': 'node-headers-test' };
  const authorised = () => ({ ...id, Authorization: `Bearer ${token}` });
  /** A list answer over COMPRESS_MIN_BYTES (asserted below), so Vary and compression apply. */
  const LARGE = '/api/v1/gl-accounts?page=1&limit=100';

  const cases: [string, string, () => { method?: string; headers?: Record<string, string> }][] = [
    ['a list answer, uncompressed', LARGE, () => ({ headers: authorised() })],
    ['a list answer, gzip', LARGE, () => ({ headers: { ...authorised(), 'Accept-Encoding': 'gzip' } })],
    ['a list answer, brotli', LARGE, () => ({ headers: { ...authorised(), 'Accept-Encoding': 'br, gzip' } })],
    ['a small answer', '/api/v1/health/live', () => ({ headers: id })],
    ['the floor route', '/api/v1/health', () => ({ headers: id })],
    ['a refusal (401, WWW-Authenticate)', '/api/v1/merchants', () => ({ headers: id })],
    ['an unknown route (404)', '/api/v1/nothing', () => ({ headers: authorised() })],
    ['the JWKS (its own Cache-Control)', '/api/v1/auth/jwks', () => ({ headers: id })],
    ['the API docs (their own CSP)', '/api/v1/docs', () => ({ headers: id })],
    ['a HEAD', '/api/v1/health/live', () => ({ method: 'HEAD', headers: id })],
    ['the console without a build', '/merchants', () => ({ headers: id })],
  ];

  it.each(cases)('%s', async (_label, path, init) => {
    const [hono, node] = await Promise.all([
      throughHono(api.app, path, init()),
      overHttp(plain.base, path, init()),
    ]);
    expect(node.status).toBe(hono.status);
    expect(node.headers).toEqual(hono.headers);
    expect(node.headers['x-frame-options']).toBe('DENY');
    expect(node.headers['x-request-id']).toBe('node-headers-test');
  });

  it('compresses the large answer and says Vary: Accept-Encoding either way', async () => {
    const raw = await overHttp(plain.base, LARGE, { headers: authorised() });
    expect(raw.bytes).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(raw.headers.vary).toBe('Accept-Encoding');
    const gzip = await overHttp(plain.base, LARGE, {
      headers: { ...authorised(), 'Accept-Encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.bytes).toBeLessThan(raw.bytes);
  });

  const corsCases: [string, string, () => { method?: string; headers?: Record<string, string> }][] = [
    [
      'a preflight',
      '/api/v1/merchants',
      () => ({
        method: 'OPTIONS',
        headers: { ...id, Origin: CONSOLE, 'Access-Control-Request-Method': 'GET' },
      }),
    ],
    ['a refusal to a listed origin', '/api/v1/merchants', () => ({ headers: { ...id, Origin: CONSOLE } })],
    [
      'a compressed answer to a listed origin: Vary is one list',
      LARGE,
      () => ({ headers: { ...authorised(), Origin: CONSOLE, 'Accept-Encoding': 'gzip' } }),
    ],
    ['another origin', LARGE, () => ({ headers: { ...authorised(), Origin: 'https://elsewhere.example' } })],
  ];

  it.each(corsCases)('with CORS: %s', async (_label, path, init) => {
    const [hono, node] = await Promise.all([
      throughHono(corsApp, path, init()),
      overHttp(withCors.base, path, init()),
    ]);
    expect(node.status).toBe(hono.status);
    expect(node.headers).toEqual(hono.headers);
    expect(node.headers.vary).toMatch(/^Origin/);
  });

  it('with CORS, a large answer varies by origin and by encoding, in one header', async () => {
    const answer = await overHttp(withCors.base, LARGE, {
      headers: { ...authorised(), Origin: CONSOLE, 'Accept-Encoding': 'gzip' },
    });
    expect(answer.headers.vary).toBe('Origin, Accept-Encoding');
    expect(answer.headers['access-control-allow-origin']).toBe(CONSOLE);
  });
});

/**
 * The headers of @hono/node-server's lightweight answer as the handler built them: a plain object
 * is written as it is; a web `Headers` (built by `c.header`) is iterated into one first.
 */
function answerHeadersOf(response: Response): unknown {
  const cache = Object.getOwnPropertySymbols(response).find((symbol) => symbol.description === 'cache');
  if (!cache) throw new Error('not a lightweight answer of @hono/node-server');
  return (response as unknown as Record<symbol, [number, unknown, unknown]>)[cache]?.[2];
}

describe('a platform call served by Node (decision 064)', () => {
  let api: TestApi;
  let client: TestApiClient;
  let server: Awaited<ReturnType<typeof served>>;
  let merchantId: string;
  let gatewayId: string;
  /** Every answer the served app gave, as its handler built it. */
  const answers: Response[] = [];
  let sequence = 0;

  beforeAll(async () => {
    api = await createTestApi('pglite');
    client = await createTestApiClient(api.database.db);
    merchantId = await insertMerchant(api, { code: 'NODE-HDR-M', status: 'ACTIVE' });
    const method = api.catalog.paymentMethods.find((m) => m.code === 'CBE');
    const gateway = api.catalog.gatewayAccounts.find((g) => g.paymentMethodId === method?.id);
    if (!gateway) throw new Error('no CBE gateway account');
    gatewayId = gateway.id;
    server = await served({
      fetch: async (request: Request, env: unknown) => {
        const answer = await api.app.fetch(request, env);
        answers.push(answer);
        return answer;
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await api?.dispose();
  });

  const payment = (key: string): RequestParts => ({
    method: 'POST',
    headers: {
      ...client.headers,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
      'X-Request-Id': 'node-headers-test',
    },
    body: JSON.stringify({
      reference: `NODE-HDR-${++sequence}`,
      merchant_id: merchantId,
      gateway_account_id: gatewayId,
      amount: '10.00',
      currency: 'ETB',
    }),
  });
  const PATH = '/api/v1/platform/payments';

  it('answers with the headers app.request gives, its replay too', async () => {
    const [hono, node] = await Promise.all([
      throughHono(api.app, PATH, payment('node-headers-hono')),
      overHttp(server.base, PATH, payment('node-headers-node')),
    ]);
    expect([hono.status, node.status]).toEqual([201, 201]);
    expect(node.headers).toEqual(hono.headers);
    expect(node.headers['content-type']).toBe('application/json');
    expect(node.headers['cache-control']).toBe('no-store');
    expect(node.headers['x-frame-options']).toBe('DENY');

    // The same key and body again: the first answer, marked as a replay, either way.
    const first = payment('node-headers-replay');
    const created = await overHttp(server.base, PATH, first);
    const [honoReplay, nodeReplay] = await Promise.all([
      throughHono(api.app, PATH, first),
      overHttp(server.base, PATH, first),
    ]);
    expect([created.status, honoReplay.status, nodeReplay.status]).toEqual([201, 201, 201]);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
    expect(nodeReplay.headers).toEqual(honoReplay.headers);
    expect(nodeReplay.headers['idempotent-replayed']).toBe('true');
    expect(nodeReplay.headers['cache-control']).toBe('no-store');
  });

  it('builds no web Headers for its answer', async () => {
    answers.length = 0;
    const answer = await overHttp(server.base, PATH, payment('node-headers-plain'));
    expect(answer.status).toBe(201);
    expect(answers).toHaveLength(1);
    const headers = answerHeadersOf(answers[0] as Response);
    expect(headers).not.toBeInstanceOf(Headers);
    expect(headers).toEqual({ 'Content-Type': 'application/json' });
  });
});
