import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { transactionLimitListSchema, transactionLimitSchema } from '@contract/transaction-limit';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentMethods, transactionLimits } from '../db/schema';
import { describeApi, readEnvelope } from '../test/api';
import { itEnforcesPermissions, jsonCall, type PermissionCase, rowCount, UNKNOWN_ID } from '../test/catalog';
import { expectStatus } from '../test/expect';

const BASE = '/api/v1/transaction-limits';
const m = VALIDATION.transactionLimit;

describeApi('transaction limits', { signIn: ['admin'] }, (api, signed) => {
  let sequence = 0;
  /** A payment method without limits, so each test's overlap expectations are its own. */
  async function freshMethod(): Promise<string> {
    sequence += 1;
    const [row] = await api.database.db
      .insert(paymentMethods)
      .values({
        name: `Limit test ${sequence}`,
        type: 'WALLET',
        code: `LT-${sequence}`,
        url: 'https://wallet.example',
        logo: '/logo.svg',
        accountNumberLength: 10,
        supportedCurrencies: ['ETB'],
      })
      .returning({ id: paymentMethods.id });
    if (!row) throw new Error('insert failed');
    return row.id;
  }

  async function create(body: Record<string, unknown>, token = signed.admin) {
    api.clock.advance(1000);
    const response = await jsonCall(api, 'POST', BASE, token, body);
    return { response, body: await readEnvelope(response, transactionLimitSchema) };
  }
  const limit = (payment_method_id: string, interval: string, min: unknown, max: unknown) => ({
    payment_method_id,
    interval,
    min_amount: min,
    max_amount: max,
  });

  async function listOf(methodId: string, token = signed.admin) {
    const response = await api.call(`/api/v1/payment-methods/${methodId}/transaction-limits`, { token });
    return { response, body: await readEnvelope(response, transactionLimitListSchema) };
  }

  async function storedLimits(methodId: string) {
    return api.database.db
      .select()
      .from(transactionLimits)
      .where(eq(transactionLimits.paymentMethodId, methodId))
      .orderBy(transactionLimits.createdAt);
  }

  describe('GET /payment-methods/{id}/transaction-limits', () => {
    it('answers a plain array of the method’s limits, in the order they were added', async () => {
      const cbe = api.catalog.paymentMethods.find((p) => p.code === 'CBE');
      const { response, body } = await listOf(cbe?.id ?? '');
      expect(response.status).toBe(200);
      expect(Array.isArray(body.data)).toBe(true);
      expect(body.data.map((l) => [l.interval, l.min_amount, l.max_amount, l.status])).toEqual([
        ['DAILY', '1', '1000000', 'ACTIVE'],
        ['MONTHLY', '1', '20000000', 'ACTIVE'],
      ]);
      const empty = await listOf(await freshMethod());
      expect(empty.body.data).toEqual([]);
    });

    it('answers 404 for an unknown method and 400 for a malformed id', async () => {
      const unknown = await listOf(UNKNOWN_ID);
      expect(unknown.response.status).toBe(404);
      expect(unknown.body.errorMessage).toBe(API_ERRORS.notFound('Payment method'));
      expect((await listOf('x')).response.status).toBe(400);
    });
  });

  describe('POST /transaction-limits', () => {
    it('creates an ACTIVE limit (201) that the list then shows', async () => {
      const method = await freshMethod();
      const { response, body } = await create(limit(method, 'DAILY', '100', 5000));
      expect(response.status).toBe(201);
      expect(body.data).toMatchObject({
        payment_method_id: method,
        interval: 'DAILY',
        min_amount: '100',
        max_amount: '5000',
        status: 'ACTIVE',
      });
      expect((await listOf(method)).body.data).toEqual([body.data]);
    });

    it('refuses invalid fields with the spec §5 texts, writing nothing', async () => {
      const method = await freshMethod();
      const before = await rowCount(api, transactionLimits);
      const cases: [Record<string, unknown>, string][] = [
        [
          {},
          `min_amount: ${m.minAmount}; max_amount: ${m.maxAmountInvalid}; interval: ${m.interval}; payment_method_id: ${m.paymentMethod}`,
        ],
        [limit(method, 'DAILY', '0', '10'), `min_amount: ${m.minAmount}`],
        [limit(method, 'DAILY', '10', '10'), `max_amount: ${m.maxAmount}`],
        [limit(method, 'DAILY', '10', '9'), `max_amount: ${m.maxAmount}`],
        [limit(method, 'HOURLY', '1', '9'), `interval: ${m.interval}`],
        [limit('', 'DAILY', '1', '9'), `payment_method_id: ${m.paymentMethod}`],
        [limit('nope', 'DAILY', '1', '9'), 'payment_method_id: payment_method_id must be a UUID'],
      ];
      for (const [body, message] of cases) {
        const r = await create(body);
        expect(r.response.status, JSON.stringify(body)).toBe(400);
        expect(r.body.errorMessage).toBe(message);
      }
      expect(await rowCount(api, transactionLimits)).toBe(before);
    });

    it('refuses an unknown payment method with 400 naming payment_method_id', async () => {
      const before = await rowCount(api, transactionLimits);
      const r = await create(limit(UNKNOWN_ID, 'DAILY', '1', '9'));
      expect(r.response.status).toBe(400);
      expect(r.body.errorMessage).toBe(
        `payment_method_id: ${CATALOG_ERRORS.unknownReference('payment method')}`,
      );
      expect(await rowCount(api, transactionLimits)).toBe(before);
    });

    it('refuses a range overlapping an ACTIVE limit of the same interval (409), ends included', async () => {
      const method = await freshMethod();
      expect((await create(limit(method, 'DAILY', '100', '1000'))).response.status).toBe(201);
      const conflict = CATALOG_ERRORS.limitOverlap('DAILY', '100', '1000');
      for (const [min, max] of [
        ['1000', '2000'],
        ['1', '100'],
        ['200', '300'],
        ['1', '5000'],
      ]) {
        const r = await create(limit(method, 'DAILY', min, max));
        expect(r.response.status, `${min}-${max}`).toBe(409);
        expect(r.body.errorMessage).toBe(conflict);
      }
      expect(await storedLimits(method)).toHaveLength(1);
      // Disjoint ranges and other intervals are fine.
      expect((await create(limit(method, 'DAILY', '1001', '2000'))).response.status).toBe(201);
      expect((await create(limit(method, 'DAILY', '1', '99'))).response.status).toBe(201);
      expect((await create(limit(method, 'WEEKLY', '100', '1000'))).response.status).toBe(201);
      // Another method's limits never conflict.
      expect((await create(limit(await freshMethod(), 'DAILY', '100', '1000'))).response.status).toBe(201);
      expect(await storedLimits(method)).toHaveLength(4);
    });

    it('lets only one of two concurrent overlapping creates through', async () => {
      const method = await freshMethod();
      const results = await Promise.all([
        create(limit(method, 'MONTHLY', '10', '500')),
        create(limit(method, 'MONTHLY', '400', '900')),
      ]);
      expect(results.map((r) => r.response.status).sort()).toEqual([201, 409]);
      expect(await storedLimits(method)).toHaveLength(1);
    });
  });

  describe('PUT /transaction-limits/{id}', () => {
    it('replaces amounts and interval, keeps the method and status', async () => {
      const method = await freshMethod();
      const { data: created } = (await create(limit(method, 'DAILY', '1', '10'))).body;
      const r = await jsonCall(api, 'PUT', `${BASE}/${created.id}`, signed.admin, {
        ...limit(UNKNOWN_ID, 'WEEKLY', 5, '50'),
      });
      expect(r.status).toBe(200);
      const { data } = await readEnvelope(r, transactionLimitSchema);
      // A sent payment_method_id is ignored: a limit stays on its method.
      expect(data).toEqual({ ...created, interval: 'WEEKLY', min_amount: '5', max_amount: '50' });
    });

    it('refuses moving an ACTIVE limit onto another (409) and invalid amounts (400), unchanged', async () => {
      const method = await freshMethod();
      await create(limit(method, 'DAILY', '1', '10'));
      const { data: second } = (await create(limit(method, 'DAILY', '20', '30'))).body;
      const before = await storedLimits(method);
      const overlap = await jsonCall(
        api,
        'PUT',
        `${BASE}/${second.id}`,
        signed.admin,
        limit(method, 'DAILY', '5', '30'),
      );
      await expectStatus(overlap, 409, CATALOG_ERRORS.limitOverlap('DAILY', '1', '10'));
      const invalid = await jsonCall(
        api,
        'PUT',
        `${BASE}/${second.id}`,
        signed.admin,
        limit(method, 'DAILY', '50', '30'),
      );
      await expectStatus(invalid, 400, `max_amount: ${m.maxAmount}`);
      expect(await storedLimits(method)).toEqual(before);
      // An inactive limit is not compared: it may be edited into an active one's range.
      await jsonCall(api, 'POST', `${BASE}/${second.id}?command=deactivate`, signed.admin);
      const inactive = await jsonCall(
        api,
        'PUT',
        `${BASE}/${second.id}`,
        signed.admin,
        limit(method, 'DAILY', '5', '30'),
      );
      expect(inactive.status).toBe(200);
    });

    it('answers 404 for an unknown id', async () => {
      const r = await jsonCall(
        api,
        'PUT',
        `${BASE}/${UNKNOWN_ID}`,
        signed.admin,
        limit(UNKNOWN_ID, 'DAILY', '1', '2'),
      );
      await expectStatus(r, 404, API_ERRORS.notFound('Transaction limit'));
    });
  });

  describe('DELETE /transaction-limits/{id}', () => {
    it('deletes the limit and answers it; a second delete is 404', async () => {
      const method = await freshMethod();
      const { data: created } = (await create(limit(method, 'DAILY', '1', '10'))).body;
      const r = await jsonCall(api, 'DELETE', `${BASE}/${created.id}`, signed.admin);
      expect(r.status).toBe(200);
      expect((await readEnvelope(r, transactionLimitSchema)).data).toEqual(created);
      expect(await storedLimits(method)).toEqual([]);
      const before = await rowCount(api, transactionLimits);
      const again = await jsonCall(api, 'DELETE', `${BASE}/${created.id}`, signed.admin);
      await expectStatus(again, 404);
      expect(await rowCount(api, transactionLimits)).toBe(before);
      expect((await jsonCall(api, 'DELETE', `${BASE}/bad`, signed.admin)).status).toBe(400);
    });
  });

  describe('POST /transaction-limits/{id}?command=', () => {
    async function command(id: string, name: string, token = signed.admin) {
      const response = await jsonCall(api, 'POST', `${BASE}/${id}?command=${name}`, token);
      return { response, body: await readEnvelope(response, transactionLimitSchema) };
    }

    it('deactivates and activates; repeating is 409', async () => {
      const method = await freshMethod();
      const { data: created } = (await create(limit(method, 'DAILY', '1', '10'))).body;
      expect((await command(created.id, 'deactivate')).body.data.status).toBe('INACTIVE');
      const again = await command(created.id, 'deactivate');
      expect(again.response.status).toBe(409);
      expect(again.body.errorMessage).toBe(CATALOG_ERRORS.alreadyInStatus('Transaction limit', 'INACTIVE'));
      expect((await command(created.id, 'activate')).body.data.status).toBe('ACTIVE');
      const twice = await command(created.id, 'activate');
      expect(twice.response.status).toBe(409);
      expect(twice.body.errorMessage).toBe(CATALOG_ERRORS.alreadyInStatus('Transaction limit', 'ACTIVE'));
    });

    it('refuses activating a limit that would overlap an active one (409), unchanged', async () => {
      const method = await freshMethod();
      const { data: first } = (await create(limit(method, 'DAILY', '1', '10'))).body;
      await command(first.id, 'deactivate');
      expect((await create(limit(method, 'DAILY', '5', '20'))).response.status).toBe(201);
      const r = await command(first.id, 'activate');
      expect(r.response.status).toBe(409);
      expect(r.body.errorMessage).toBe(CATALOG_ERRORS.limitOverlap('DAILY', '5', '20'));
      const [row] = await api.database.db
        .select()
        .from(transactionLimits)
        .where(eq(transactionLimits.id, first.id));
      expect(row?.status).toBe('INACTIVE');
    });

    it('lets one of two concurrent identical commands apply; 400 bad command; 404 unknown', async () => {
      const method = await freshMethod();
      const { data: created } = (await create(limit(method, 'DAILY', '1', '10'))).body;
      const results = await Promise.all([
        command(created.id, 'deactivate'),
        command(created.id, 'deactivate'),
      ]);
      expect(results.map((r) => r.response.status).sort()).toEqual([200, 409]);
      const bad = await command(created.id, 'toggle');
      expect(bad.response.status).toBe(400);
      expect(bad.body.errorMessage).toBe('command: command must be one of activate, deactivate');
      expect((await command(UNKNOWN_ID, 'activate')).response.status).toBe(404);
    });
  });

  describe('permissions (spec §6 names none; update-payment-method for changes, view for the list)', () => {
    const newLimit = async () => (await create(limit(await freshMethod(), 'DAILY', '1', '10'))).body.data.id;
    const calls: PermissionCase[] = [
      {
        name: 'GET /payment-methods/{id}/transaction-limits',
        setup: freshMethod,
        run: (t, method) => api.call(`/api/v1/payment-methods/${method}/transaction-limits`, { token: t }),
        allowed: ['admin', 'support'],
      },
      {
        name: 'POST /transaction-limits',
        setup: freshMethod,
        run: (t, method) => jsonCall(api, 'POST', BASE, t, limit(method, 'DAILY', '1', '10')),
        allowed: ['admin'],
      },
      {
        name: 'PUT /transaction-limits/{id}',
        setup: newLimit,
        run: (t, id) => jsonCall(api, 'PUT', `${BASE}/${id}`, t, limit(UNKNOWN_ID, 'DAILY', '2', '3')),
        allowed: ['admin'],
      },
      {
        name: 'DELETE /transaction-limits/{id}',
        setup: newLimit,
        run: (t, id) => jsonCall(api, 'DELETE', `${BASE}/${id}`, t),
        allowed: ['admin'],
      },
      {
        name: 'POST /transaction-limits/{id}?command=',
        setup: newLimit,
        run: (t, id) => jsonCall(api, 'POST', `${BASE}/${id}?command=deactivate`, t),
        allowed: ['admin'],
      },
    ];
    itEnforcesPermissions(() => api, [transactionLimits], calls);
  });
});
