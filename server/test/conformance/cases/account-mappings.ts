import { accountMappingSchema } from '@contract/account-mapping';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS, LEDGER_ERRORS, VALIDATION } from '@contract/messages';
import * as v from 'valibot';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import { ID_NOT_UUID, LIMIT_TOO_LARGE, refusals, rowsOf } from './helpers';

const page = pagedSchema(accountMappingSchema);
const created = v.array(accountMappingSchema);
const NOT_FOUND = API_ERRORS.notFound('Account mapping');
const SUSPENSE = 'account-mappings/{mapping:TRANSFER_SUSPENSE}';
const m = VALIDATION.accountMapping;

const reference = {
  financial_account_type: 'RECEIVE_REFERENCE',
  gl_account_id: '{gl:Settlement Bank Accounts}',
};

type Row = {
  id: string;
  financial_account_type: string;
  payment_method_id: string | null;
  charge_id: string | null;
  in_force: boolean;
};
const general = (type: string) => (r: Row) =>
  r.financial_account_type === type && r.payment_method_id === null && r.charge_id === null;

const cases: ConformanceCase[] = [
  // GET account-mappings
  ...refusals({ method: 'GET', path: 'account-mappings' }, 'nobody'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'account-mappings', query: { limit: '500' } },
    expect: { status: 400, message: LIMIT_TOO_LARGE },
  },
  {
    name: 'newest first, each joined with its names; null where no payment method or charge',
    role: 'support',
    request: { method: 'GET', path: 'account-mappings', query: { page: '1', limit: '100' } },
    expect: {
      status: 200,
      data: page,
      match: { total: 19, total_pages: 1 },
      check: (data) => {
        const rows = rowsOf<Row & { gl_account: { name: string }; payment_method: unknown; charge: unknown }>(
          data,
        );
        expect(rows.find(general('TRANSFER_SUSPENSE'))).toMatchObject({
          payment_method: null,
          charge: null,
          gl_account: { name: 'Transfers in Suspense' },
          in_force: true,
        });
        expect(
          rows.filter((r) => r.financial_account_type === 'INCOME_FROM_CHARGE').map((r) => r.charge),
        ).toEqual([
          { amount: '0.000000', currency: { name: 'US Dollar' } },
          { amount: '3.500000', currency: { name: 'US Dollar' } },
          { amount: '0.000000', currency: { name: 'Ethiopian Birr' } },
          { amount: '2.500000', currency: { name: 'Ethiopian Birr' } },
          { amount: '5.000000', currency: { name: 'Ethiopian Birr' } },
          null,
        ]);
        expect(rows.every((r) => r.in_force)).toBe(true);
      },
    },
  },
  {
    name: 'searches GL account, payment method and type',
    role: 'finance',
    request: { method: 'GET', path: 'account-mappings', query: { search_term: 'suspense' } },
    expect: { status: 200, data: page, match: { total: 1 } },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'account-mappings', query: { search_term: 'telebirr' } },
    expect: {
      status: 200,
      data: page,
      match: {
        total: 1,
        contents: [{ financial_account_type: 'RECEIVE_CONTROL', payment_method: { name: 'telebirr' } }],
      },
    },
  },

  // GET account-mappings/{id}
  ...refusals({ method: 'GET', path: SUSPENSE }, 'nobody'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'account-mappings/nope' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `account-mappings/${UNKNOWN_ID}` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'finance',
    request: { method: 'GET', path: SUSPENSE },
    expect: {
      status: 200,
      data: accountMappingSchema,
      match: {
        id: '{mapping:TRANSFER_SUSPENSE}',
        financial_account_type: 'TRANSFER_SUSPENSE',
        gl_account_id: '{gl:Transfers in Suspense}',
        payment_method_id: null,
        charge_id: null,
        in_force: true,
      },
    },
  },

  // POST account-mappings: create-account-mapping; a list, all or nothing
  ...refusals({ method: 'POST', path: 'account-mappings', body: [reference] }, 'support'),
  {
    role: 'admin',
    request: { method: 'POST', path: 'account-mappings', body: [{ gl_account_id: '' }] },
    expect: {
      status: 400,
      message: `[0].financial_account_type: ${m.financialAccountType}; [0].gl_account_id: ${m.glAccount}`,
    },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: 'account-mappings', body: [] },
    expect: { status: 400, message: m.atLeastOne },
  },
  {
    role: 'admin',
    request: {
      method: 'POST',
      path: 'account-mappings',
      body: { financial_account_type: 'RECEIVE_REFERENCE' },
    },
    expect: { status: 400 },
  },
  {
    name: 'one inactive GL account refuses the whole list, naming the item',
    role: 'admin',
    request: {
      method: 'POST',
      path: 'account-mappings',
      body: [
        reference,
        { financial_account_type: 'RECEIVE_CONTROL', gl_account_id: '{gl:Legacy Clearing Account}' },
      ],
    },
    expect: { status: 400, message: `[1].gl_account_id: ${LEDGER_ERRORS.glAccountInactive}` },
  },
  {
    role: 'admin',
    request: {
      method: 'POST',
      path: 'account-mappings',
      body: [reference, { financial_account_type: 'RECEIVE_CONTROL', gl_account_id: UNKNOWN_ID }],
    },
    expect: { status: 400, message: /^\[1\]\.gl_account_id: / },
  },
  {
    name: 'one list may not map a key twice',
    role: 'admin',
    request: { method: 'POST', path: 'account-mappings', body: [reference, reference] },
    expect: {
      status: 400,
      message: `[1].financial_account_type: ${LEDGER_ERRORS.accountMappingRepeated('RECEIVE_REFERENCE', 0)}`,
    },
  },
  {
    name: 'the refused lists wrote nothing',
    role: 'admin',
    request: { method: 'GET', path: 'account-mappings' },
    expect: { status: 200, data: page, match: { total: 19 } },
  },
  {
    name: 'every item at once, in the order sent, names joined',
    role: 'finance',
    request: {
      method: 'POST',
      path: 'account-mappings',
      body: [
        reference,
        {
          financial_account_type: 'INCOME_FROM_CHARGE',
          gl_account_id: '{gl:Gateway Fee Income}',
          payment_method_id: '{method:CBE}',
          charge_id: '{charge:Refund fee}',
        },
      ],
    },
    expect: {
      status: 201,
      data: created,
      match: [
        {
          ...reference,
          payment_method_id: null,
          charge_id: null,
          payment_method: null,
          charge: null,
          gl_account: { name: 'Settlement Bank Accounts' },
          in_force: true,
        },
        {
          payment_method_id: '{method:CBE}',
          charge_id: '{charge:Refund fee}',
          payment_method: { name: 'Commercial Bank of Ethiopia' },
          charge: { amount: '10.000000', currency: { name: 'Ethiopian Birr' } },
          gl_account: { name: 'Gateway Fee Income' },
          in_force: true,
        },
      ],
    },
  },
  {
    name: 'a new mapping with a stored key supersedes it',
    role: 'admin',
    request: {
      method: 'POST',
      path: 'account-mappings',
      body: [{ financial_account_type: 'TRANSFER_SUSPENSE', gl_account_id: '{gl:Settlement Bank Accounts}' }],
    },
    expect: {
      status: 201,
      data: created,
      match: [{ financial_account_type: 'TRANSFER_SUSPENSE', in_force: true }],
    },
  },
  {
    name: 'in force: the new one only',
    role: 'admin',
    request: { method: 'GET', path: 'account-mappings', query: { limit: '100' } },
    expect: {
      status: 200,
      data: page,
      match: { total: 22 },
      check: async (data, context) => {
        const stored = await context.resolve('{mapping:TRANSFER_SUSPENSE}');
        const rows = rowsOf<Row>(data).filter(general('TRANSFER_SUSPENSE'));
        expect(rows.map((r) => [r.id === stored ? 'stored' : 'new', r.in_force])).toEqual([
          ['new', true],
          ['stored', false],
        ]);
      },
    },
  },
];

export const accountMappingCases: ResourceCases = { resource: 'account-mappings', cases };
