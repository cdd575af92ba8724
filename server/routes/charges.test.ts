import { type Charge, chargeSchema } from '@contract/charge';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountMappings, chargeRanges, charges } from '../db/schema';
import { describeApi, readEnvelope } from '../test/api';
import {
  itEnforcesPermissions,
  jsonCall,
  type PermissionCase,
  resourceCalls,
  rowCount,
  TWO_BANDS,
  UNKNOWN_ID,
} from '../test/catalog';
import { expectStatus, expectUnknownAndMalformedIds, newestFirstIds } from '../test/expect';

const BASE = '/api/v1/charges';
const listSchema = pagedSchema(chargeSchema);
const m = VALIDATION.charge;

describeApi('charges', { signIn: ['admin'] }, (api, signed) => {
  let etb: string;
  let usd: string;

  beforeAll(async () => {
    etb = api.catalog.currencies.find((c) => c.nameCode === 'ETB')?.id ?? '';
    usd = api.catalog.currencies.find((c) => c.nameCode === 'USD')?.id ?? '';
  });

  let sequence = 0;
  function flat(overrides: Record<string, unknown> = {}) {
    sequence += 1;
    return {
      currency_id: etb,
      name: `Flat fee ${sequence}`,
      charge_time: 'TRANSACTION_FEE',
      charge_calculation_method: 'FLAT',
      amount: '7.5',
      is_range: false,
      ...overrides,
    };
  }
  const ranged = (overrides: Record<string, unknown> = {}) =>
    flat({
      ...TWO_BANDS,
      ...overrides,
    });

  const { create, get, put, delete: remove, pagedIds } = resourceCalls(api, BASE, chargeSchema);
  async function counts() {
    return { charges: await rowCount(api, charges), ranges: await rowCount(api, chargeRanges) };
  }

  describe('POST /charges', () => {
    it('creates a flat charge: GATEWAY_CHARGE, fee_on_date today, currency embedded', async () => {
      const { response, body } = await create(flat({ fee_interval: '' }));
      expect(response.status).toBe(201);
      expect(body.data).toMatchObject({
        currency_id: etb,
        charge_type: 'GATEWAY_CHARGE',
        charge_time: 'TRANSACTION_FEE',
        charge_calculation_method: 'FLAT',
        amount: '7.5',
        is_range: false,
        charge_ranges: [],
        fee_on_date: api.clock().toISOString().slice(0, 10),
        fee_interval: null,
        currency: { id: etb, name: 'Ethiopian Birr', name_code: 'ETB' },
      });
      const detail = await get(body.data.id);
      expect((await readEnvelope(detail, chargeSchema)).data).toEqual(body.data);
    });

    it('keeps a given fee date and interval', async () => {
      const { body } = await create(
        flat({ fee_on_date: '2026-01-15', fee_interval: 30, charge_time: 'MONTHLY_FEE' }),
      );
      expect(body.data).toMatchObject({ fee_on_date: '2026-01-15', fee_interval: 30 });
    });

    it('creates a ranged charge with its ranges in the same transaction; its amount is 0', async () => {
      const before = await counts();
      const { response, body } = await create(ranged({ amount: '3' }));
      expect(response.status).toBe(201);
      expect(body.data.amount).toBe('0');
      expect(body.data.charge_ranges).toEqual([
        { min_amount: '1', max_amount: '100', charge_amount: '2' },
        { min_amount: '101', max_amount: '1000', charge_amount: '1.5' },
      ]);
      expect(await counts()).toEqual({ charges: before.charges + 1, ranges: before.ranges + 2 });
    });

    it('drops the ranges of a charge that is not ranged', async () => {
      const { body } = await create(
        flat({ charge_ranges: [{ min_amount: 5, max_amount: 1, charge_amount: 1 }] }),
      );
      expect(body.data.charge_ranges).toEqual([]);
    });

    it('refuses invalid fields naming each (spec §5 texts), writing nothing', async () => {
      const before = await counts();
      const cases: [Record<string, unknown>, string][] = [
        [
          {},
          [
            `currency_id: ${m.currency}`,
            `name: ${m.name}`,
            `charge_time: ${m.chargeTime}`,
            `charge_calculation_method: ${m.calculationMethod}`,
            `amount: ${m.amount}`,
            `is_range: ${m.rangeStatus}`,
          ].join('; '),
        ],
        [flat({ amount: -1 }), `amount: ${m.amount}`],
        [flat({ charge_calculation_method: 'PERCENT', amount: '100.5' }), `amount: ${m.percentMax}`],
        [flat({ charge_type: 'OTHER' }), `charge_type: ${m.chargeType}`],
        [flat({ fee_on_date: '2026-02-30' }), `fee_on_date: ${m.feeOnDate}`],
        [flat({ fee_interval: 0 }), `fee_interval: ${m.feeInterval}`],
        [ranged({ charge_ranges: [] }), `charge_ranges: ${m.rangesRequired}`],
        [
          ranged({ charge_ranges: [{ min_amount: 10, max_amount: 10, charge_amount: 1 }] }),
          `charge_ranges.0.max_amount: ${m.rangeTo}`,
        ],
        [
          ranged({
            charge_ranges: [
              { min_amount: 1, max_amount: 100, charge_amount: 1 },
              { min_amount: 100, max_amount: 200, charge_amount: 1 },
            ],
          }),
          `charge_ranges.1.min_amount: ${m.rangeOrder}`,
        ],
        [
          ranged({ charge_ranges: [{ min_amount: 1, max_amount: 100, charge_amount: 101 }] }),
          `charge_ranges.0.charge_amount: ${m.percentMax}`,
        ],
      ];
      for (const [body, message] of cases) {
        const r = await create(body);
        expect(r.response.status, JSON.stringify(body)).toBe(400);
        expect(r.body.errorMessage).toBe(message);
      }
      expect(await counts()).toEqual(before);
    });

    it('refuses ranges with a hole (a From more than 1 above the previous To), writing nothing', async () => {
      const before = await counts();
      const r = await create(
        ranged({
          charge_ranges: [
            { min_amount: 0, max_amount: 10, charge_amount: 1 },
            { min_amount: 500, max_amount: 1000, charge_amount: 1 },
          ],
        }),
      );
      expect(r.response.status).toBe(400);
      expect(r.body.errorMessage).toBe(`charge_ranges.1.min_amount: ${m.rangeGap}`);
      expect(await counts()).toEqual(before);
      // Up to 1 above it is contiguous: "previous To + 1", or one cent above for a currency with cents.
      const contiguous = await create(
        ranged({
          charge_ranges: [
            { min_amount: 0, max_amount: '10.5', charge_amount: 1 },
            { min_amount: '11.5', max_amount: 20, charge_amount: 1 },
            { min_amount: '20.01', max_amount: 30, charge_amount: 1 },
          ],
        }),
      );
      expect(contiguous.response.status).toBe(201);
    });

    it('refuses a JSON number with more than 15 digits (400 naming the field), writing nothing', async () => {
      const before = await counts();
      // JSON.stringify writes the double's shortest text: "12345678901234568", not what was meant.
      const body = JSON.stringify(flat()).replace('"amount":"7.5"', '"amount":12345678901234567.5');
      api.clock.advance(1000);
      const r = await api.call(BASE, {
        method: 'POST',
        token: signed.admin,
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      await expectStatus(r, 400, `amount: ${VALIDATION.common.amountAsString('Amount')}`);
      expect(await counts()).toEqual(before);
      // The same amount as a decimal string is kept to the last digit.
      const exact = await create(flat({ amount: '12345678901234567.5' }));
      expect(exact.response.status).toBe(201);
      expect(exact.body.data.amount).toBe('12345678901234567.5');
    });

    it('refuses an unknown currency with 400 naming currency_id', async () => {
      const before = await counts();
      const r = await create(ranged({ currency_id: UNKNOWN_ID }));
      expect(r.response.status).toBe(400);
      expect(r.body.errorMessage).toBe(`currency_id: ${CATALOG_ERRORS.unknownReference('currency')}`);
      expect(await counts()).toEqual(before);
    });
  });

  describe('GET /charges', () => {
    it('pages all charges newest first, each with its currency', async () => {
      const all = await api.database.db.select().from(charges);
      expect(await pagedIds(3, all.length)).toEqual(newestFirstIds(all));
    });

    it('lists one currency’s charges with currency_id, still paged', async () => {
      const r = await api.call(`${BASE}?currency_id=${usd}&limit=100`, { token: signed.admin });
      const { data } = await readEnvelope(r, listSchema);
      const inDb = await api.database.db.select().from(charges).where(eq(charges.currencyId, usd));
      expect(data.total).toBe(inDb.length);
      expect(data.contents.every((c) => c.currency.name_code === 'USD')).toBe(true);
      const seededRanged = data.contents.find((c: Charge) => c.name === 'USD transfer fee');
      expect(seededRanged?.charge_ranges.map((x) => x.min_amount)).toEqual(['1', '101', '1001']);
      const none = await api.call(`${BASE}?currency_id=${UNKNOWN_ID}`, { token: signed.admin });
      expect((await readEnvelope(none, listSchema)).data).toEqual({
        contents: [],
        total: 0,
        total_pages: 0,
      });
      const bad = await api.call(`${BASE}?currency_id=abc`, { token: signed.admin });
      await expectStatus(bad, 400, 'currency_id: currency_id must be a UUID');
    });
  });

  describe('GET /charges/{id}', () => {
    it('answers 404 for an unknown id, 400 for a malformed one', async () => {
      await expectUnknownAndMalformedIds(get, 'Charge', '1');
    });
  });

  describe('PUT /charges/{id}', () => {
    it('replaces the fields and all ranges', async () => {
      const { data: created } = (await create(ranged())).body;
      const threeRanges = ranged({
        name: 'Three bands',
        currency_id: usd,
        charge_ranges: [
          { min_amount: 0, max_amount: 10, charge_amount: 1 },
          { min_amount: 10.01, max_amount: 20, charge_amount: 2 },
          { min_amount: 20.01, max_amount: 30, charge_amount: 3 },
        ],
      });
      const r = await put(created.id, threeRanges);
      expect(r.status).toBe(200);
      const { data } = await readEnvelope(r, chargeSchema);
      expect(data).toMatchObject({ id: created.id, name: 'Three bands', currency: { name_code: 'USD' } });
      expect(data.charge_ranges.map((x) => x.max_amount)).toEqual(['10', '20', '30']);
      const stored = await api.database.db
        .select()
        .from(chargeRanges)
        .where(eq(chargeRanges.chargeId, created.id));
      expect(stored).toHaveLength(3);
      // Not Ranged: the ranges go.
      const flatAgain = await put(created.id, flat({ fee_on_date: '2025-05-05' }));
      const after = (await readEnvelope(flatAgain, chargeSchema)).data;
      expect(after).toMatchObject({
        is_range: false,
        charge_ranges: [],
        amount: '7.5',
        fee_on_date: '2025-05-05',
      });
      expect(
        await api.database.db.select().from(chargeRanges).where(eq(chargeRanges.chargeId, created.id)),
      ).toEqual([]);
    });

    it('refuses bad fields (400) and an unknown currency (400), leaving charge and ranges as they were', async () => {
      const { data: created } = (await create(ranged())).body;
      const overlap = ranged({
        charge_ranges: [
          { min_amount: 1, max_amount: 100, charge_amount: 1 },
          { min_amount: 50, max_amount: 200, charge_amount: 1 },
        ],
      });
      const bad = await put(created.id, overlap);
      await expectStatus(bad, 400, `charge_ranges.1.min_amount: ${m.rangeOrder}`);
      const hole = ranged({
        charge_ranges: [
          { min_amount: 1, max_amount: 100, charge_amount: 1 },
          { min_amount: 102, max_amount: 200, charge_amount: 1 },
        ],
      });
      const gap = await put(created.id, hole);
      await expectStatus(gap, 400, `charge_ranges.1.min_amount: ${m.rangeGap}`);
      const currency = await put(created.id, flat({ currency_id: UNKNOWN_ID }));
      await expectStatus(currency, 400, `currency_id: ${CATALOG_ERRORS.unknownReference('currency')}`);
      const detail = await get(created.id);
      expect((await readEnvelope(detail, chargeSchema)).data).toEqual(created);
    });

    it('answers 404 for an unknown id', async () => {
      const r = await put(UNKNOWN_ID, flat());
      await expectStatus(r, 404);
    });
  });

  describe('DELETE /charges/{id}', () => {
    it('deletes an unused charge with its ranges and answers it; again is 404', async () => {
      const { data: created } = (await create(ranged())).body;
      const before = await counts();
      const r = await remove(created.id);
      expect(r.status).toBe(200);
      expect((await readEnvelope(r, chargeSchema)).data).toEqual(created);
      expect(await counts()).toEqual({ charges: before.charges - 1, ranges: before.ranges - 2 });
      const again = await remove(created.id);
      await expectStatus(again, 404, API_ERRORS.notFound('Charge'));
    });

    it('refuses a charge used by account mappings (409), deleting nothing', async () => {
      const { data: created } = (await create(ranged())).body;
      const glAccountId = api.catalog.glAccounts[0]?.id ?? '';
      await api.database.db.insert(accountMappings).values([
        { financialAccountType: 'INCOME_FROM_CHARGE', glAccountId, chargeId: created.id },
        { financialAccountType: 'RECEIVE_CONTROL', glAccountId, chargeId: created.id },
      ]);
      const before = await counts();
      const r = await remove(created.id);
      await expectStatus(r, 409, CATALOG_ERRORS.chargeInUse(2));
      expect(await counts()).toEqual(before);
    });
  });

  describe('permissions', () => {
    // Ranged, so a refused PUT or DELETE that replaced or dropped its bands would show.
    const newCharge = async () => (await create(ranged())).body.data.id;
    const calls: PermissionCase[] = [
      {
        name: 'GET /charges',
        run: (t) => api.call(BASE, { token: t }),
        // finance lacks view-charge but holds create-account-mapping, whose modal lists these.
        allowed: ['admin', 'support', 'finance'],
      },
      {
        name: 'GET /charges/{id}',
        setup: newCharge,
        run: (t, id) => api.call(`${BASE}/${id}`, { token: t }),
        allowed: ['admin', 'support'],
      },
      { name: 'POST /charges', run: (t) => jsonCall(api, 'POST', BASE, t, ranged()), allowed: ['admin'] },
      {
        name: 'PUT /charges/{id}',
        setup: newCharge,
        run: (t, id) => jsonCall(api, 'PUT', `${BASE}/${id}`, t, flat()),
        allowed: ['admin'],
      },
      {
        name: 'DELETE /charges/{id}',
        setup: newCharge,
        run: (t, id) => jsonCall(api, 'DELETE', `${BASE}/${id}`, t),
        allowed: ['admin'],
      },
    ];
    itEnforcesPermissions(() => api, [charges, chargeRanges], calls);
  });
});
