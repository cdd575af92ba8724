import { DEMO_ACCOUNTS } from '@contract/demo/users';
import { PERMISSIONS, toPermissionMap } from '@contract/permissions';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { generateSigningKeys } from '../auth/keys';
import { createTokenService } from '../auth/tokens';
import type { Database } from '../db/connect';
import { requestIdFrom } from '../http/request-log';
import { describeApi, insertFile, insertMerchant, loginRequest, NOTHING_REVOKED } from '../test/api';
import { insertCollection, insertPayoutRequest } from '../test/transaction-fixtures';
import { createLogger } from './logger';
import { metricsRegistry, observeDatabasePool } from './metrics';

type MetricValue = { value: number; labels: Record<string, string | number> };

/** A logger whose lines the test reads back, one parsed object per line. */
function captureLog() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => lines.push(line) } });
  return {
    logger,
    lines,
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    clear: () => lines.splice(0),
  };
}

/** The sum of a metric's samples whose labels include these (a histogram: its `_count`). */
async function sampled(name: string, labels: Record<string, string>, sample = name): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  // Histograms name each sample (`_bucket`, `_sum`, `_count`); counters and gauges do not.
  const { values } = (await metric.get()) as { values: (MetricValue & { metricName?: string })[] };
  return values
    .filter((v) => (v.metricName ?? name) === sample)
    .filter((v) => Object.entries(labels).every(([key, value]) => String(v.labels[key]) === value))
    .reduce((total, v) => total + v.value, 0);
}

function payloadOf(token: string): { sub: string } {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string };
}

const DOCUMENT = '%PDF-1.4 PRIVATE-DOCUMENT-CONTENT passport number 123456789';

const log = captureLog();

