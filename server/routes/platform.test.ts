/**
 * The platform API (issue 22): API keys against staff operations and staff tokens against platform
 * operations, the Idempotency-Key rules, the payment state machine and the postings of each money
 * event. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { API_CLIENT_ERRORS } from '@contract/api-client';
import { compare, sub } from '@contract/decimal';
import { API_ERRORS, API_LEDGER_ERRORS } from '@contract/messages';
import { PAYMENT_ERRORS, PAYMENT_TRANSITIONS, platformTransactionSchema } from '@contract/payment';
import { TRANSACTION_STATUSES, type TransactionStatus } from '@contract/transaction';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/connect';
import { accountMappings, charges, idempotencyKeys, journals, transactions } from '../db/schema';
import {
  IDEMPOTENCY_PURGE_EVERY_MS,
  IDEMPOTENCY_RETENTION_MS,
  IDEMPOTENT_REPLAY_HEADER,
  purgeIdempotencyKeys,
} from '../http/idempotency';
import {
  createLiveEventHub,
  type LiveEvent,
  type LiveEventListener,
  listenOnPglite,
  listenOnPostgres,
} from '../services/live-events';
import { createTestApi, describeApi, insertMerchant, readEnvelope, type TestApi } from '../test/api';
import { UNKNOWN_ID } from '../test/catalog';
import { TEST_DATABASE_KINDS } from '../test/db';
import { expectStatus } from '../test/expect';
import { createTestApiClient, type TestApiClient } from '../test/platform';
import { gatewayBalance, journalsOf, ledgerTotals } from '../test/transaction-fixtures';

let sequence = 0;
const nextKey = () => `key-${Date.now()}-${++sequence}`;
const nextRef = () => `PLT-${++sequence}`;

interface PlatformFixture {
  merchantId: string;
  gatewayId: string;
  inactiveGatewayId: string | null;
}

/** A merchant and the CBE gateway account: what every payment of these tests goes through. */
async function platformFixture(api: TestApi): Promise<PlatformFixture> {
  const merchantId = await insertMerchant(api, { code: `PLT-M-${++sequence}`, status: 'ACTIVE' });
  const method = api.catalog.paymentMethods.find((m) => m.code === 'CBE');
  const gateway = api.catalog.gatewayAccounts.find((g) => g.paymentMethodId === method?.id);
  if (!gateway) throw new Error('no CBE gateway account');
  return { merchantId, gatewayId: gateway.id, inactiveGatewayId: null };
}

function paymentBody(f: PlatformFixture, overrides: Record<string, unknown> = {}) {
  return {
    reference: nextRef(),
    merchant_id: f.merchantId,
    gateway_account_id: f.gatewayId,
    amount: '1250.50',
    currency: 'ETB',
    customer: { first_name: 'Almaz', last_name: 'Bekele', phone_number: '+251911000111' },
    ...overrides,
  };
}

