import { accountMappingSchema } from '@contract/account-mapping';
import { chargeSchema } from '@contract/charge';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import { ID_NOT_UUID, LIMIT_TOO_LARGE, refusals, rowsOf } from './helpers';

const page = pagedSchema(chargeSchema);
const NOT_FOUND = API_ERRORS.notFound('Charge');
const WALLET_FEE = 'charges/{charge:Wallet transaction fee}';
const REFUND_FEE = 'charges/{charge:Refund fee}';
const m = VALIDATION.charge;

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

const cases: ConformanceCase[] = [
  // GET charges: view-charge, or create-account-mapping (the mapping modal's dropdown)
  ...refusals({ method: 'GET', path: 'charges' }, 'nobody'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'charges', query: { limit: '500' } },
    expect: { status: 400, message: LIMIT_TOO_LARGE },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'charges', query: { currency_id: 'nope' } },
    expect: { status: 400, message: `currency_id: ${API_ERRORS.queryUuid('currency_id')}` },
  },
  {
    name: "one currency's charges, each with its currency",
    role: 'support',
    request: {
      method: 'GET',
      path: 'charges',
      query: { currency_id: '{currency:ETB}', page: '1', limit: '100' },
    },
    expect: {
      status: 200,
      data: page,
      match: { total: 5, total_pages: 1 },
      check: (data) =>
        expect(
          new Set(rowsOf<{ currency: { name_code: string } }>(data).map((c) => c.currency.name_code)),
        ).toEqual(new Set(['ETB'])),
    },
  },
  {
    name: 'create-account-mapping alone lists them (the mapping modal)',
    role: 'finance',
    request: { method: 'GET', path: 'charges', query: { page: '1', limit: '100' } },
    expect: { status: 200, data: page, match: { total: 8 } },
  },
  {
    name: 'newest first',
    role: 'admin',
    request: { method: 'GET', path: 'charges', query: { limit: '2' } },
    expect: {
      status: 200,
      data: page,
      match: { total: 8, total_pages: 4 },
      check: (data) =>
        expect(rowsOf<{ name: string }>(data).map((c) => c.name)).toEqual([
          'USD transfer fee',
          'Chargeback fee',
        ]),
    },
  },

  {
    name: 'view-charge alone lists them',
    role: { permissions: [PERMISSIONS.viewCharge] },
    request: { method: 'GET', path: 'charges' },
    expect: { status: 200, data: page, match: { total: 8 } },
  },
  {
    name: 'create-account-mapping alone lists them',
    role: { permissions: [PERMISSIONS.createAccountMapping] },
    request: { method: 'GET', path: 'charges', query: { page: '1', limit: '100' } },
    expect: { status: 200, data: page, match: { total: 8 } },
  },
  {
    name: 'view-account-mapping does not',
    role: { permissions: [PERMISSIONS.viewAccountMapping] },
    request: { method: 'GET', path: 'charges' },
    expect: { status: 403, message: API_ERRORS.forbidden },
  },

  // GET charges/{id}: view-charge only
  ...refusals({ method: 'GET', path: WALLET_FEE }, 'finance'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'charges/nope' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `charges/${UNKNOWN_ID}` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'support',
    request: { method: 'GET', path: 'charges/{charge:Bank transfer fee}' },
    expect: {
      status: 200,
      data: chargeSchema,
      match: {
        name: 'Bank transfer fee',
        charge_type: 'GATEWAY_CHARGE',
        charge_time: 'TRANSACTION_FEE',
        charge_calculation_method: 'FLAT',
        amount: '0',
        is_range: true,
        charge_ranges: [
          { min_amount: '1', max_amount: '1000', charge_amount: '5' },
          { min_amount: '1001', max_amount: '10000', charge_amount: '15' },
          { min_amount: '10001', max_amount: '100000', charge_amount: '50' },
          { min_amount: '100001', max_amount: '1000000', charge_amount: '150' },
        ],
        fee_interval: null,
        currency: { id: '{currency:ETB}', name: 'Ethiopian Birr', name_code: 'ETB' },
      },
    },
  },

  // POST charges: create-charge
  ...refusals({ method: 'POST', path: 'charges', body: ranged }, 'support'),
  {
    name: 'names each broken field',
    role: 'admin',
    request: {
      method: 'POST',
      path: 'charges',
      body: {
        ...ranged,
        name: '',
        charge_time: null,
        charge_ranges: [{ min_amount: 5, max_amount: 5, charge_amount: 1 }],
      },
    },
    expect: {
      status: 400,
      message: `name: ${m.name}; charge_time: ${m.chargeTime}; charge_ranges.0.max_amount: ${m.rangeTo}`,
    },
  },
  {
    name: 'ranges must not overlap',
    role: 'admin',
    request: {
      method: 'POST',
      path: 'charges',
      body: {
        ...ranged,
        charge_ranges: [
          { min_amount: 1, max_amount: 100, charge_amount: 2 },
          { min_amount: 100, max_amount: 200, charge_amount: 2 },
        ],
      },
    },
    expect: { status: 400, message: `charge_ranges.1.min_amount: ${m.rangeOrder}` },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: 'charges', body: { ...ranged, currency_id: UNKNOWN_ID } },
    expect: { status: 400, message: `currency_id: ${CATALOG_ERRORS.unknownReference('currency')}` },
  },
  {
    name: 'the refused creates wrote nothing',
    role: 'admin',
    request: { method: 'GET', path: 'charges' },
    expect: { status: 200, data: page, match: { total: 8 } },
  },
  {
    name: "a ranged charge's own amount is 0; fee_on_date defaults to the server's today",
    role: 'admin',
    request: { method: 'POST', path: 'charges', body: ranged },
    expect: {
      status: 201,
      data: chargeSchema,
      match: {
        name: 'Euro transfer fee',
        amount: '0',
        is_range: true,
        charge_ranges: [
          { min_amount: '1', max_amount: '100', charge_amount: '2' },
          { min_amount: '101', max_amount: '1000', charge_amount: '5' },
        ],
        fee_interval: null,
        currency: { id: '{currency:EUR}', name: 'Euro', name_code: 'EUR' },
      },
      check: (data) => expect((data as { fee_on_date: string }).fee_on_date).toMatch(/^\d{4}-\d{2}-\d{2}$/),
    },
  },
  {
    name: 'not ranged: the ranges sent are dropped',
    role: 'admin',
    request: { method: 'POST', path: 'charges', body: { ...ranged, name: 'Euro flat fee', is_range: false } },
    expect: { status: 201, data: chargeSchema, match: { amount: '7', is_range: false, charge_ranges: [] } },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'charges', query: { currency_id: '{currency:EUR}' } },
    expect: {
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
  },

  // PUT charges/{id}: update-charge
  ...refusals(
    { method: 'PUT', path: WALLET_FEE, body: { ...ranged, currency_id: '{currency:ETB}' } },
    'support',
  ),
  {
    role: 'admin',
    request: { method: 'PUT', path: 'charges/nope', body: ranged },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: `charges/${UNKNOWN_ID}`, body: ranged },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: WALLET_FEE, body: { ...ranged, currency_id: UNKNOWN_ID } },
    expect: { status: 400, message: `currency_id: ${CATALOG_ERRORS.unknownReference('currency')}` },
  },
  {
    role: 'admin',
    request: {
      method: 'PUT',
      path: WALLET_FEE,
      body: { ...ranged, charge_calculation_method: 'PERCENT', is_range: false, amount: 101 },
    },
    expect: { status: 400, message: `amount: ${m.percentMax}` },
  },
  {
    role: 'admin',
    request: {
      method: 'PUT',
      path: WALLET_FEE,
      body: { ...ranged, currency_id: '{currency:ETB}', name: 'Wallet fee, ranged' },
    },
    expect: {
      status: 200,
      data: chargeSchema,
      match: {
        id: '{charge:Wallet transaction fee}',
        name: 'Wallet fee, ranged',
        amount: '0',
        is_range: true,
        currency: { name_code: 'ETB' },
      },
    },
  },
  {
    name: 'the mapping of the charge shows its new amount',
    role: 'admin',
    request: { method: 'GET', path: 'account-mappings', query: { limit: '100' } },
    expect: {
      status: 200,
      data: pagedSchema(accountMappingSchema),
      check: async (data, context) => {
        const id = await context.resolve('{charge:Wallet transaction fee}');
        const mapping = rowsOf<{ charge_id: string | null; charge: unknown }>(data).find(
          (r) => r.charge_id === id,
        );
        expect(mapping?.charge).toEqual({ amount: '0.000000', currency: { name: 'Ethiopian Birr' } });
      },
    },
  },

  // DELETE charges/{id}: delete-charge; answers the deleted charge
  ...refusals({ method: 'DELETE', path: REFUND_FEE }, 'support'),
  {
    role: 'admin',
    request: { method: 'DELETE', path: 'charges/nope' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'DELETE', path: `charges/${UNKNOWN_ID}` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    name: 'an account mapping uses it',
    role: 'admin',
    request: { method: 'DELETE', path: WALLET_FEE },
    expect: { status: 409, message: CATALOG_ERRORS.chargeInUse(1) },
  },
  {
    name: 'no mapping uses the refund fee',
    role: 'admin',
    request: { method: 'DELETE', path: REFUND_FEE },
    expect: { status: 200, data: chargeSchema, match: { id: '{charge:Refund fee}', name: 'Refund fee' } },
  },
  {
    role: 'admin',
    request: { method: 'DELETE', path: REFUND_FEE },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: REFUND_FEE },
    expect: { status: 404, message: NOT_FOUND },
  },
];

export const chargeCases: ResourceCases = { resource: 'charges', cases };