describeApi('the request log and metrics', { logger: log.logger, metrics: true }, (api) => {
  beforeAll(async () => {
    await insertFile(api, 'documents/LOG1/passport.pdf', 'application/pdf', DOCUMENT);
  });
  beforeEach(() => {
    log.clear();
  });

  it('logs a sign-in and a download with id, route, status, duration and user, and no secret', async () => {
    const { email, password } = DEMO_ACCOUNTS.admin;
    const signIn = await api.call('/api/v1/auth/login', {
      ...loginRequest(email, password, '203.0.113.77'),
      headers: {
        ...(loginRequest(email, password, '203.0.113.77').headers as Record<string, string>),
        'X-Request-Id': 'trace-sign-in-1',
      },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('x-request-id')).toBe('trace-sign-in-1');
    const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
    const userId = payloadOf(token).sub;

    const download = await api.call('/api/v1/files/documents/LOG1/passport.pdf?secret=QUERY-SECRET', {
      token,
      headers: { 'X-Request-Id': 'trace-download-2' },
    });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(DOCUMENT);
    expect(download.headers.get('x-request-id')).toBe('trace-download-2');

    const refused = await api.call(
      '/api/v1/auth/login',
      loginRequest(email, 'Wrong-Password-42!', '203.0.113.78'),
    );
    expect(refused.status).toBe(401);
    const refusedId = refused.headers.get('x-request-id');

    const text = log.text();
    expect(text).not.toContain(password);
    expect(text).not.toContain('Wrong-Password-42!');
    expect(text).not.toContain(token);
    for (const part of token.split('.')) expect(text).not.toContain(part);
    expect(text).not.toMatch(/bearer|authorization/i);
    expect(text).not.toContain('PRIVATE-DOCUMENT-CONTENT');
    expect(text).not.toContain('QUERY-SECRET');
    expect(text).not.toContain('passport.pdf');

    const entries = log.entries();
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({
      level: 30,
      msg: 'request',
      requestId: 'trace-sign-in-1',
      method: 'POST',
      route: '/api/v1/auth/login',
      status: 200,
      userId,
    });
    expect(entries[1]).toMatchObject({
      requestId: 'trace-download-2',
      method: 'GET',
      route: '/api/v1/files/documents/{path}',
      status: 200,
      userId,
    });
    expect(entries[2]).toMatchObject({ requestId: refusedId, route: '/api/v1/auth/login', status: 401 });
    expect(entries[2]).not.toHaveProperty('userId');
    for (const entry of entries) {
      expect(entry.durationMs).toEqual(expect.any(Number));
      expect(entry.time).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    }
  });

  it('makes an id when the caller sends none or one that is not safe to keep, and returns it', async () => {
    const token = await api.tokenFor('admin');
    log.clear();
    const sent = [undefined, '', 'x'.repeat(129), 'has space', 'line\u0085break', '<script>', 'ümlaut'];
    const ids: string[] = [];
    for (const id of sent) {
      const headers: Record<string, string> = id === undefined ? {} : { 'X-Request-Id': id };
      const response = await api.call('/api/v1/currencies', { token, headers });
      expect(response.status).toBe(200);
      const returned = response.headers.get('x-request-id') ?? '';
      expect(returned).toMatch(/^[0-9a-f-]{36}$/);
      ids.push(returned);
    }
    expect(new Set(ids).size).toBe(sent.length);
    expect(log.entries().map((e) => e.requestId)).toEqual(ids);
    // Safe ones are kept as sent, up to 128 characters.
    for (const id of ['a', 'x'.repeat(128), 'Root=1-67891233-abcdef012345678912345678', 'req:42/7+b.c_d-e']) {
      expect(requestIdFrom(id)).toBe(id);
    }
  });

  it('answers every kind of response with its id: refusals, unknown routes, the console', async () => {
    const token = await api.tokenFor('admin');
    log.clear();
    const answers = [
      await api.call('/api/v1/merchants'),
      await api.call('/api/v1/nothing-here', { token }),
      await api.call('/merchants'),
      await api.call('/api/v1/health/live'),
    ];
    const ids = answers.map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(log.entries().map((e) => [e.requestId, e.route, e.status])).toEqual([
      [ids[0], '/api/v1/merchants', 401],
      [ids[1], '/api/*', 404],
      [ids[2], 'console', 404],
      [ids[3], '/api/v1/health/live', 200],
    ]);
  });

  it('times requests by declared route and status, never by URL', async () => {
    const token = await api.tokenFor('admin');
    const id = await insertMerchant(api, { code: 'METRIC1' });
    const labels = { method: 'GET', route: '/api/v1/merchants/{id}', status: '200' };
    const before = await sampled(
      'http_request_duration_seconds',
      labels,
      'http_request_duration_seconds_count',
    );
    expect((await api.call(`/api/v1/merchants/${id}`, { token })).status).toBe(200);
    expect((await api.call(`/api/v1/merchants/${id}?x=1`, { token })).status).toBe(200);
    expect(
      await sampled('http_request_duration_seconds', labels, 'http_request_duration_seconds_count'),
    ).toBe(before + 2);
    const text = await metricsRegistry.metrics();
    expect(text).not.toContain(id);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/merchants/{id}",status="200"}',
    );
  });

  it('counts refused and rate-limited sign-ins', async () => {
    const refused = await sampled('sign_in_failures_total', { reason: 'refused' });
    const limited = await sampled('sign_in_failures_total', { reason: 'rate_limited' });
    const statuses: number[] = [];
    // The limit is 5 failures per username and address in a window (server/auth/rate-limit.ts).
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await api.call(
        '/api/v1/auth/login',
        loginRequest('nobody@example.com', 'nope', '198.51.100.9'),
      );
      statuses.push(response.status);
    }
    const count401 = statuses.filter((s) => s === 401).length;
    const count429 = statuses.filter((s) => s === 429).length;
    expect(count401).toBeGreaterThan(0);
    expect(count429).toBeGreaterThan(0);
    expect(await sampled('sign_in_failures_total', { reason: 'refused' })).toBe(refused + count401);
    expect(await sampled('sign_in_failures_total', { reason: 'rate_limited' })).toBe(limited + count429);
  });

  it('counts payout decisions by outcome and ledger postings by event', async () => {
    const finance = await api.tokenFor('finance');
    const date = new Date('2026-11-20T09:00:00Z');
    await insertCollection(api, { ref: 'METRIC-IN', date, amount: '5000' });
    const approved = await sampled('ledger_postings_total', { event_type: 'PAYOUT_APPROVED' });
    const applied = await sampled('payout_decisions_total', { command: 'approve', outcome: 'applied' });
    const notPending = await sampled('payout_decisions_total', { command: 'reject', outcome: 'not_pending' });
    const id = await insertPayoutRequest(api, { ref: 'METRIC-PO', date, amount: '10', method: 'CBE' });
    const decide = (command: string) =>
      api.call(`/api/v1/payout/transactions/${id}?command=${command}`, { method: 'POST', token: finance });
    expect((await decide('approve')).status).toBe(200);
    expect((await decide('reject')).status).toBe(409);
    expect(await sampled('payout_decisions_total', { command: 'approve', outcome: 'applied' })).toBe(
      applied + 1,
    );
    expect(await sampled('payout_decisions_total', { command: 'reject', outcome: 'not_pending' })).toBe(
      notPending + 1,
    );
    expect(await sampled('ledger_postings_total', { event_type: 'PAYOUT_APPROVED' })).toBe(approved + 1);
  });

  it('reports the database pool', async () => {
    observeDatabasePool(api.database);
    const text = await metricsRegistry.metrics();
    if (api.database.kind === 'pglite') {
      expect(text).toContain('db_pool_connections{state="total"} 1');
      expect(text).not.toContain('db_pool_connections{state="idle"}');
      expect(text).toContain('db_pool_max_connections 1');
    } else {
      expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
      expect(text).toMatch(/db_pool_connections\{state="idle"\} \d/);
      expect(text).toContain('db_pool_connections{state="waiting"} 0');
      expect(text).toMatch(/db_pool_max_connections [1-9]/);
    }
  });
});

