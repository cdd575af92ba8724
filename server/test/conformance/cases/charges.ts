import { accountMappingSchema } from '@contract/account-mapping';
import { chargeSchema } from '@contract/charge';
import { PG_INTEGER_MAX } from '@contract/common';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { chargeOperations } from '@contract/operations/charges';
import { PERMISSIONS } from '@contract/permissions';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import {
  alsoPermittedCases,
  itemCases,
  listCases,
  malformedIdCases,
  refusalCases,
  unknownIdCases,
} from './helpers';
import { fails, made, ok, type Row, rowsOf, table } from './table';

const WALLET_FEE = 'charges/{charge:Wallet transaction fee}';
const REFUND_FEE = 'charges/{charge:Refund fee}';
const m = VALIDATION.charge;

/** Ranges as the API answers them: [min, max, charge] each. */
const ranges = (...rows: [string, string, string][]) =>
  rows.map(([min_amount, max_amount, charge_amount]) => ({ min_amount, max_amount, charge_amount }));

const ranged = {
  currency_id: '{currency:EUR}',
  name: 'Euro transfer fee',
  charge_time: 'TRANSACTION_FEE',
  charge_calculation_method: 'FLAT',
  amount: 7,
  is_range: true,
  charge_ranges: [
    { min_amount: 1, max_amount: 100, charge_amount: 2 },
    { min_amount: 101, max_amount: 1000, charge_amount: 5 },
  ],
  fee_on_date: '',
  fee_interval: '',
};

const page = pagedSchema(chargeSchema);
const NOT_FOUND = API_ERRORS.notFound('Charge');

