import { accountMappingSchema } from '@contract/account-mapping';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS, LEDGER_ERRORS, VALIDATION } from '@contract/messages';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountMappings } from '../db/schema';
import { describeApi, readEnvelope } from '../test/api';
import { expectStatus, expectUnknownAndMalformedIds } from '../test/expect';
import { noPermissionToken } from '../test/ledger';

const BASE = '/api/v1/account-mappings';
const listSchema = pagedSchema(accountMappingSchema);
const createdSchema = v.array(accountMappingSchema);
const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111';
const m = VALIDATION.accountMapping;

describeApi('account mappings', { signIn: ['admin', 'support', 'finance'] }, (api, signed) => {
  let nobody: string;

  const glId = (name: string) => {
    const id = api.catalog.glAccounts.find((g) => g.name === name)?.id;
    if (!id) throw new Error(`no GL account ${name}`);
    return id;
  };
  const method = (index: number) => {
    const found = api.catalog.paymentMethods[index];
    if (!found) throw new Error(`no payment method ${index}`);
    return found;
  };
  const charge = (index: number) => {
    const found = api.catalog.charges[index];
    if (!found) throw new Error(`no charge ${index}`);
    return found;
  };

  beforeAll(async () => {
    nobody = await noPermissionToken(api);
  });

  async function list(query: string, token = signed.admin) {
    const response = await api.call(`${BASE}${query}`, { token });
    return { response, body: await readEnvelope(response, listSchema) };
  }

  function post(body: unknown, token = signed.admin) {
    return api.call(BASE, {
      method: 'POST',
      token,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async function mappingCount() {
    return (await api.database.db.select({ id: accountMappings.id }).from(accountMappings)).length;
  }

  describe('GET /account-mappings', () => {
    it('answers every seeded mapping in the contract shape, newest first, paged without overlap', async () => {
      const total = api.catalog.accountMappings.length;
      const { response, body } = await list('?limit=100');
      expect(response.status).toBe(200);
      expect(body.data.total).toBe(total);
      const all = body.data.contents;
      const times = all.map((a) => a.created_at);
      expect([...times].sort().reverse()).toEqual(times);
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(total / 3); page++) {
        const { body: paged } = await list(`?limit=3&page=${page}`);
        expect(paged.data.total_pages).toBe(Math.ceil(total / 3));
        seen.push(...paged.data.contents.map((a) => a.id));
      }
      expect(seen).toEqual(all.map((a) => a.id));
    });

    it('joins the GL account, payment method and charge (with its currency), or null', async () => {
      const all = (await list('?limit=100')).body.data.contents;
      const general = all.find(
        (a) => a.financial_account_type === 'RECEIVE_REFERENCE' && !a.payment_method_id,
      );
      expect(general).toMatchObject({
        payment_method: null,
        payment_method_id: null,
        charge: null,
        charge_id: null,
        gl_account: { name: 'Customer Payment References' },
      });
      const byMethod = all.find((a) => a.payment_method_id === method(0).id);
      expect(byMethod?.payment_method).toEqual({ name: method(0).name });
      const byCharge = all.find((a) => a.charge_id !== null);
      expect(byCharge?.charge).toEqual({
        name: expect.any(String),
        amount: expect.stringMatching(/^\d+\.\d{6}$/),
        is_range: expect.any(Boolean),
        charge_calculation_method: expect.stringMatching(/^(PERCENT|FLAT)$/),
        currency: { name: expect.any(String), name_code: expect.any(String) },
      });
    });

    it('searches GL account name, payment method name and financial account type', async () => {
      const search = async (term: string) =>
        (await list(`?limit=100&search_term=${encodeURIComponent(term)}`)).body.data.contents;
      const byType = await search('income_from');
      expect(byType.length).toBeGreaterThan(0);
      expect(byType.every((a) => a.financial_account_type === 'INCOME_FROM_CHARGE')).toBe(true);
      const byGl = await search('transfers in susp');
      expect(byGl.map((a) => a.gl_account.name)).toEqual(['Transfers in Suspense']);
      const byMethod = await search(method(1).name.toUpperCase());
      expect(byMethod.length).toBeGreaterThan(0);
      expect(byMethod.every((a) => a.payment_method?.name === method(1).name)).toBe(true);
      expect((await list('?search_term=nothing-like-this')).body.data).toEqual({
        contents: [],
        total: 0,
        total_pages: 0,
      });
    });

    it('accepts and ignores status; a bad status or limit is a 400 naming the field', async () => {
      const all = (await list('')).body.data.total;
      expect((await list('?status=INACTIVE')).body.data.total).toBe(all);
      expect((await list('?status=ACTIVE')).body.data.total).toBe(all);
      const bad = await list('?status=GONE');
      expect(bad.response.status).toBe(400);
      expect(bad.body.errorMessage).toMatch(/^status: /);
      const badLimit = await list('?limit=0');
      expect(badLimit.body.errorMessage).toBe('limit: limit must be an integer from 1 to 100');
    });
  });

  describe('GET /account-mappings/{id}', () => {
    it('answers the mapping as the list does', async () => {
      const first = (await list('')).body.data.contents[0];
      if (!first) throw new Error('no mapping');
      const response = await api.call(`${BASE}/${first.id}`, { token: signed.support });
      expect(response.status).toBe(200);
      expect((await readEnvelope(response, accountMappingSchema)).data).toEqual(first);
    });

    it('answers 404, 400 for a malformed id, 401 without a token', async () => {
      await expectUnknownAndMalformedIds(
        (id) => api.call(`${BASE}/${id}`, { token: signed.admin }),
        'Account mapping',
      );
      const anonymous = await api.call(`${BASE}/${UNKNOWN_ID}`);
      await expectStatus(anonymous, 401);
    });
  });

  describe('POST /account-mappings', () => {
    it('creates every item in one go and answers them in the order sent', async () => {
      const before = await mappingCount();
      const response = await post([
        {
          financial_account_type: 'RECEIVE_CONTROL',
          gl_account_id: glId('Settlement Bank Accounts'),
          payment_method_id: method(0).id,
          charge_id: '',
        },
        {
          financial_account_type: 'INCOME_FROM_CHARGE',
          gl_account_id: glId('Gateway Fee Income').toUpperCase(),
          payment_method_id: null,
          charge_id: charge(0).id,
        },
        { financial_account_type: 'TRANSFER_SUSPENSE', gl_account_id: glId('Transfers in Suspense') },
      ]);
      expect(response.status).toBe(201);
      const { data } = await readEnvelope(response, createdSchema);
      expect(data.map((a) => a.financial_account_type)).toEqual([
        'RECEIVE_CONTROL',
        'INCOME_FROM_CHARGE',
        'TRANSFER_SUSPENSE',
      ]);
      expect(data[0]).toMatchObject({
        payment_method_id: method(0).id,
        payment_method: { name: method(0).name },
        charge: null,
        gl_account: { name: 'Settlement Bank Accounts' },
      });
      expect(data[1]).toMatchObject({ gl_account_id: glId('Gateway Fee Income'), charge_id: charge(0).id });
      expect(data[1]?.charge?.currency.name).toEqual(expect.any(String));
      expect(data[2]).toMatchObject({
        payment_method: null,
        charge: null,
        payment_method_id: null,
        charge_id: null,
      });
      expect(await mappingCount()).toBe(before + 3);
      for (const created of data) {
        const detail = await api.call(`${BASE}/${created.id}`, { token: signed.admin });
        expect((await readEnvelope(detail, accountMappingSchema)).data).toEqual(created);
      }
    });

    it('lets signed.finance create', async () => {
      const response = await post(
        [
          {
            financial_account_type: 'RECEIVE_REFERENCE',
            gl_account_id: glId('Customer Payment References'),
          },
        ],
        signed.finance,
      );
      expect(response.status).toBe(201);
      expect((await readEnvelope(response, createdSchema)).data).toHaveLength(1);
    });

    it('accepts an item whose type, payment method and charge a stored mapping has: it supersedes that one', async () => {
      const before = await mappingCount();
      // The seed's general RECEIVE_CONTROL, to another GL account: staff re-map a type this way.
      const response = await post([
        { financial_account_type: 'RECEIVE_CONTROL', gl_account_id: glId('Owner Equity') },
      ]);
      expect(response.status).toBe(201);
      expect(await mappingCount()).toBe(before + 1);
      const [created] = (await readEnvelope(response, createdSchema)).data;
      // Newest first: the list shows the superseding mapping above the seed's.
      const { body } = await list('?page=1&limit=100&search_term=RECEIVE_CONTROL');
      const rows = body.data.contents.filter((m) => m.payment_method_id === null && m.charge_id === null);
      expect(rows.map((m) => m.gl_account.name)).toEqual(['Owner Equity', 'Gateway Receivables Control']);
      expect(rows[0]?.id).toBe(created?.id);
      // The new one is in force; the seed's is kept as history, marked superseded.
      expect(created?.in_force).toBe(true);
      expect(rows.map((m) => m.in_force)).toEqual([true, false]);
      const superseded = await api.call(`${BASE}/${rows[1]?.id}`, { token: signed.admin });
      expect((await readEnvelope(superseded, accountMappingSchema)).data.in_force).toBe(false);
      // Per key, exactly the newest is in force (the list is newest first).
      const seen = new Set<string>();
      for (const m of body.data.contents) {
        const key = `${m.financial_account_type}|${m.payment_method_id}|${m.charge_id}`;
        expect(m.in_force, key).toBe(!seen.has(key));
        seen.add(key);
      }
      expect(seen.size).toBeGreaterThan(1);
    });

    it('refuses with 400 an item repeating an earlier item of the list, naming both, writing nothing', async () => {
      const before = await mappingCount();
      const item = (gl: string, extra: Record<string, unknown> = {}) => ({
        financial_account_type: 'TRANSFER_SUSPENSE',
        gl_account_id: glId(gl),
        payment_method_id: method(3).id,
        charge_id: charge(2).id,
        ...extra,
      });
      const general = { financial_account_type: 'RECEIVE_REFERENCE', charge_id: null };
      const response = await post([
        item('Transfers in Suspense'),
        item('Owner Equity', { financial_account_type: 'LIABILITY_TRANSFER' }),
        // Another GL account does not make another key; nor do capitals in an id.
        item('Owner Equity', { payment_method_id: method(3).id.toUpperCase() }),
        { ...general, payment_method_id: '', gl_account_id: glId('Owner Equity') },
        { ...general, payment_method_id: null, gl_account_id: glId('Customer Payment References') },
      ]);
      await expectStatus(
        response,
        400,
        [
          `[2].financial_account_type: ${LEDGER_ERRORS.accountMappingRepeated('TRANSFER_SUSPENSE', 0)}`,
          // '' and null are both "no payment method".
          `[4].financial_account_type: ${LEDGER_ERRORS.accountMappingRepeated('RECEIVE_REFERENCE', 3)}`,
        ].join('; '),
      );
      expect(await mappingCount()).toBe(before);
    });

    it('refuses the whole list when one item names an unknown or inactive reference', async () => {
      const before = await mappingCount();
      const good = { financial_account_type: 'RECEIVE_CONTROL', gl_account_id: glId('Owner Equity') };
      // Another key, so that no list below repeats one.
      const other = { ...good, financial_account_type: 'RECEIVE_REFERENCE' };
      const cases: [unknown[], string][] = [
        [
          [good, other, { ...good, gl_account_id: UNKNOWN_ID, financial_account_type: 'TRANSFER_SUSPENSE' }],
          `[2].gl_account_id: ${API_ERRORS.notFound('Gl account')}`,
        ],
        [
          [{ ...good, gl_account_id: glId('Legacy Clearing Account') }, other],
          `[0].gl_account_id: ${LEDGER_ERRORS.glAccountInactive}`,
        ],
        [
          [good, { ...good, payment_method_id: UNKNOWN_ID }, { ...good, charge_id: UNKNOWN_ID }],
          `[1].payment_method_id: ${API_ERRORS.notFound('Payment method')}; [2].charge_id: ${API_ERRORS.notFound('Charge')}`,
        ],
      ];
      for (const [body, message] of cases) {
        const response = await post(body);
        await expectStatus(response, 400, message);
      }
      expect(await mappingCount()).toBe(before);
    });

    it('answers 400 with the spec §5 messages naming the item and field', async () => {
      const before = await mappingCount();
      const good = { financial_account_type: 'RECEIVE_CONTROL', gl_account_id: glId('Owner Equity') };
      const cases: [unknown, string][] = [
        [[good, { ...good, gl_account_id: '' }], `[1].gl_account_id: ${m.glAccount}`],
        [
          [{ ...good, financial_account_type: null }],
          `[0].financial_account_type: ${m.financialAccountType}`,
        ],
        [
          [{ ...good, financial_account_type: 'ASSET' }],
          `[0].financial_account_type: ${m.financialAccountType}`,
        ],
        [[{}], `[0].financial_account_type: ${m.financialAccountType}; [0].gl_account_id: ${m.glAccount}`],
        [[{ ...good, charge_id: 'x' }], '[0].charge_id: charge_id must be a UUID'],
        [[], m.atLeastOne],
        [good, m.atLeastOne],
        [Array.from({ length: 101 }, () => good), m.tooMany],
      ];
      for (const [body, message] of cases) {
        const response = await post(body);
        await expectStatus(response, 400, message);
      }
      expect(await mappingCount()).toBe(before);
    });

    it('answers 401 without a token and 403 without create-account-mapping', async () => {
      const before = await mappingCount();
      const body = [{ financial_account_type: 'RECEIVE_CONTROL', gl_account_id: glId('Owner Equity') }];
      const anonymous = await api.call(BASE, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      await expectStatus(anonymous, 401);
      for (const token of [signed.support, nobody]) {
        const response = await post(body, token);
        await expectStatus(response, 403, API_ERRORS.forbidden);
      }
      expect(await mappingCount()).toBe(before);
    });
  });

  it('answers 403 on the list and detail to a user without view-account-mapping', async () => {
    expect((await list('', nobody)).response.status).toBe(403);
    const detail = await api.call(`${BASE}/${UNKNOWN_ID}`, { token: nobody });
    await expectStatus(detail, 403);
    expect((await list('', signed.support)).response.status).toBe(200);
    const anonymous = await api.call(BASE);
    await expectStatus(anonymous, 401);
  });
});
