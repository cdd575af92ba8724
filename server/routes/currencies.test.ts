import { currencySchema } from '@contract/currency';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { charges, currencies, paymentMethods, transactions } from '../db/schema';
import { describeApi, readEnvelope } from '../test/api';
import {
  currencyBody,
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

const BASE = '/api/v1/currencies';
const listSchema = pagedSchema(currencySchema);
const m = VALIDATION.currency;

const twoDigits = (n: number) => `T${String(n).padStart(2, '0')}`;
const payload = (overrides: Record<string, unknown> = {}) =>
  currencyBody('Test currency', 'T', twoDigits, overrides);

describeApi('currencies', { signIn: ['admin'] }, (api, signed) => {
  const { create, get, put, delete: remove } = resourceCalls(api, BASE, currencySchema);
  async function stored(id: string) {
    const [row] = await api.database.db.select().from(currencies).where(eq(currencies.id, id));
    return row;
  }
  const seeded = (code: string) => {
    const c = api.catalog.currencies.find((x) => x.nameCode === code);
    if (!c) throw new Error(code);
    return c.id;
  };

  describe('GET /currencies', () => {
    it('lists newest first, each parsed by the contract, with the seeded birr step 0.05', async () => {
      const all = await api.database.db.select().from(currencies);
      const r = await api.call(`${BASE}?limit=100`, { token: signed.admin });
      const { data } = await readEnvelope(r, listSchema);
      expect(data.total).toBe(all.length);
      const expected = newestFirstIds(all);
      expect(data.contents.map((c) => c.id)).toEqual(expected);
      expect(data.contents.find((c) => c.name_code === 'ETB')).toMatchObject({
        name: 'Ethiopian Birr',
        display_symbol: 'Br',
        decimal_places: 2,
        in_multiples_of: '0.05',
      });
    });

    it('searches name and name code case-insensitively, and pages', async () => {
      const codes = async (term: string) => {
        const r = await api.call(`${BASE}?search_term=${encodeURIComponent(term)}`, {
          token: signed.admin,
        });
        return (await readEnvelope(r, listSchema)).data.contents.map((c) => c.name_code).sort();
      };
      expect(await codes('birr')).toEqual(['ETB']);
      expect(await codes('usd')).toEqual(['USD']);
      expect(await codes('DOLLAR')).toEqual(['USD']);
      expect(await codes('zzz')).toEqual([]);
      const page = await api.call(`${BASE}?limit=2&page=2`, { token: signed.admin });
      const { data } = await readEnvelope(page, listSchema);
      expect(data.total_pages).toBe(Math.ceil(data.total / 2));
      const bad = await api.call(`${BASE}?page=0`, { token: signed.admin });
      await expectStatus(bad, 400, 'page: page must be a positive integer');
    });
  });

  describe('GET /currencies/{id}', () => {
    it('answers the currency, 404 for an unknown id, 400 for a malformed one', async () => {
      const r = await get(seeded('USD'));
      expect((await readEnvelope(r, currencySchema)).data).toMatchObject({
        name_code: 'USD',
        in_multiples_of: '0.01',
      });
      await expectUnknownAndMalformedIds(get, 'Currency');
    });
  });

  describe('POST /currencies', () => {
    it('creates a currency (201), name code upper-cased', async () => {
      const { response, body } = await create(
        payload({ name_code: ' gbp ', name: 'Pound', in_multiples_of: 0.5, decimal_places: '2' }),
      );
      expect(response.status).toBe(201);
      expect(body.data).toMatchObject({
        name: 'Pound',
        name_code: 'GBP',
        decimal_places: 2,
        in_multiples_of: '0.5',
        created_at: api.clock().toISOString(),
      });
      const detail = await get(body.data.id);
      expect((await readEnvelope(detail, currencySchema)).data).toEqual(body.data);
    });

    it('refuses invalid fields with the spec §5 texts, writing nothing', async () => {
      const before = await rowCount(api, currencies);
      const empty = await create({});
      expect(empty.response.status).toBe(400);
      expect(empty.body.errorMessage).toBe(
        [
          `name: ${m.name}`,
          `decimal_places: ${m.decimalPlaces}`,
          `in_multiples_of: ${m.inMultiplesOf}`,
          `display_symbol: ${m.displaySymbol}`,
          `name_code: ${m.nameCode}`,
        ].join('; '),
      );
      const negative = await create(payload({ decimal_places: -1, in_multiples_of: '-5' }));
      expect(negative.body.errorMessage).toBe(
        `decimal_places: ${m.decimalPlaces}; in_multiples_of: ${m.inMultiplesOf}`,
      );
      const places = await create(payload({ decimal_places: 7 }));
      expect(places.body.errorMessage).toBe(`decimal_places: ${m.decimalPlacesMax}`);
      expect(await rowCount(api, currencies)).toBe(before);
    });

    it('refuses a duplicate name code with 409, also under concurrent creates', async () => {
      const taken = {
        body: payload({ name_code: 'etb' }),
        message: CATALOG_ERRORS.currencyCodeTaken('ETB'),
      };
      await expectUniqueOnCreate(api, currencies, create, taken, () => payload({ name_code: 'RACE' }));
    });
  });

  describe('PUT /currencies/{id}', () => {
    it('replaces the fields', async () => {
      const { data: created } = (await create(payload())).body;
      const change = payload({
        name_code: created.name_code,
        name: 'Renamed',
        decimal_places: 0,
        in_multiples_of: 5,
      });
      const r = await put(created.id, change);
      expect(r.status).toBe(200);
      expect((await readEnvelope(r, currencySchema)).data).toEqual({
        ...created,
        name: 'Renamed',
        decimal_places: 0,
        in_multiples_of: '5',
        display_symbol: 'T',
      });
    });

    it('renaming a name code renames it in payment methods’ supported currencies', async () => {
      const usd = seeded('USD');
      const listing = async () =>
        (await api.database.db.select().from(paymentMethods))
          .filter((p) => p.supportedCurrencies.includes('USD'))
          .map((p) => p.id);
      const usedBy = await listing();
      expect(usedBy.length).toBeGreaterThan(0);
      const r = await put(usd, payload({ name: 'US Dollar', name_code: 'usx' }));
      expect(r.status).toBe(200);
      expect((await readEnvelope(r, currencySchema)).data.name_code).toBe('USX');
      const methods = await api.database.db.select().from(paymentMethods);
      for (const id of usedBy) {
        const method = methods.find((p) => p.id === id);
        expect(method?.supportedCurrencies).toContain('USX');
        expect(method?.supportedCurrencies).not.toContain('USD');
      }
      // And back, so the other tests see the seed.
      await put(usd, payload({ name: 'US Dollar', name_code: 'USD', in_multiples_of: '0.01' }));
      expect(await listing()).toEqual(usedBy);
    });

    it('refuses another currency’s code (409) and bad fields (400), unchanged; 404 unknown', async () => {
      const { data: created } = (await create(payload())).body;
      const before = await stored(created.id);
      const dup = await put(created.id, payload({ name_code: 'EUR' }));
      await expectStatus(dup, 409, CATALOG_ERRORS.currencyCodeTaken('EUR'));
      const bad = await put(created.id, payload({ display_symbol: '' }));
      await expectStatus(bad, 400, `display_symbol: ${m.displaySymbol}`);
      expect(await stored(created.id)).toEqual(before);
      const unknown = await put(UNKNOWN_ID, payload());
      await expectStatus(unknown, 404);
    });
  });

  describe('DELETE /currencies/{id}', () => {
    it('deletes an unused currency and answers it; again is 404', async () => {
      const { data: created } = (await create(payload())).body;
      const r = await remove(created.id);
      expect(r.status).toBe(200);
      expect((await readEnvelope(r, currencySchema)).data).toEqual(created);
      expect(await stored(created.id)).toBeUndefined();
      const again = await remove(created.id);
      await expectStatus(again, 404, API_ERRORS.notFound('Currency'));
    });

    it('refuses a currency used by charges and payment methods (409 naming them), deleting nothing', async () => {
      const etb = seeded('ETB');
      const chargeCount = (await api.database.db.select().from(charges).where(eq(charges.currencyId, etb)))
        .length;
      const methodCount = (await api.database.db.select().from(paymentMethods)).filter((p) =>
        p.supportedCurrencies.includes('ETB'),
      ).length;
      const before = await rowCount(api, currencies);
      const r = await remove(etb);
      await expectStatus(
        r,
        409,
        CATALOG_ERRORS.currencyInUse('ETB', [`${chargeCount} charges`, `${methodCount} payment methods`]),
      );
      expect(await rowCount(api, currencies)).toBe(before);
    });

    it('refuses a currency used only by a payment method, or only by a transaction', async () => {
      const { data: listed } = (await create(payload({ name_code: 'PMONLY' }))).body;
      await api.database.db.insert(paymentMethods).values({
        name: 'Uses PMONLY',
        type: 'CARD',
        code: 'PMONLY-CARD',
        url: 'https://x.example',
        logo: '/x.svg',
        accountNumberLength: 16,
        supportedCurrencies: ['PMONLY'],
      });
      const r1 = await remove(listed.id);
      await expectStatus(r1, 409, CATALOG_ERRORS.currencyInUse('PMONLY', ['1 payment method']));
      expect(await stored(listed.id)).toBeDefined();

      const { data: traded } = (await create(payload({ name_code: 'TXONLY' }))).body;
      await api.database.db.insert(transactions).values({
        txnRef: 'TX-CURRENCY-TEST',
        transactionDate: api.clock(),
        amount: '10',
        type: 'PAYMENT',
        status: 'SUCCESS',
        currencyId: traded.id,
      });
      const r2 = await remove(traded.id);
      await expectStatus(r2, 409, CATALOG_ERRORS.currencyInUse('TXONLY', ['1 transaction']));
      expect(await stored(traded.id)).toBeDefined();
    });
  });

  describe('permissions (create takes update-currency: spec §6 names no create permission)', () => {
    const newCurrency = async () => (await create(payload())).body.data.id;
    const calls: PermissionCase[] = [
      { name: 'GET /currencies', run: (t) => api.call(BASE, { token: t }), allowed: ['admin', 'support'] },
      {
        name: 'GET /currencies/{id}',
        run: (t) => api.call(`${BASE}/${seeded('EUR')}`, { token: t }),
        allowed: ['admin', 'support'],
      },
      {
        name: 'POST /currencies',
        run: (t) => jsonCall(api, 'POST', BASE, t, payload()),
        allowed: ['admin'],
      },
      {
        name: 'PUT /currencies/{id}',
        setup: newCurrency,
        run: async (t, id) => {
          const current = await stored(id);
          return jsonCall(api, 'PUT', `${BASE}/${id}`, t, payload({ name_code: current?.nameCode }));
        },
        allowed: ['admin'],
      },
      {
        name: 'DELETE /currencies/{id}',
        setup: newCurrency,
        run: (t, id) => jsonCall(api, 'DELETE', `${BASE}/${id}`, t),
        allowed: ['admin'],
      },
    ];
    // A renamed code is carried into payment methods' supported_currencies (a trigger).
    itEnforcesPermissions(() => api, [currencies, paymentMethods], calls);
  });
});