describe('an unexpected error', () => {
  it('names the route pattern, not the path with its ids', async () => {
    const capture = captureLog();
    const failing = new Proxy(
      {},
      {
        get() {
          throw new Error('connection refused');
        },
      },
    ) as Database;
    const tokens = await createTokenService({ keys: generateSigningKeys() });
    const { token } = await tokens.sign({
      id: '00000000-0000-4000-8000-000000000001',
      email: 'a@example.com',
      name: 'A',
      preferredUsername: 'a',
      permissions: toPermissionMap([PERMISSIONS.viewMerchant]),
    });
    const app = createApp({ db: failing, tokens, revocations: NOTHING_REVOKED, logger: capture.logger });
    const id = '8a0e1b2c-0000-4000-8000-00000000abcd';
    const response = await app.request(`/api/v1/merchants/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(500);
    expect(capture.entries()[0]).toMatchObject({ msg: 'Unhandled error on GET /api/v1/merchants/:id' });
    expect(capture.text()).not.toContain(id);
  });

  it('is logged once with the request id the caller gets, without the query parameters drizzle puts in it', async () => {
    const capture = captureLog();
    const failing = new Proxy(
      {},
      {
        get() {
          const cause = new Error('connection reset');
          throw Object.assign(
            new Error('Failed query: select * from users where email = $1\nparams: someone@example.com', {
              cause,
            }),
            { name: 'DrizzleQueryError' },
          );
        },
      },
    ) as Database;
    const tokens = await createTokenService({ keys: generateSigningKeys() });
    const app = createApp({ db: failing, tokens, revocations: NOTHING_REVOKED, logger: capture.logger });
    const response = await app.request(
      '/api/v1/auth/login',
      loginRequest('someone@example.com', 'pw-secret'),
    );
    expect(response.status).toBe(500);
    const id = response.headers.get('x-request-id');
    const [error, line] = capture.entries();
    expect(error).toMatchObject({
      level: 50,
      requestId: id,
      msg: 'Unhandled error on POST /api/v1/auth/login',
      err: {
        type: 'DrizzleQueryError',
        message: expect.stringContaining('Failed query'),
        cause: { message: 'connection reset' },
      },
    });
    expect(line).toMatchObject({ level: 50, requestId: id, route: '/api/v1/auth/login', status: 500 });
    expect(capture.text()).not.toContain('someone@example.com');
    expect(capture.text()).not.toContain('pw-secret');
  });
});
