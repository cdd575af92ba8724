import { pagedSchema } from '@contract/envelope';
import { gatewayAccountSchema } from '@contract/gateway-account';
import { CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { currencies, gatewayAccounts, paymentMethods } from '../db/schema';
import { describeApi, readEnvelope } from '../test/api';
import {
  itEnforcesPermissions,
  jsonCall,
  type PermissionCase,
  resourceCalls,
  rowCount,
  UNKNOWN_ID,
} from '../test/catalog';
import {
  expectStatus,
  expectUniqueOnCreate,
  expectUnknownAndMalformedIds,
  newestFirstIds,
} from '../test/expect';

const BASE = '/api/v1/gateway-accounts';
const _listSchema = pagedSchema(gatewayAccountSchema);
const m = VALIDATION.gatewayAccount;

describeApi('gateway accounts', { signIn: ['admin'] }, (api, signed) => {
  /** telebirr: a WALLET with 12-digit numbers. */
  let wallet: string;
  let bank: string;

  beforeAll(async () => {
    wallet = api.catalog.paymentMethods.find((p) => p.code === 'TELEBIRR')?.id ?? '';
    bank = api.catalog.paymentMethods.find((p) => p.code === 'AWASH')?.id ?? '';
  });

  let sequence = 0;
  function payload(overrides: Record<string, unknown> = {}) {
    sequence += 1;
    return {
      code: `GW-TEST-${sequence}`,
      payment_method_id: wallet,
      account_number: `0911${String(sequence).padStart(8, '0')}`,
      routing_code: 'ETHIO-TELEBIRR',
      ...overrides,
    };
  }

  const { create, get, put, list, pagedIds } = resourceCalls(api, BASE, gatewayAccountSchema);
  async function stored(id: string) {
    const [row] = await api.database.db.select().from(gatewayAccounts).where(eq(gatewayAccounts.id, id));
    return row;
  }

  describe('POST /gateway-accounts', () => {
    it('creates an ACTIVE account with balance 0, ignoring id, name and total_balance', async () => {
      const { response, body } = await create({
        ...payload({ account_number: '091100000001' }),
        id: '',
        name: 'ignored',
        total_balance: '1000000',
      });
      expect(response.status).toBe(201);
      expect(body.data).toMatchObject({
        account_number: '091100000001',
        routing_code: 'ETHIO-TELEBIRR',
        total_balance: '0',
        status: 'ACTIVE',
        payment_method: { id: wallet, name: 'telebirr', type: 'WALLET' },
      });
      expect(body.data.id).not.toBe('');
      expect((await stored(body.data.id))?.totalBalance).toBe('0.000000');
      const detail = await get(body.data.id);
      expect((await readEnvelope(detail, gatewayAccountSchema)).data).toEqual(body.data);
    });

    it('refuses invalid fields naming each, writing nothing', async () => {
      const before = await rowCount(api, gatewayAccounts);
      const cases: [Record<string, unknown>, string][] = [
        [
          {},
          `code: ${m.code}; payment_method_id: ${m.paymentMethod}; routing_code: ${m.routingCode}; account_number: ${m.accountNumberRequired}`,
        ],
        [payload({ account_number: '09-11' }), `account_number: ${m.accountNumberPositive}`],
        [payload({ account_number: '000000000000' }), `account_number: ${m.accountNumberPositive}`],
        [payload({ account_number: '0911' }), `account_number: ${m.accountNumberLength(12)}`],
        [payload({ payment_method_id: bank }), `account_number: ${m.accountNumberLength(14)}`],
        [
          payload({ payment_method_id: UNKNOWN_ID }),
          `payment_method_id: ${CATALOG_ERRORS.unknownReference('payment method')}`,
        ],
      ];
      for (const [body, message] of cases) {
        const r = await create(body);
        expect(r.response.status, JSON.stringify(body)).toBe(400);
        expect(r.body.errorMessage).toBe(message);
      }
      expect(await rowCount(api, gatewayAccounts)).toBe(before);
    });

    it('refuses a duplicate code with 409, also under concurrent creates', async () => {
      const taken = {
        body: payload({ code: 'GW-CBE-01' }),
        message: CATALOG_ERRORS.gatewayAccountCodeTaken('GW-CBE-01'),
      };
      await expectUniqueOnCreate(api, gatewayAccounts, create, taken, () => payload({ code: 'GW-RACE' }));
    });
  });

  describe('GET /gateway-accounts', () => {
    it('lists newest first and pages through everything once', async () => {
      const all = await api.database.db.select().from(gatewayAccounts);
      expect(await pagedIds(4, all.length)).toEqual(newestFirstIds(all));
    });

    it('searches code, account number, routing code and payment method name', async () => {
      const codes = async (term: string) => {
        const { body } = await list(`?limit=100&search_term=${encodeURIComponent(term)}`);
        return body.data.contents.map((a) => a.code).sort();
      };
      expect(await codes('gw-awash')).toEqual(['GW-AWASH-01']);
      expect(await codes('AWINETAA')).toEqual(['GW-AWASH-01']);
      expect(await codes('dashen bank')).toEqual(['GW-DASHEN-01']);
      const [awash] = await api.database.db
        .select()
        .from(gatewayAccounts)
        .where(eq(gatewayAccounts.code, 'GW-AWASH-01'));
      expect(await codes(awash?.accountNumber ?? '')).toEqual(['GW-AWASH-01']);
      expect(await codes('nothing here')).toEqual([]);
    });
  });

  describe('GET /gateway-accounts/{id}', () => {
    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      await expectUnknownAndMalformedIds(get, 'Gateway account', 'zz');
    });
  });

  describe('PUT /gateway-accounts/{id}', () => {
    it('gives the places the balance is shown with: the most among its method’s currencies', async () => {
      const { data: created } = (await create(payload())).body;
      expect(created.balance_decimal_places).toBe(2);
      const db = api.database.db;
      const etb = eq(currencies.nameCode, 'ETB');
      const telebirr = eq(paymentMethods.id, wallet);
      try {
        await db.update(currencies).set({ decimalPlaces: 3 }).where(etb);
        expect(
          (await readEnvelope(await get(created.id), gatewayAccountSchema)).data.balance_decimal_places,
        ).toBe(3);
        await db
          .update(paymentMethods)
          .set({ supportedCurrencies: ['XXX'] })
          .where(telebirr);
        expect(
          (await readEnvelope(await get(created.id), gatewayAccountSchema)).data.balance_decimal_places,
        ).toBeNull();
      } finally {
        await db.update(currencies).set({ decimalPlaces: 2 }).where(etb);
        await db
          .update(paymentMethods)
          .set({ supportedCurrencies: ['ETB'] })
          .where(telebirr);
      }
      const { body } = await list('?limit=100');
      expect(body.data.contents.map((a) => a.balance_decimal_places)).toEqual(
        body.data.contents.map(() => 2),
      );
    });

    it('replaces code, method, number and routing code; balance and status stay', async () => {
      const { data: created } = (await create(payload())).body;
      await api.database.db
        .update(gatewayAccounts)
        .set({ totalBalance: '250.5' })
        .where(eq(gatewayAccounts.id, created.id));
      await jsonCall(api, 'POST', `${BASE}/${created.id}?command=deactivate`, signed.admin);
      const r = await put(created.id, {
        code: 'GW-MOVED',
        payment_method_id: bank,
        account_number: '0012',
        routing_code: 'AWINETAA',
        total_balance: '0',
      });
      expect(r.status).toBe(200);
      const { data } = await readEnvelope(r, gatewayAccountSchema);
      expect(data).toMatchObject({
        id: created.id,
        code: 'GW-MOVED',
        payment_method: { id: bank, name: 'Awash Bank', type: 'BANK' },
        // On edit the method's length is not asked again (spec §5); the digits still are.
        account_number: '0012',
        total_balance: '250.5',
        status: 'INACTIVE',
      });
    });

    it('refuses another account’s code (409), unknown method and empty fields (400), unchanged', async () => {
      const { data: created } = (await create(payload())).body;
      const before = await stored(created.id);
      const dup = await put(created.id, payload({ code: 'GW-BOA-01' }));
      await expectStatus(dup, 409, CATALOG_ERRORS.gatewayAccountCodeTaken('GW-BOA-01'));
      const method = await put(created.id, payload({ payment_method_id: UNKNOWN_ID }));
      await expectStatus(
        method,
        400,
        `payment_method_id: ${CATALOG_ERRORS.unknownReference('payment method')}`,
      );
      const empty = await put(created.id, payload({ account_number: ' ', routing_code: '' }));
      await expectStatus(
        empty,
        400,
        `routing_code: ${m.routingCode}; account_number: ${m.accountNumberRequired}`,
      );
      for (const account_number of ['A-12', 'abc', '-5', 'NaN', '1,000']) {
        const notDigits = await put(created.id, payload({ account_number }));
        await expectStatus(notDigits, 400, `account_number: ${m.accountNumberPositive}`);
      }
      expect(await stored(created.id)).toEqual(before);
      const unknown = await put(UNKNOWN_ID, payload());
      await expectStatus(unknown, 404);
    });
  });

  describe('POST /gateway-accounts/{id}?command=', () => {
    async function command(id: string, name: string, body?: unknown, token = signed.admin) {
      const response = await jsonCall(api, 'POST', `${BASE}/${id}?command=${name}`, token, body);
      return { response, body: await readEnvelope(response, gatewayAccountSchema) };
    }

    it('the command decides; isActive in the body is ignored; repeating is 409', async () => {
      const { data: created } = (await create(payload())).body;
      const off = await command(created.id, 'deactivate', { isActive: true });
      expect(off.response.status).toBe(200);
      expect(off.body.data.status).toBe('INACTIVE');
      const again = await command(created.id, 'deactivate', { isActive: false });
      expect(again.response.status).toBe(409);
      expect(again.body.errorMessage).toBe(CATALOG_ERRORS.alreadyInStatus('Gateway account', 'INACTIVE'));
      expect((await command(created.id, 'activate')).body.data.status).toBe('ACTIVE');
      expect((await stored(created.id))?.status).toBe('ACTIVE');
    });

    it('one of two concurrent identical commands applies; bad command or body 400; unknown 404', async () => {
      const { data: created } = (await create(payload())).body;
      const results = await Promise.all([
        command(created.id, 'deactivate'),
        command(created.id, 'deactivate'),
      ]);
      expect(results.map((r) => r.response.status).sort()).toEqual([200, 409]);
      const bad = await command(created.id, 'flip');
      expect(bad.response.status).toBe(400);
      expect(bad.body.errorMessage).toBe('command: command must be one of activate, deactivate');
      const badBody = await command(created.id, 'activate', { isActive: 'yes' });
      expect(badBody.response.status).toBe(400);
      expect(badBody.body.errorMessage).toMatch(/^isActive: /);
      expect((await stored(created.id))?.status).toBe('INACTIVE');
      expect((await command(UNKNOWN_ID, 'activate')).response.status).toBe(404);
    });
  });

  describe('permissions (the command takes update-gateway-account: spec §6 names none)', () => {
    const newAccount = async () => (await create(payload())).body.data.id;
    const calls: PermissionCase[] = [
      {
        name: 'GET /gateway-accounts',
        run: (t) => api.call(BASE, { token: t }),
        allowed: ['admin', 'support'],
      },
      {
        name: 'GET /gateway-accounts/{id}',
        setup: newAccount,
        run: (t, id) => api.call(`${BASE}/${id}`, { token: t }),
        allowed: ['admin', 'support'],
      },
      {
        name: 'POST /gateway-accounts',
        run: (t) => jsonCall(api, 'POST', BASE, t, payload()),
        allowed: ['admin'],
      },
      {
        name: 'PUT /gateway-accounts/{id}',
        setup: newAccount,
        run: (t, id) => jsonCall(api, 'PUT', `${BASE}/${id}`, t, payload()),
        allowed: ['admin'],
      },
      {
        name: 'POST /gateway-accounts/{id}?command=',
        setup: newAccount,
        run: (t, id) => jsonCall(api, 'POST', `${BASE}/${id}?command=deactivate`, t),
        allowed: ['admin'],
      },
    ];
    itEnforcesPermissions(() => api, [gatewayAccounts], calls);
  });
});
