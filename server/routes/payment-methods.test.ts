import { pagedSchema } from '@contract/envelope';
import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { paymentMethodSchema } from '@contract/payment-method';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentMethods } from '../db/schema';
import { describeApi, readEnvelope } from '../test/api';
import {
  itEnforcesPermissions,
  jsonCall,
  type PermissionCase,
  paymentMethodBody,
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

const BASE = '/api/v1/payment-methods';
const listSchema = pagedSchema(paymentMethodSchema);
const m = VALIDATION.paymentMethod;

const payload = (overrides: Record<string, unknown> = {}) => paymentMethodBody('Test Bank', 'TB', overrides);

describeApi('payment methods', { signIn: ['admin'] }, (api, signed) => {
  const { create, get, put, list, pagedIds } = resourceCalls(api, BASE, paymentMethodSchema);

  async function stored(id: string) {
    const [row] = await api.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
    return row;
  }

  describe('POST /payment-methods', () => {
    it('creates an ACTIVE method, normalising the currency codes', async () => {
      const before = await rowCount(api, paymentMethods);
      const { response, body } = await create(payload({ supported_currencies: [' usd', 'ETB', 'USD'] }));
      expect(response.status).toBe(201);
      expect(body.data).toMatchObject({
        type: 'BANK',
        account_number_length: 13,
        supported_currencies: ['USD', 'ETB'],
        status: 'ACTIVE',
        created_at: api.clock().toISOString(),
      });
      expect(await rowCount(api, paymentMethods)).toBe(before + 1);
      const detail = await get(body.data.id);
      expect((await readEnvelope(detail, paymentMethodSchema)).data).toEqual(body.data);
    });

    it('refuses an empty body with the spec §5 message of each field, writing nothing', async () => {
      const before = await rowCount(api, paymentMethods);
      const { response, body } = await create({});
      expect(response.status).toBe(400);
      expect(body.errorMessage).toBe(
        [
          `name: ${m.name}`,
          `type: ${m.type}`,
          `url: ${m.url}`,
          `logo: ${m.logo}`,
          `code: ${m.code}`,
          `account_number_length: ${m.accountNumberLengthRequired}`,
          `supported_currencies: ${m.supportedCurrencies}`,
        ].join('; '),
      );
      const zero = await create(payload({ account_number_length: 0, supported_currencies: [] }));
      expect(zero.body.errorMessage).toBe(
        `account_number_length: ${m.accountNumberLengthPositive}; supported_currencies: ${m.supportedCurrencies}`,
      );
      const notJson = await api.call(BASE, { method: 'POST', token: signed.admin, body: 'name=x' });
      await expectStatus(notJson, 400, API_ERRORS.bodyObject);
      expect(await rowCount(api, paymentMethods)).toBe(before);
    });

    it('refuses currency codes that name no currency (400 naming supported_currencies)', async () => {
      const before = await rowCount(api, paymentMethods);
      const { response, body } = await create(payload({ supported_currencies: ['ETB', 'XYZ', 'ABC'] }));
      expect(response.status).toBe(400);
      expect(body.errorMessage).toBe(
        `supported_currencies: ${CATALOG_ERRORS.unknownCurrencyCodes(['XYZ', 'ABC'])}`,
      );
      expect(await rowCount(api, paymentMethods)).toBe(before);
    });

    it('refuses a URL that is not a web address and a logo the console cannot show (400 naming each)', async () => {
      const before = await rowCount(api, paymentMethods);
      const refusals: [Record<string, unknown>, string][] = [
        [
          { url: 'not a url', logo: 'https://zemenbank.com/logo.png' },
          `url: ${m.urlInvalid}; logo: ${m.logoNotShown}`,
        ],
        [{ url: 'javascript:alert(1)' }, `url: ${m.urlInvalid}`],
        [{ logo: '//cdn.example/logo.png' }, `logo: ${m.logoNotShown}`],
      ];
      for (const [overrides, message] of refusals) {
        const { response, body } = await create(payload(overrides));
        expect(response.status).toBe(400);
        expect(body.errorMessage).toBe(message);
      }
      expect(await rowCount(api, paymentMethods)).toBe(before);
    });

    it('refuses a duplicate code with 409, also under concurrent creates', async () => {
      const first = await create(payload({ code: 'DUP-1' }));
      expect(first.response.status).toBe(201);
      // The seed's own codes count too.
      const seededCode = {
        body: payload({ code: 'CBE' }),
        message: CATALOG_ERRORS.paymentMethodCodeTaken('CBE'),
      };
      const before = await rowCount(api, paymentMethods);
      expect((await create(seededCode.body)).response.status).toBe(409);
      const taken = {
        body: payload({ code: 'DUP-1' }),
        message: CATALOG_ERRORS.paymentMethodCodeTaken('DUP-1'),
      };
      await expectUniqueOnCreate(api, paymentMethods, create, taken, () => payload({ code: 'RACE-1' }), 3);
      expect(await rowCount(api, paymentMethods)).toBe(before + 1);
    });
  });

  describe('GET /payment-methods', () => {
    it('lists newest first with totals, and pages through everything once', async () => {
      const all = await api.database.db.select().from(paymentMethods);
      const { data } = await readEnvelope(await api.call(BASE, { token: signed.admin }), listSchema);
      expect(data.total).toBe(all.length);
      expect(data.total_pages).toBe(Math.ceil(all.length / 10));
      const expected = newestFirstIds(all);
      expect(data.contents.map((p) => p.id)).toEqual(expected.slice(0, 10));
      expect(await pagedIds(4, all.length)).toEqual(expected);
    });

    it('searches name and code, case-insensitively', async () => {
      const codes = async (term: string) => {
        const { body } = await list(`?limit=100&search_term=${encodeURIComponent(term)}`);
        return body.data.contents.map((p) => p.code).sort();
      };
      expect(await codes('awash')).toEqual(['AWASH']);
      expect(await codes('cbe')).toEqual(['CBE', 'CBEBIRR']);
      expect(await codes('  TELEBirr ')).toEqual(['TELEBIRR']);
      expect(await codes('nothing like this')).toEqual([]);
    });

    it('refuses a bad limit naming it', async () => {
      const r = await api.call(`${BASE}?limit=0`, { token: signed.admin });
      await expectStatus(r, 400, 'limit: limit must be an integer from 1 to 100');
    });
  });

  describe('GET /payment-methods/{id}', () => {
    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      await expectUnknownAndMalformedIds(get, 'Payment method', 'nope');
    });
  });

  describe('PUT /payment-methods/{id}', () => {
    it('replaces the fields and keeps the status', async () => {
      const { data: created } = (await create(payload())).body;
      await jsonCall(api, 'POST', `${BASE}/${created.id}?command=deactivate`, signed.admin);
      const change = payload({
        code: created.code,
        name: 'Renamed',
        type: 'WALLET',
        supported_currencies: ['usd'],
      });
      const r = await put(created.id, change);
      expect(r.status).toBe(200);
      const { data } = await readEnvelope(r, paymentMethodSchema);
      expect(data).toEqual({
        ...created,
        name: 'Renamed',
        type: 'WALLET',
        supported_currencies: ['USD'],
        status: 'INACTIVE',
      });
    });

    it('refuses another method’s code (409), unknown currencies (400), bad fields (400), unchanged', async () => {
      const { data: created } = (await create(payload())).body;
      const before = await stored(created.id);
      const taken = await put(created.id, payload({ code: 'AWASH' }));
      await expectStatus(taken, 409, CATALOG_ERRORS.paymentMethodCodeTaken('AWASH'));
      const currency = await put(created.id, payload({ code: created.code, supported_currencies: ['GBP'] }));
      await expectStatus(
        currency,
        400,
        `supported_currencies: ${CATALOG_ERRORS.unknownCurrencyCodes(['GBP'])}`,
      );
      const invalid = await put(created.id, payload({ name: '  ' }));
      await expectStatus(invalid, 400, `name: ${m.name}`);
      const address = await put(created.id, payload({ code: created.code, url: 'not a url' }));
      await expectStatus(address, 400, `url: ${m.urlInvalid}`);
      const logo = await put(created.id, payload({ code: created.code, logo: 'https://cdn.example/l.png' }));
      await expectStatus(logo, 400, `logo: ${m.logoNotShown}`);
      expect(await stored(created.id)).toEqual(before);
    });

    it('answers 404 for an unknown id', async () => {
      const before = await rowCount(api, paymentMethods);
      const r = await put(UNKNOWN_ID, payload());
      await expectStatus(r, 404, API_ERRORS.notFound('Payment method'));
      expect(await rowCount(api, paymentMethods)).toBe(before);
    });
  });

  describe('POST /payment-methods/{id}?command=', () => {
    async function command(id: string, name: string, token = signed.admin) {
      const response = await jsonCall(api, 'POST', `${BASE}/${id}?command=${name}`, token);
      return { response, body: await readEnvelope(response, paymentMethodSchema) };
    }

    it('deactivates and activates; a repeated command is 409 and changes nothing', async () => {
      const { data: created } = (await create(payload())).body;
      const off = await command(created.id, 'deactivate');
      expect(off.response.status).toBe(200);
      expect(off.body.data.status).toBe('INACTIVE');
      const again = await command(created.id, 'deactivate');
      expect(again.response.status).toBe(409);
      expect(again.body.errorMessage).toBe(CATALOG_ERRORS.alreadyInStatus('Payment method', 'INACTIVE'));
      expect((await stored(created.id))?.status).toBe('INACTIVE');
      const on = await command(created.id, 'activate');
      expect(on.body.data.status).toBe('ACTIVE');
      const twice = await command(created.id, 'activate');
      expect(twice.response.status).toBe(409);
      expect(twice.body.errorMessage).toBe(CATALOG_ERRORS.alreadyInStatus('Payment method', 'ACTIVE'));
    });

    it('lets only one of two concurrent identical commands apply', async () => {
      const { data: created } = (await create(payload())).body;
      const results = await Promise.all([
        command(created.id, 'deactivate'),
        command(created.id, 'deactivate'),
      ]);
      expect(results.map((r) => r.response.status).sort()).toEqual([200, 409]);
    });

    it('refuses a bad command (400), an unknown id (404)', async () => {
      const { data: created } = (await create(payload())).body;
      for (const bad of ['', 'enable', 'ACTIVATE']) {
        const r = await command(created.id, bad);
        expect(r.response.status).toBe(400);
        expect(r.body.errorMessage).toBe('command: command must be one of activate, deactivate');
      }
      expect((await stored(created.id))?.status).toBe('ACTIVE');
      expect((await command(UNKNOWN_ID, 'activate')).response.status).toBe(404);
    });
  });

  describe('permissions', () => {
    const newMethod = async () => (await create(payload())).body.data.id;
    const calls: PermissionCase[] = [
      {
        name: 'GET /payment-methods',
        run: (t) => api.call(BASE, { token: t }),
        // finance lacks view-payment-method but holds create-account-mapping, whose modal lists these.
        allowed: ['admin', 'support', 'finance'],
      },
      {
        name: 'GET /payment-methods/{id}',
        run: (t) => api.call(`${BASE}/${api.catalog.paymentMethods[0]?.id}`, { token: t }),
        allowed: ['admin', 'support'],
      },
      {
        name: 'POST /payment-methods',
        run: (t) => jsonCall(api, 'POST', BASE, t, payload()),
        allowed: ['admin'],
      },
      {
        name: 'PUT /payment-methods/{id}',
        setup: newMethod,
        run: async (t, id) => {
          const current = await stored(id);
          return jsonCall(api, 'PUT', `${BASE}/${id}`, t, payload({ code: current?.code }));
        },
        allowed: ['admin'],
      },
      {
        name: 'POST /payment-methods/{id}?command=',
        setup: newMethod,
        run: (t, id) => jsonCall(api, 'POST', `${BASE}/${id}?command=deactivate`, t),
        allowed: ['admin'],
      },
    ];
    itEnforcesPermissions(() => api, [paymentMethods], calls);
  });
});