const cases: ConformanceCase[] = [
  // GET charges: view-charge, or create-account-mapping (the mapping modal's dropdown)
  ...listCases(chargeOperations.list, { refused: 'nobody' }),
  ...table([
    ['admin GET charges?currency_id=nope', fails(400, `currency_id: ${API_ERRORS.queryUuid('currency_id')}`)],
    [
      'support GET charges?currency_id={currency:ETB}&page=1&limit=100',
      ok(page, { total: 5, total_pages: 1 }, (data) =>
        expect(
          new Set(rowsOf<{ currency: { name_code: string } }>(data).map((c) => c.currency.name_code)),
        ).toEqual(new Set(['ETB'])),
      ),
      { name: "one currency's charges, each with its currency" },
    ],
    [
      'finance GET charges?page=1&limit=100',
      ok(page, { total: 8 }),
      { name: 'create-account-mapping alone lists them (the mapping modal)' },
    ],
    [
      'admin GET charges?limit=2',
      ok(page, { total: 8, total_pages: 4 }, (data) =>
        expect(rowsOf<{ name: string }>(data).map((c) => c.name)).toEqual([
          'USD transfer fee',
          'Chargeback fee',
        ]),
      ),
      { name: 'newest first' },
    ],
    [
      'GET charges',
      ok(page, { total: 8 }),
      { name: 'view-charge alone lists them', as: { permissions: [PERMISSIONS.viewCharge] } },
    ],
  ]),
  ...alsoPermittedCases(chargeOperations.list, {
    query: { page: '1', limit: '100' },
    answer: ok(page, { total: 8 }),
    denied: PERMISSIONS.viewAccountMapping,
  }),

  // GET charges/{id}: view-charge only
  ...itemCases(chargeOperations.detail, { at: WALLET_FEE, refused: 'finance', message: NOT_FOUND }),
  ...table([
    [
      'support GET charges/{charge:Bank transfer fee}',
      ok(chargeSchema, {
        name: 'Bank transfer fee',
        charge_type: 'GATEWAY_CHARGE',
        charge_time: 'TRANSACTION_FEE',
        charge_calculation_method: 'FLAT',
        amount: '0',
        is_range: true,
        charge_ranges: ranges(
          ['1', '1000', '5'],
          ['1001', '10000', '15'],
          ['10001', '100000', '50'],
          ['100001', '1000000', '150'],
        ),
        fee_interval: null,
        currency: { id: '{currency:ETB}', name: 'Ethiopian Birr', name_code: 'ETB' },
      }),
    ],
  ]),

  // POST charges: create-charge
  ...refusalCases(chargeOperations.create, { body: ranged, refused: 'support' }),
  ...table([
    [
      'admin POST charges',
      fails(400, `name: ${m.name}; charge_time: ${m.chargeTime}; charge_ranges.0.max_amount: ${m.rangeTo}`),
      {
        name: 'names each broken field',
        body: {
          ...ranged,
          name: '',
          charge_time: null,
          charge_ranges: [{ min_amount: 5, max_amount: 5, charge_amount: 1 }],
        },
      },
    ],
    [
      'admin POST charges',
      fails(400, `charge_ranges.1.min_amount: ${m.rangeOrder}`),
      {
        name: 'ranges must not overlap',
        body: {
          ...ranged,
          charge_ranges: [
            { min_amount: 1, max_amount: 100, charge_amount: 2 },
            { min_amount: 100, max_amount: 200, charge_amount: 2 },
          ],
        },
      },
    ],
    [
      'admin POST charges',
      fails(400, `currency_id: ${CATALOG_ERRORS.unknownReference('currency')}`),
      { body: { ...ranged, currency_id: UNKNOWN_ID } },
    ],
    ...['1e5', '0x10', '1,000', 'NaN', -5].map(
      (fee_interval): Row => [
        'admin POST charges',
        fails(400, `fee_interval: ${m.feeInterval}`),
        { name: 'a fee interval is a whole number written in digits', body: { ...ranged, fee_interval } },
      ],
    ),
    [
      'admin POST charges',
      fails(400, `amount: ${VALIDATION.common.amountTooLarge('Amount')}`),
      {
        name: 'a huge percentage is too large, not a fault of the percent check',
        body: { ...ranged, is_range: false, charge_calculation_method: 'PERCENT', amount: 1.5e300 },
      },
    ],
    ...[1.5e300, '9'.repeat(40)].map(
      (fee_interval): Row => [
        'admin POST charges',
        fails(400, `fee_interval: ${VALIDATION.common.numberTooLarge('Fee interval', PG_INTEGER_MAX)}`),
        { body: { ...ranged, fee_interval } },
      ],
    ),
    ['admin GET charges', ok(page, { total: 8 }), { name: 'the refused creates wrote nothing' }],
    [
      'admin POST charges',
      made(
        chargeSchema,
        {
          name: 'Euro transfer fee',
          amount: '0',
          is_range: true,
          charge_ranges: ranges(['1', '100', '2'], ['101', '1000', '5']),
          fee_interval: null,
          currency: { id: '{currency:EUR}', name: 'Euro', name_code: 'EUR' },
        },
        (data) => expect((data as { fee_on_date: string }).fee_on_date).toMatch(/^\d{4}-\d{2}-\d{2}$/),
      ),
      { name: "a ranged charge's own amount is 0; fee_on_date defaults to the server's today", body: ranged },
    ],
    [
      'admin POST charges',
      made(chargeSchema, { amount: '7', is_range: false, charge_ranges: [] }),
      {
        name: 'not ranged: the ranges sent are dropped',
        body: { ...ranged, name: 'Euro flat fee', is_range: false },
      },
    ],
    [
      'admin GET charges?currency_id={currency:EUR}',
      {
        status: 200,
        data: page,
        match: { total: 2 },
        // Both made in the same instant on the server (its test clock stands still): their ids order them.
        check: (data) =>
          expect(
            rowsOf<{ name: string }>(data)
              .map((c) => c.name)
              .sort(),
          ).toEqual(['Euro flat fee', 'Euro transfer fee']),
      },
    ],
  ]),

  // PUT charges/{id}: update-charge
  ...refusalCases(chargeOperations.update, {
    at: WALLET_FEE,
    body: { ...ranged, currency_id: '{currency:ETB}' },
    refused: 'support',
  }),
  ...malformedIdCases(chargeOperations.update, { body: ranged }),
  ...unknownIdCases(chargeOperations.update, { body: ranged, message: NOT_FOUND }),
  ...table([
    [
      `admin PUT ${WALLET_FEE}`,
      fails(400, `currency_id: ${CATALOG_ERRORS.unknownReference('currency')}`),
      { body: { ...ranged, currency_id: UNKNOWN_ID } },
    ],
    [
      `admin PUT ${WALLET_FEE}`,
      fails(400, `amount: ${m.percentMax}`),
      { body: { ...ranged, charge_calculation_method: 'PERCENT', is_range: false, amount: 101 } },
    ],
    [
      `admin PUT ${WALLET_FEE}`,
      ok(chargeSchema, {
        id: '{charge:Wallet transaction fee}',
        name: 'Wallet fee, ranged',
        amount: '0',
        is_range: true,
        currency: { name_code: 'ETB' },
      }),
      { body: { ...ranged, currency_id: '{currency:ETB}', name: 'Wallet fee, ranged' } },
    ],
    [
      'admin GET account-mappings?limit=100',
      ok(pagedSchema(accountMappingSchema), null, async (data, context) => {
        const id = await context.resolve('{charge:Wallet transaction fee}');
        const mapping = rowsOf<{ charge_id: string | null; charge: unknown }>(data).find(
          (r) => r.charge_id === id,
        );
        expect(mapping?.charge).toEqual({
          name: 'Wallet fee, ranged',
          amount: '0.000000',
          is_range: true,
          charge_calculation_method: 'FLAT',
          currency: { name: 'Ethiopian Birr', name_code: 'ETB' },
        });
      }),
      { name: 'the mapping of the charge shows its new name, amount and kind' },
    ],
  ]),

  // DELETE charges/{id}: delete-charge; answers the deleted charge
  ...itemCases(chargeOperations.remove, { at: REFUND_FEE, refused: 'support', message: NOT_FOUND }),
  ...table([
    [
      `admin DELETE ${WALLET_FEE}`,
      fails(409, CATALOG_ERRORS.chargeInUse(1)),
      { name: 'an account mapping uses it' },
    ],
    [
      `admin DELETE ${REFUND_FEE}`,
      ok(chargeSchema, { id: '{charge:Refund fee}', name: 'Refund fee' }),
      { name: 'no mapping uses the refund fee' },
    ],
    [`admin DELETE ${REFUND_FEE}`, fails(404, NOT_FOUND)],
    [`admin GET ${REFUND_FEE}`, fails(404, NOT_FOUND)],
  ]),
];

export const chargeCases: ResourceCases = { resource: 'charges', cases };
