/**
 * N instances over one PostgreSQL behave as one. Three real server processes start at the same
 * moment on an empty database (migrations and the first-run seed happen once), then two of them,
 * A and B, serve the same clients as a balancer would spread them: a token signed by one works on
 * the other, a sign-out on one is refused by the other within a second, failed sign-ins split
 * across both meet one limit, and a payout decided on both at once changes once.
 *
 * PostgreSQL only (PGlite serves one process): runs when TEST_DATABASE_URL is set, as in CI.
 */
import { API_ERRORS } from '@contract/messages';
import { and, eq, inArray } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigningKeys } from '../../auth/keys';
import { type DatabaseHandle, openDatabase, queryRows } from '../../db/connect';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { journals, merchants, transactions, users } from '../../db/schema';
import { DEMO_USER_LIST, DEMO_USERS } from '../../db/seed/demo-users';
import { createEmptyDatabase, type EmptyDatabase, NEEDS_POSTGRES, TEST_DATABASE_URL } from './postgres';
import { type ServerProcess, startServerProcess } from './server-process';

const SEED_MERCHANTS = 3;
const title = TEST_DATABASE_URL ? 'on PostgreSQL' : `skipped: ${NEEDS_POSTGRES}`;

describe.skipIf(!TEST_DATABASE_URL)(`two server processes over one database (${title})`, () => {
  let database: EmptyDatabase | undefined;
  let db: DatabaseHandle | undefined;
  const servers: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  /** A fresh client address per check (the servers trust X-Forwarded-For, as behind a proxy). */
  let clients = 0;
  const freshAddress = () => `192.0.2.${++clients}`;

  beforeAll(async () => {
    database = await createEmptyDatabase('instances');
    const keys = generateSigningKeys();
    const env = {
      DATABASE_URL: database.url,
      // One key for all instances: a token signed by one must verify on the others.
      JWT_PRIVATE_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      SEED_MERCHANTS: String(SEED_MERCHANTS),
      TRUST_PROXY: '1',
      MAINTENANCE_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'warn',
      // No console build needed: the API is what is under test.
      STATIC_DIR: 'server/test/multi-instance/no-console',
    };
    for (const name of ['A', 'B', 'C']) servers.push(await startServerProcess(name, env));
    await Promise.all(servers.map((server) => server.ready(90_000)));
    [a, b] = servers as [ServerProcess, ServerProcess];
    db = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await db?.close();
    await database?.drop();
  }, 60_000);

  const handle = () => {
    if (!db) throw new Error('no database');
    return db.db;
  };

  function signIn(server: ServerProcess, email: string, password: string, address: string) {
    return fetch(`${server.origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address },
      body: new URLSearchParams({ username: email, password }).toString(),
    });
  }

  async function tokenFrom(server: ServerProcess, user: keyof typeof DEMO_USERS): Promise<string> {
    const response = await signIn(server, DEMO_USERS[user].email, DEMO_USERS[user].password, freshAddress());
    const body = (await response.json()) as { data: { access_token: string } | null };
    if (response.status !== 200 || !body.data)
      throw new Error(`sign-in on ${server.name}: ${response.status}`);
    return body.data.access_token;
  }

  function get(server: ServerProcess, path: string, token: string) {
    return fetch(`${server.origin}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
  }

  it('three started at once: each migration applied once, the demo data seeded once, all three serving', async () => {
    const applied = await queryRows<{ hash: string }>(
      handle(),
      'SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id',
    );
    expect(applied.map((row) => row.hash)).toEqual(
      readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((file) => file.hash),
    );
    expect(await handle().$count(users)).toBe(DEMO_USER_LIST.length);
    expect(await handle().$count(merchants)).toBe(SEED_MERCHANTS);
    for (const server of servers) {
      const response = await fetch(`${server.origin}/api/v1/health/ready`);
      expect(response.status, server.output()).toBe(200);
    }
    // The third has shown what it had to; it stops cleanly and leaves the machine to A and B.
    expect(await servers[2]?.stop()).toBe(0);
  });

  it('a token signed by A works on B, and the other way round', async () => {
    const fromA = await tokenFrom(a, 'admin');
    const fromB = await tokenFrom(b, 'support');
    for (const [server, token] of [
      [b, fromA],
      [a, fromB],
    ] as const) {
      const response = await get(server, '/merchants', token);
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
  });

  it('a sign-out on A is refused on B within a second', async () => {
    const token = await tokenFrom(a, 'admin');
    const before = await get(b, '/merchants', token);
    expect(before.status).toBe(200);
    await before.body?.cancel();

    const signOut = await fetch(`${a.origin}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(signOut.status).toBe(200);
    const signedOutAt = Date.now();
    let refused: Response | undefined;
    while (Date.now() - signedOutAt < 1000) {
      const response = await get(b, '/merchants', token);
      if (response.status === 401) {
        refused = response;
        break;
      }
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(refused, 'B still accepted the token a second after the sign-out on A').toBeDefined();
    const body = (await refused?.json()) as { errorMessage: string };
    expect(body.errorMessage).toBe(API_ERRORS.tokenRevoked);
  });

  it('failed sign-ins split across A and B meet one limit, in turn and in a parallel burst', async () => {
    const { email, password } = DEMO_USERS.admin;
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      const response = await signIn(i % 2 ? b : a, email, `wrong-${i}`, address);
      expect(response.status).toBe(401);
      await response.body?.cancel();
    }
    // Three failures on A and two on B: either alone would still let the right password in.
    for (const server of [a, b]) {
      const blocked = await signIn(server, email, password, address);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
      await blocked.body?.cancel();
    }

    const burstAddress = freshAddress();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(i % 2 ? b : a, email, `guess-${i}`, burstAddress)),
    );
    const statuses = burst.map((response) => response.status).sort();
    for (const response of burst) await response.body?.cancel();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('a payout decided on A and on B at the same moment changes once, with one decision journal', async () => {
    const finance = await tokenFrom(a, 'finance');
    const pending = await handle()
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.status, 'PAY_OUT'))
      .limit(6);
    expect(pending.length).toBeGreaterThan(0);
    const decide = (server: ServerProcess, id: string, command: 'approve' | 'reject') =>
      fetch(`${server.origin}/api/v1/payout/transactions/${id}?command=${command}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${finance}` },
      });

    for (const [index, { id }] of pending.entries()) {
      // Each server gets each command in turn, so neither always wins by going first.
      const [approver, rejecter] = index % 2 ? [b, a] : [a, b];
      const [approved, rejected] = await Promise.all([
        decide(approver, id, 'approve'),
        decide(rejecter, id, 'reject'),
      ]);
      await approved.body?.cancel();
      await rejected.body?.cancel();
      const statuses = [approved.status, rejected.status];
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(1);

      const decisions = await handle()
        .select({ eventType: journals.eventType })
        .from(journals)
        .where(
          and(
            eq(journals.transactionId, id),
            inArray(journals.eventType, ['PAYOUT_APPROVED', 'PAYOUT_REJECTED']),
          ),
        );
      const [row] = await handle()
        .select({ status: transactions.status })
        .from(transactions)
        .where(eq(transactions.id, id));
      if (approved.status === 200) {
        expect(decisions).toEqual([{ eventType: 'PAYOUT_APPROVED' }]);
        expect(row?.status).toBe('SUCCESS');
      } else {
        expect(decisions).toEqual([{ eventType: 'PAYOUT_REJECTED' }]);
        expect(row?.status).toBe('CANCELED');
      }
    }
  });

  it('a refund made through B reaches an event stream open on A (LISTEN/NOTIFY, issue 22)', async () => {
    const [finance, support] = [await tokenFrom(b, 'finance'), await tokenFrom(a, 'support')];
    const stream = await fetch(`${a.origin}/api/v1/events`, {
      headers: { Authorization: `Bearer ${support}` },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('no stream body');
    const [payment] = await handle()
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.status, 'SUCCESS'), eq(transactions.type, 'PAYMENT')))
      .limit(1);
    if (!payment) throw new Error('no successful payment seeded');
    // The stream's first bytes say it is subscribed; only then can a change be missed by nobody.
    const decoder = new TextDecoder();
    let received = decoder.decode((await reader.read()).value);
    const refunded = await fetch(`${b.origin}/api/v1/transactions/${payment.id}/refunds`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${finance}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: '0.01', reason: 'Across instances' }),
    });
    expect(refunded.status).toBe(201);
    const { data } = (await refunded.json()) as { data: { id: string } };
    const deadline = Date.now() + 5000;
    while (!received.includes(data.id) && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<{ value: undefined }>((resolve) => setTimeout(() => resolve({ value: undefined }), 500)),
      ]);
      if (chunk.value) received += decoder.decode(chunk.value);
    }
    await reader.cancel();
    expect(received).toContain(`event: change\ndata: {"kind":"refund","id":"${data.id}"}`);
  });
});
