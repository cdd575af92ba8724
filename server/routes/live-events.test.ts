/**
 * The live event stream (`GET /events`, decision 035), in one process: a committed change reaches
 * the streams of those who may view its kind and nobody else; a rolled-back one reaches nobody; a
 * stream ends when its token expires or is signed out. On PGlite the database's own NOTIFY feeds the
 * hub; on PostgreSQL a LISTEN connection does, as in server/main.ts (several processes:
 * server/test/multi-instance/two-instances.test.ts).
 */
import { LIVE_STREAM_EVENTS, type LiveEvent } from '@contract/live-events';
import { PERMISSIONS } from '@contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLiveEventHub,
  type LiveEventListener,
  listenOnPglite,
  listenOnPostgres,
  publishLiveEvent,
} from '../services/live-events';
import { createTestApi, type TestApi, tokenWithPermissions } from '../test/api';
import { TEST_DATABASE_KINDS } from '../test/db';
import { insertCollection } from '../test/transaction-fixtures';

const DATE = new Date('2026-11-20T09:00:00Z');

interface StreamReader {
  readonly response: Response;
  readonly events: { event: string; data: string }[];
  readonly ended: () => boolean;
  /** Waits until `check` holds (or throws after `ms`). */
  until(check: () => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
}

function readStream(response: Response): StreamReader {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  const events: { event: string; data: string }[] = [];
  let buffer = '';
  let ended = false;
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) {
        ended = true;
        return;
      }
      buffer += decoder.decode(value, { stream: true });
      let at = buffer.indexOf('\n\n');
      while (at >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const fields = Object.fromEntries(
          block
            .split('\n')
            .filter((line) => !line.startsWith(':') && line.includes(':'))
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
        );
        if (fields.event) events.push({ event: fields.event, data: fields.data ?? '' });
        at = buffer.indexOf('\n\n');
      }
    }
  })();
  return {
    response,
    events,
    ended: () => ended,
    async until(check, ms = 5000) {
      const start = Date.now();
      while (!check()) {
        if (Date.now() - start > ms) throw new Error(`timed out; events so far: ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => reader.cancel().catch(() => {}),
  };
}

const changes = (stream: StreamReader): LiveEvent[] =>
  stream.events
    .filter((e) => e.event === LIVE_STREAM_EVENTS.change)
    .map((e) => JSON.parse(e.data) as LiveEvent);

describe.each(TEST_DATABASE_KINDS)('GET /events on %s', (kind) => {
  let api: TestApi;
  let listener: LiveEventListener | undefined;
  const hub = createLiveEventHub();
  const open: StreamReader[] = [];

  beforeAll(async () => {
    api = await createTestApi(kind, { liveStreamMs: 60_000, liveEvents: hub });
    listener =
      kind === 'postgres'
        ? listenOnPostgres({ connectionString: api.database.url ?? '', hub, log: () => {} })
        : listenOnPglite(api.database.db, hub);
    await listener?.listening;
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await listener?.stop();
    await api?.dispose();
  });

  async function stream(token: string | undefined) {
    const response = await api.call('/api/v1/events', { token });
    const reader = readStream(response);
    open.push(reader);
    return reader;
  }
  const person = (handle: string, permissions: Parameters<typeof tokenWithPermissions>[2]) =>
    tokenWithPermissions(
      api,
      { id: '00000000-0000-4000-8000-0000000000a1', name: handle, handle },
      permissions,
    );

  it('401 without a token; an event stream that is never cached with one', async () => {
    const refused = await api.call('/api/v1/events');
    expect(refused.status).toBe(401);
    const s = await stream(await api.tokenFor('support'));
    expect(s.response.status).toBe(200);
    expect(s.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.response.headers.get('cache-control')).toBe('no-store');
  });

  it('a committed refund reaches those who view transactions, not a chargeback-only viewer', async () => {
    const finance = await stream(await api.tokenFor('finance'));
    const disputesOnly = await stream(await person('disputes', [PERMISSIONS.viewDispute]));
    const payment = await insertCollection(api, { ref: `LIVE-${kind}-1`, date: DATE, amount: '500' });
    const refunded = await api.call(`/api/v1/transactions/${payment}/refunds`, {
      method: 'POST',
      token: await api.tokenFor('finance'),
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: '5', reason: 'Live' }),
    });
    expect(refunded.status).toBe(201);
    const { data } = (await refunded.json()) as { data: { id: string } };
    await finance.until(() => changes(finance).some((e) => e.id === data.id));
    expect(changes(finance)).toContainEqual({ kind: 'refund', id: data.id });

    // The chargeback-only viewer hears the chargeback, and by then would have heard the refund.
    const dispute = await api.call('/api/v1/disputes', {
      method: 'POST',
      token: await api.tokenFor('finance'),
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ payment_id: payment, amount: '5', reason: 'r', response_due: '2026-12-01' }),
    });
    expect(dispute.status).toBe(201);
    await disputesOnly.until(() => changes(disputesOnly).some((e) => e.kind === 'dispute'));
    expect(changes(disputesOnly).map((e) => e.kind)).toEqual(['dispute']);
  });

  it('a change whose transaction rolls back is never announced', async () => {
    const s = await stream(await api.tokenFor('admin'));
    const lost = '22222222-2222-4222-8222-222222222222';
    const kept = '33333333-3333-4333-8333-333333333333';
    await api.database.db
      .transaction(async (tx) => {
        await publishLiveEvent(tx, { kind: 'payment', id: lost });
        throw new Error('roll back');
      })
      .catch(() => {});
    await publishLiveEvent(api.database.db, { kind: 'payment', id: kept });
    await s.until(() => changes(s).some((e) => e.id === kept));
    expect(changes(s).map((e) => e.id)).not.toContain(lost);
  });

  it('ends when the token expires', async () => {
    const token = await api.tokenFor('support');
    const [, payload = ''] = token.split('.');
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp: number };
    // 150 ms of the token's life left on the server's clock.
    const saved = api.clock();
    api.clock.set(new Date(exp * 1000 - 150));
    try {
      const s = await stream(token);
      await s.until(s.ended, 3000);
    } finally {
      api.clock.set(saved);
    }
  });

  it('ends at the first event after its token is signed out', async () => {
    const signIn = await api.call('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'support@example.com', password: 'Support123!' }).toString(),
    });
    const { data } = (await signIn.json()) as { data: { access_token: string } };
    const s = await stream(data.access_token);
    const out = await api.call('/api/v1/auth/logout', { method: 'POST', token: data.access_token });
    expect(out.status).toBe(200);
    await publishLiveEvent(api.database.db, { kind: 'payment', id: '44444444-4444-4444-8444-444444444444' });
    await s.until(s.ended);
    expect(changes(s)).toEqual([]);
  });
});