function platformCall(
  api: TestApi,
  client: Pick<TestApiClient, 'headers'> | { headers: Record<string, string> },
  path: string,
  body: unknown,
  key: string | null = nextKey(),
) {
  return api.call(`/api/v1${path}`, {
    method: 'POST',
    headers: {
      ...client.headers,
      'Content-Type': 'application/json',
      ...(key === null ? {} : { 'Idempotency-Key': key }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function dataOf(response: Response) {
  const body = await readEnvelope(response);
  return v.parse(platformTransactionSchema, body.data);
}

describeApi('API clients and platform access', { signIn: ['admin', 'support', 'finance'] }, (api, signed) => {
  let fixture: PlatformFixture;
  beforeAll(async () => {
    fixture = await platformFixture(api);
  });

  async function createClient(scopes: string[] = ['payments:write', 'payouts:write']) {
    const response = await api.call('/api/v1/api-clients', {
      method: 'POST',
      token: signed.admin,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Checkout platform', scopes }),
    });
    expect(response.status).toBe(201);
    const { data } = await readEnvelope(response);
    return data as { client: { id: string; key_prefix: string; status: string }; api_key: string };
  }

  it('creates a client whose key is shown once, stored only as a hash, and audited', async () => {
    const created = await createClient();
    expect(created.api_key).toMatch(/^papi_[0-9a-f]{16}_[0-9a-f]{64}$/);
    expect(created.api_key.startsWith(`${created.client.key_prefix}_`)).toBe(true);
    const rows = await queryRows<{ secret_hash: string; key_id: string }>(
      api.database.db,
      sql`select secret_hash, key_id from api_clients where id = ${created.client.id}`,
    );
    expect(rows[0]?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(created.api_key.slice(-64));
    const list = await api.call('/api/v1/api-clients', { token: signed.admin });
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).not.toContain(created.api_key.slice(-64));
    const audit = await queryRows<{ action: string; actor_name: string }>(
      api.database.db,
      sql`select action, actor_name from audit_log where resource_id = ${created.client.id}`,
    );
    expect(audit.map((a) => a.action)).toEqual(['api-client.create']);
  });

  it('refuses a bad body (400), support (403), no token (401) and an API key (403) on the staff calls', async () => {
    const bad = await api.call('/api/v1/api-clients', {
      method: 'POST',
      token: signed.admin,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x', scopes: [] }),
    });
    await expectStatus(bad, 400, 'scopes: Choose at least one scope');
    await expectStatus(
      await api.call('/api/v1/api-clients', { token: signed.support }),
      403,
      API_ERRORS.forbidden,
    );
    await expectStatus(await api.call('/api/v1/api-clients'), 401);
    const client = await createTestApiClient(api.database.db);
    await expectStatus(
      await api.call('/api/v1/api-clients', { headers: client.headers }),
      403,
      API_CLIENT_ERRORS.clientOnStaff,
    );
    await expectStatus(
      await api.call('/api/v1/transactions', { headers: client.headers }),
      403,
      API_CLIENT_ERRORS.clientOnStaff,
    );
  });

  it('revokes once (409 after), 404 for no client, and a revoked key is refused at once', async () => {
    const created = await createClient();
    const headers = { Authorization: `Bearer ${created.api_key}` };
    expect((await platformCall(api, { headers }, '/platform/payments', paymentBody(fixture))).status).toBe(
      201,
    );
    const revoke = () =>
      api.call(`/api/v1/api-clients/${created.client.id}/revoke`, { method: 'POST', token: signed.admin });
    const first = await revoke();
    expect(first.status).toBe(200);
    expect((await readEnvelope(first)).data).toMatchObject({
      status: 'REVOKED',
      revoked_by: { name: expect.any(String) },
    });
    await expectStatus(await revoke(), 409, API_CLIENT_ERRORS.alreadyRevoked);
    await expectStatus(
      await api.call(`/api/v1/api-clients/${UNKNOWN_ID}/revoke`, { method: 'POST', token: signed.admin }),
      404,
    );
    await expectStatus(
      await platformCall(api, { headers }, '/platform/payments', paymentBody(fixture)),
      401,
      API_CLIENT_ERRORS.invalidKey,
    );
    await expectStatus(
      await api.call(`/api/v1/api-clients/${created.client.id}/revoke`, {
        method: 'POST',
        token: signed.finance,
      }),
      403,
    );
  });

  it('refuses platform calls without a key (401), with a forged key (401), a staff token (403) or without the scope (403)', async () => {
    const body = paymentBody(fixture);
    await expectStatus(await platformCall(api, { headers: {} }, '/platform/payments', body), 401);
    const forged = { Authorization: `Bearer papi_${'0'.repeat(16)}_${'1'.repeat(64)}` };
    await expectStatus(await platformCall(api, { headers: forged }, '/platform/payments', body), 401);
    const staff = { Authorization: `Bearer ${signed.admin}` };
    await expectStatus(
      await platformCall(api, { headers: staff }, '/platform/payments', body),
      403,
      API_CLIENT_ERRORS.staffOnPlatform,
    );
    const payoutsOnly = await createTestApiClient(api.database.db, ['payouts:write']);
    await expectStatus(
      await platformCall(api, payoutsOnly, '/platform/payments', body),
      403,
      API_CLIENT_ERRORS.missingScope('payments:write'),
    );
    const [row] = await api.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.txnRef, body.reference));
    expect(row).toBeUndefined();
  });
});

describeApi('Payment events', { signIn: ['admin', 'finance'] }, (api, signed) => {
  let fixture: PlatformFixture;
  let client: TestApiClient;
  const db = () => api.database.db;
  beforeAll(async () => {
    fixture = await platformFixture(api);
    client = await createTestApiClient(db());
  });

  const create = (body: unknown, key?: string | null) =>
    platformCall(api, client, '/platform/payments', body, key);
  const move = (id: string, status: string, key?: string | null) =>
    platformCall(api, client, `/platform/payments/${id}/status`, { status }, key);

  async function createdPayment(overrides: Record<string, unknown> = {}) {
    const response = await create(paymentBody(fixture, overrides));
    expect(response.status).toBe(201);
    return dataOf(response);
  }

  describe('create', () => {
    it('creates a PENDING payment through the gateway account, posting nothing', async () => {
      const body = paymentBody(fixture);
      const response = await create(body);
      expect(response.status).toBe(201);
      const payment = await dataOf(response);
      expect(payment).toMatchObject({
        reference: body.reference,
        type: 'PAYMENT',
        status: 'PENDING',
        amount: '1250.5',
        fee: '0',
        currency: 'ETB',
        merchant_id: fixture.merchantId,
        gateway_account_id: fixture.gatewayId,
      });
      expect(await journalsOf(db(), payment.id)).toEqual([]);
      const staffView = await api.call(`/api/v1/transactions/${payment.id}`, { token: signed.finance });
      expect(staffView.status).toBe(200);
      expect((await readEnvelope(staffView)).data).toMatchObject({
        status: 'PENDING',
        reference: { txn_ref: body.reference },
      });
    });

    it('answers 400 naming the field for bad or unknown input, and writes nothing', async () => {
      const before = await api.database.db.select().from(transactions);
      const cases: [Record<string, unknown>, string][] = [
        [{ amount: '-5' }, 'amount'],
        [{ amount: 12.5 }, 'amount'],
        [{ amount: '0' }, 'amount'],
        [{ amount: '1.005' }, 'amount: ETB has 2 decimal places'],
        [{ currency: 'XYZ' }, 'currency: no currency has the code XYZ'],
        [{ merchant_id: UNKNOWN_ID }, 'merchant_id: no merchant has this id'],
        [{ merchant_id: 'nope' }, 'merchant_id'],
        [{ gateway_account_id: UNKNOWN_ID }, 'gateway_account_id: no gateway account has this id'],
        [{ reference: '' }, 'reference'],
        [{ reference: 'has space' }, 'reference'],
      ];
      for (const [override, message] of cases) {
        const response = await create(paymentBody(fixture, override));
        expect(response.status, JSON.stringify(override)).toBe(400);
        expect((await readEnvelope(response)).errorMessage).toContain(message);
      }
      await expectStatus(await create('not json'), 400);
      await expectStatus(
        await create(paymentBody(fixture), null),
        400,
        API_CLIENT_ERRORS.idempotencyKeyMissing,
      );
      await expectStatus(
        await create(paymentBody(fixture), 'has space'),
        400,
        API_CLIENT_ERRORS.idempotencyKeyMissing,
      );
      expect((await api.database.db.select().from(transactions)).length).toBe(before.length);
    });

    it('answers 409 for a reference already used', async () => {
      const body = paymentBody(fixture);
      expect((await create(body)).status).toBe(201);
      await expectStatus(await create(body), 409, PAYMENT_ERRORS.referenceTaken(body.reference));
    });
  });

  describe('idempotency', () => {
    it('replays the first answer to the same key and body, once per key', async () => {
      const key = nextKey();
      const body = paymentBody(fixture);
      const first = await create(body, key);
      const firstText = await first.text();
      const replay = await create(body, key);
      expect(replay.status).toBe(201);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(await replay.text()).toBe(firstText);
      const rows = await db().select().from(transactions).where(eq(transactions.txnRef, body.reference));
      expect(rows).toHaveLength(1);
    });

    it('refuses the same key with another body (422) and writes nothing', async () => {
      const key = nextKey();
      expect((await create(paymentBody(fixture), key)).status).toBe(201);
      const other = paymentBody(fixture);
      await expectStatus(await create(other, key), 422, API_CLIENT_ERRORS.idempotencyKeyReused);
      expect(await db().select().from(transactions).where(eq(transactions.txnRef, other.reference))).toEqual(
        [],
      );
    });

    it('keeps keys per client: another client may use the same key', async () => {
      const key = nextKey();
      expect((await create(paymentBody(fixture), key)).status).toBe(201);
      const other = await createTestApiClient(db(), ['payments:write']);
      const response = await platformCall(api, other, '/platform/payments', paymentBody(fixture), key);
      expect(response.status).toBe(201);
    });

    it('stores no refusal: a retry after a 409 runs again', async () => {
      const key = nextKey();
      const taken = paymentBody(fixture);
      expect((await create(taken)).status).toBe(201);
      await expectStatus(await create(taken, key), 409);
      const rows = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(rows).toEqual([]);
    });

    it('purges keys older than their 24 hours: the key is free again; younger keys still replay', async () => {
      const [old, young] = [nextKey(), nextKey()];
      const youngBody = paymentBody(fixture);
      expect((await create(paymentBody(fixture), old)).status).toBe(201);
      expect((await create(youngBody, young)).status).toBe(201);
      const aged = (key: string, ms: number) =>
        db()
          .update(idempotencyKeys)
          .set({ createdAt: new Date(Date.now() - ms) })
          .where(eq(idempotencyKeys.key, key));
      await aged(old, IDEMPOTENCY_RETENTION_MS + 60_000);
      await aged(young, IDEMPOTENCY_RETENTION_MS - 60_000);
      expect(await purgeIdempotencyKeys(db(), new Date())).toBeGreaterThanOrEqual(1);
      const rowsOf = (key: string) => db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(await rowsOf(old)).toEqual([]);
      expect(await rowsOf(young)).toHaveLength(1);
      // Another body with the purged key is a new call (201), not a reused key (422).
      expect((await create(paymentBody(fixture), old)).status).toBe(201);
      const replay = await create(youngBody, young);
      expect(replay.status).toBe(201);
      expect(replay.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBe('true');
    });

    it('a committed call starts the purge when the last one is a minute old', async () => {
      const old = nextKey();
      expect((await create(paymentBody(fixture), old)).status).toBe(201);
      await db()
        .update(idempotencyKeys)
        .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_RETENTION_MS - 60_000) })
        .where(eq(idempotencyKeys.key, old));
      const later = Date.now() + IDEMPOTENCY_PURGE_EVERY_MS + 1000;
      const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
      try {
        expect((await create(paymentBody(fixture))).status).toBe(201);
      } finally {
        clock.mockRestore();
      }
      let left = 1;
      for (let i = 0; i < 50 && left > 0; i++) {
        left = (await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, old))).length;
        if (left > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(left).toBe(0);
    });

    it('gives one payment for concurrent calls with one key', async () => {
      const key = nextKey();
      const body = paymentBody(fixture);
      const answers = await Promise.all(Array.from({ length: 8 }, () => create(body, key)));
      const texts = await Promise.all(answers.map((r) => r.text()));
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
      expect(new Set(texts).size).toBe(1);
      const rows = await db().select().from(transactions).where(eq(transactions.txnRef, body.reference));
      expect(rows).toHaveLength(1);
    });
  });

  describe('state machine', () => {
    /** A payment brought to `status` along the machine. */
    async function paymentIn(status: TransactionStatus) {
      const payment = await createdPayment();
      if (status === 'CHECKED_OUT' || status === 'SUCCESS' || status === 'FAILED' || status === 'CANCELED') {
        if (status !== 'CHECKED_OUT') {
          expect((await move(payment.id, status)).status).toBe(200);
        } else {
          expect((await move(payment.id, 'CHECKED_OUT')).status).toBe(200);
        }
      }
      return payment;
    }

    const FROM: TransactionStatus[] = ['PENDING', 'CHECKED_OUT', 'SUCCESS', 'FAILED', 'CANCELED'];
    const TARGETS = ['CHECKED_OUT', 'SUCCESS', 'FAILED', 'CANCELED'] as const;
    for (const from of FROM) {
      for (const to of TARGETS) {
        const allowed = PAYMENT_TRANSITIONS[from].includes(to);
        it(`${from} -> ${to}: ${allowed ? '200' : '409 naming both states'}`, async () => {
          const payment = await paymentIn(from);
          const response = await move(payment.id, to);
          if (allowed) {
            expect(response.status).toBe(200);
            expect((await dataOf(response)).status).toBe(to);
          } else {
            await expectStatus(response, 409, PAYMENT_ERRORS.impossibleTransition(from, to));
            const [row] = await db().select().from(transactions).where(eq(transactions.id, payment.id));
            expect(row?.status).toBe(from);
          }
        });
      }
    }

    it('answers 404 for no transaction, 400 for a bad id or status', async () => {
      await expectStatus(await move(UNKNOWN_ID, 'SUCCESS'), 404, API_ERRORS.notFound('Payment'));
      await expectStatus(await move('not-a-uuid', 'SUCCESS'), 400);
      const payment = await createdPayment();
      await expectStatus(await move(payment.id, 'PAY_OUT'), 400);
      await expectStatus(await move(payment.id, 'PENDING'), 400);
    });

    it('refuses to move a payout request (409): only staff decide it', async () => {
      const response = await platformCall(
        api,
        client,
        '/platform/payouts',
        paymentBody(fixture, { amount: '10' }),
      );
      expect(response.status).toBe(201);
      const payout = await dataOf(response);
      await expectStatus(await move(payout.id, 'SUCCESS'), 409, PAYMENT_ERRORS.notAPayment);
    });

    it('covers every status of the contract', () => {
      expect(Object.keys(PAYMENT_TRANSITIONS).sort()).toEqual([...TRANSACTION_STATUSES].sort());
    });
  });

  describe('postings', () => {
    async function fee(amount: string) {
      const { computeFee } = await import('../domain/fees');
      const rows = await queryRows<{ id: string; decimal_places: number; in_multiples_of: string }>(
        db(),
        sql`select id, decimal_places, in_multiples_of::text from currencies where name_code = 'ETB'`,
      );
      const currency = rows[0];
      if (!currency) throw new Error('no ETB');
      const chargeRows = await db().select().from(charges).where(eq(charges.currencyId, currency.id));
      const ranges = await queryRows<{
        charge_id: string;
        min_amount: string;
        max_amount: string;
        charge_amount: string;
      }>(
        db(),
        sql`select charge_id, min_amount::text, max_amount::text, charge_amount::text from charge_ranges order by position`,
      );
      return computeFee({
        amount,
        currency: {
          id: currency.id,
          decimal_places: currency.decimal_places,
          in_multiples_of: currency.in_multiples_of,
        },
        charges: chargeRows.map((c) => ({
          id: c.id,
          charge_time: c.chargeTime,
          charge_calculation_method: c.chargeCalculationMethod,
          amount: c.amount,
          is_range: c.isRange,
          charge_ranges: ranges.filter((r) => r.charge_id === c.id),
          fee_on_date: c.feeOnDate,
          created_at: c.createdAt.toISOString(),
        })),
        on: api.clock(),
      });
    }

    it('SUCCESS posts PAYMENT_RECEIVED with the TRANSACTION_FEE fee and grows the gateway balance', async () => {
      const payment = await createdPayment({ amount: '2500' });
      const balance = await gatewayBalance(db(), fixture.gatewayId);
      const response = await move(payment.id, 'SUCCESS');
      expect(response.status).toBe(200);
      const moved = await dataOf(response);
      const expected = await fee('2500');
      expect(expected.charge_id).not.toBeNull();
      expect(moved.fee).toBe(expected.fee);
      expect(compare(moved.fee, '0')).toBeGreaterThan(0);
      const posted = await journalsOf(db(), payment.id);
      expect(posted.map((j) => j.eventType)).toEqual(['PAYMENT_RECEIVED']);
      const lines = await queryRows<{ entry_type: string; amount: string; financial: string }>(
        db(),
        sql`select e.entry_type, e.amount::text as amount, g.name as financial
            from journal_entries e join gl_accounts g on g.id = e.gl_account_id
            where e.journal_id = ${posted[0]?.id} order by e.entry_type desc, g.name`,
      );
      const norm = (s: string) => s.replace(/\.?0+$/, '');
      expect(lines.map((l) => [l.entry_type, l.financial, norm(l.amount)])).toEqual([
        ['DEBIT', 'Gateway Receivables Control', '2500'],
        ['CREDIT', 'Gateway Fee Income', norm(expected.fee)],
        ['CREDIT', 'Merchant Payables', norm(sub('2500', expected.fee))],
      ]);
      expect(compare(await gatewayBalance(db(), fixture.gatewayId), sub(balance, '-2500'))).toBe(0);
      const totals = await ledgerTotals(db());
      expect(totals.unbalanced).toEqual([]);
    });

    it('CHECKED_OUT, FAILED and CANCELED post nothing and leave the gateway balance', async () => {
      const balance = await gatewayBalance(db(), fixture.gatewayId);
      for (const to of ['FAILED', 'CANCELED'] as const) {
        const payment = await createdPayment();
        expect((await move(payment.id, 'CHECKED_OUT')).status).toBe(200);
        expect((await move(payment.id, to)).status).toBe(200);
        expect(await journalsOf(db(), payment.id)).toEqual([]);
      }
      expect(await gatewayBalance(db(), fixture.gatewayId)).toBe(balance);
    });

    it('PAY_OUT posts PAYOUT_REQUESTED, appears on Payouts, and staff approve it as today', async () => {
      // Fund the gateway first: approvals pay out only what it holds.
      const funding = await createdPayment({ amount: '5000' });
      expect((await move(funding.id, 'SUCCESS')).status).toBe(200);
      const balance = await gatewayBalance(db(), fixture.gatewayId);
      const response = await platformCall(
        api,
        client,
        '/platform/payouts',
        paymentBody(fixture, { amount: '300' }),
      );
      expect(response.status).toBe(201);
      const payout = await dataOf(response);
      expect(payout).toMatchObject({ type: 'PAYOUT', status: 'PAY_OUT', fee: '0' });
      expect((await journalsOf(db(), payout.id)).map((j) => j.eventType)).toEqual(['PAYOUT_REQUESTED']);
      expect(await gatewayBalance(db(), fixture.gatewayId)).toBe(balance);
      const list = await api.call('/api/v1/transactions?status=pay-out&limit=100', { token: signed.finance });
      expect(JSON.stringify(await list.json())).toContain(payout.id);
      const approve = await api.call(`/api/v1/payout/transactions/${payout.id}?command=approve`, {
        method: 'POST',
        token: signed.admin,
      });
      expect([200, 202]).toContain(approve.status);
      if (approve.status === 200) {
        expect(compare(await gatewayBalance(db(), fixture.gatewayId), sub(balance, '300'))).toBe(0);
      }
    });

    it('a payout request without a platform scope for payouts is 403', async () => {
      const paymentsOnly = await createTestApiClient(db(), ['payments:write']);
      await expectStatus(
        await platformCall(api, paymentsOnly, '/platform/payouts', paymentBody(fixture)),
        403,
        API_CLIENT_ERRORS.missingScope('payouts:write'),
      );
    });

    it('refuses SUCCESS with nothing written when the currency has no TRANSACTION_FEE charge in force', async () => {
      const payment = await createdPayment({ amount: '10', currency: 'EUR' });
      const balance = await gatewayBalance(db(), fixture.gatewayId);
      await expectStatus(await move(payment.id, 'SUCCESS'), 409, PAYMENT_ERRORS.missingCharge('EUR'));
      const [row] = await db().select().from(transactions).where(eq(transactions.id, payment.id));
      expect(row?.status).toBe('PENDING');
      expect(await journalsOf(db(), payment.id)).toEqual([]);
      expect(await gatewayBalance(db(), fixture.gatewayId)).toBe(balance);
    });

    it('refuses SUCCESS and PAY_OUT with nothing written when a posting has no account mapping', async () => {
      const payment = await createdPayment({ amount: '100' });
      const balance = await gatewayBalance(db(), fixture.gatewayId);
      const journalCount = (await db().select().from(journals)).length;
      const removed = await db()
        .delete(accountMappings)
        .where(eq(accountMappings.financialAccountType, 'LIABILITY_TRANSFER'))
        .returning();
      try {
        await expectStatus(
          await move(payment.id, 'SUCCESS'),
          409,
          API_LEDGER_ERRORS.missingAccountMapping('LIABILITY_TRANSFER', 'payment'),
        );
        const payout = paymentBody(fixture, { amount: '5' });
        await expectStatus(
          await platformCall(api, client, '/platform/payouts', payout),
          409,
          API_LEDGER_ERRORS.missingAccountMapping('LIABILITY_TRANSFER', 'payout request'),
        );
        expect(
          await db().select().from(transactions).where(eq(transactions.txnRef, payout.reference)),
        ).toEqual([]);
      } finally {
        await db().insert(accountMappings).values(removed);
      }
      const [row] = await db().select().from(transactions).where(eq(transactions.id, payment.id));
      expect(row?.status).toBe('PENDING');
      expect((await db().select().from(journals)).length).toBe(journalCount);
      expect(await gatewayBalance(db(), fixture.gatewayId)).toBe(balance);
      // With the mapping back, a retry of the refused move succeeds.
      expect((await move(payment.id, 'SUCCESS')).status).toBe(200);
    });
  });
});

describe.each(TEST_DATABASE_KINDS)('Live events of platform calls on %s', (kind) => {
  const hub = createLiveEventHub();
  const heard: LiveEvent[] = [];
  hub.subscribe((message) => {
    if (message.type === 'change') heard.push(message.event);
  });
  let api: TestApi;
  let listener: LiveEventListener | undefined;
  let fixture: PlatformFixture;
  let client: TestApiClient;
  beforeAll(async () => {
    api = await createTestApi(kind, { liveEvents: hub });
    listener =
      kind === 'postgres'
        ? listenOnPostgres({ connectionString: api.database.url ?? '', hub, log: () => {} })
        : listenOnPglite(api.database.db, hub);
    await listener?.listening;
    fixture = await platformFixture(api);
    client = await createTestApiClient(api.database.db);
  });
  afterAll(async () => {
    await listener?.stop();
    await api?.dispose();
  });

  const heardOf = (id: string) => heard.filter((e) => e.id === id);
  /** Waits until a payment is heard: every notice sent before it has been heard by then. */
  async function heardUpTo(id: string) {
    for (let waited = 0; heardOf(id).length === 0; waited += 10) {
      if (waited > 5000) throw new Error(`payment ${id} never announced; heard ${JSON.stringify(heard)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('announces each committed create and move once; a refusal and a replay announce nothing', async () => {
    const key = nextKey();
    const body = paymentBody(fixture);
    const created = await platformCall(api, client, '/platform/payments', body, key);
    expect(created.status).toBe(201);
    const payment = await dataOf(created);
    await heardUpTo(payment.id);
    expect(heardOf(payment.id)).toEqual([{ kind: 'payment', id: payment.id }]);

    const moveKey = nextKey();
    const path = `/platform/payments/${payment.id}/status`;
    expect((await platformCall(api, client, path, { status: 'FAILED' }, moveKey)).status).toBe(200);
    // A replay of each call, a move the state machine refuses, and a create refused for its reference.
    expect((await platformCall(api, client, '/platform/payments', body, key)).status).toBe(201);
    expect((await platformCall(api, client, path, { status: 'FAILED' }, moveKey)).status).toBe(200);
    await expectStatus(await platformCall(api, client, path, { status: 'SUCCESS' }), 409);
    await expectStatus(await platformCall(api, client, '/platform/payments', body), 409);

    const marker = await dataOf(await platformCall(api, client, '/platform/payments', paymentBody(fixture)));
    await heardUpTo(marker.id);
    expect(heardOf(payment.id)).toEqual([
      { kind: 'payment', id: payment.id },
      { kind: 'payment', id: payment.id },
    ]);
    expect(heard.filter((e) => e.id !== payment.id && e.id !== marker.id)).toEqual([]);
  });
});
