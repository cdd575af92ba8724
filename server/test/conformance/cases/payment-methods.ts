import { pagedSchema } from '@contract/envelope';
import { gatewayAccountSchema } from '@contract/gateway-account';
import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { paymentMethodSchema } from '@contract/payment-method';
import { PERMISSIONS } from '@contract/permissions';
import { transactionLimitListSchema } from '@contract/transaction-limit';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import { ID_NOT_UUID, LIMIT_TOO_LARGE, refusals, rowsOf } from './helpers';

const page = pagedSchema(paymentMethodSchema);
const CBE = 'payment-methods/{method:CBE}';
const NOT_FOUND = API_ERRORS.notFound('Payment method');
const COMMAND = API_ERRORS.queryEnum('command', ['activate', 'deactivate']);
const m = VALIDATION.paymentMethod;

const zemen = {
  name: 'Zemen Bank',
  type: 'BANK',
  url: 'https://zemenbank.com',
  logo: 'https://zemenbank.com/logo.png',
  code: 'ZEMEN',
  account_number_length: 13,
  supported_currencies: ['ETB'],
};
const awash = {
  name: 'Awash International Bank',
  type: 'BANK',
  url: 'https://awashbank.com',
  logo: '/api/v1/files/logos/payment-methods/AWASH.svg',
  code: 'AWASH',
  account_number_length: 14,
  supported_currencies: ['ETB', 'USD'],
};

const codes = (data: unknown) => rowsOf<{ code: string }>(data).map((r) => r.code);

const cases: ConformanceCase[] = [
  // GET payment-methods: view-payment-method, or create-account-mapping (the mapping modal's dropdown)
  ...refusals({ method: 'GET', path: 'payment-methods' }, { permissions: [PERMISSIONS.viewAccountMapping] }),
  {
    role: 'nobody',
    request: { method: 'GET', path: 'payment-methods' },
    expect: { status: 403, message: API_ERRORS.forbidden },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'payment-methods', query: { limit: '500' } },
    expect: { status: 400, message: LIMIT_TOO_LARGE },
  },
  {
    name: 'newest first, paged',
    role: 'support',
    request: { method: 'GET', path: 'payment-methods', query: { page: '1', limit: '2' } },
    expect: {
      status: 200,
      data: page,
      match: { total: 9, total_pages: 5 },
      check: (data) => expect(codes(data)).toEqual(['MASTERCARD', 'VISA']),
    },
  },
  {
    name: 'create-account-mapping alone lists them (the mapping modal)',
    role: 'finance',
    request: { method: 'GET', path: 'payment-methods', query: { page: '1', limit: '100' } },
    expect: { status: 200, data: page, match: { total: 9 } },
  },
  {
    role: { permissions: [PERMISSIONS.createAccountMapping] },
    request: { method: 'GET', path: 'payment-methods', query: { page: '1', limit: '100' } },
    expect: { status: 200, data: page, match: { total: 9 } },
  },
  {
    name: 'searches name and code',
    role: { permissions: [PERMISSIONS.viewPaymentMethod] },
    request: { method: 'GET', path: 'payment-methods', query: { search_term: 'birr' } },
    expect: {
      status: 200,
      data: page,
      check: (data) => expect(codes(data).sort()).toEqual(['CBEBIRR', 'TELEBIRR']),
    },
  },

  // GET payment-methods/{id}: view-payment-method only
  ...refusals({ method: 'GET', path: CBE }, 'finance'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'payment-methods/7' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `payment-methods/${UNKNOWN_ID}` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'support',
    request: { method: 'GET', path: CBE },
    expect: {
      status: 200,
      data: paymentMethodSchema,
      match: {
        id: '{method:CBE}',
        name: 'Commercial Bank of Ethiopia',
        type: 'BANK',
        code: 'CBE',
        url: 'https://www.combanketh.et',
        logo: '/api/v1/files/logos/payment-methods/CBE.svg',
        account_number_length: 13,
        supported_currencies: ['ETB', 'USD'],
        status: 'ACTIVE',
      },
    },
  },

  // GET payment-methods/{id}/transaction-limits: a plain array, oldest first
  ...refusals({ method: 'GET', path: 'payment-methods/{method:TELEBIRR}/transaction-limits' }, 'finance'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'payment-methods/7/transaction-limits' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `payment-methods/${UNKNOWN_ID}/transaction-limits` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    name: 'in the order they were added',
    role: 'support',
    request: { method: 'GET', path: 'payment-methods/{method:TELEBIRR}/transaction-limits' },
    expect: {
      status: 200,
      data: transactionLimitListSchema,
      check: (data) =>
        expect(data).toMatchObject([
          { interval: 'DAILY', min_amount: '1', max_amount: '75000', status: 'ACTIVE' },
          { interval: 'WEEKLY', min_amount: '1', max_amount: '300000', status: 'ACTIVE' },
          { interval: 'MONTHLY', min_amount: '1', max_amount: '1000000', status: 'ACTIVE' },
        ]),
    },
  },

  // POST payment-methods
  ...refusals({ method: 'POST', path: 'payment-methods', body: zemen }, 'support'),
  {
    role: 'admin',
    request: {
      method: 'POST',
      path: 'payment-methods',
      body: { ...zemen, account_number_length: 0, supported_currencies: [] },
    },
    expect: {
      status: 400,
      message: `account_number_length: ${m.accountNumberLengthPositive}; supported_currencies: ${m.supportedCurrencies}`,
    },
  },
  {
    role: 'admin',
    request: {
      method: 'POST',
      path: 'payment-methods',
      body: { ...zemen, supported_currencies: ['ETB', 'XYZ'] },
    },
    expect: { status: 400, message: `supported_currencies: ${CATALOG_ERRORS.unknownCurrencyCodes(['XYZ'])}` },
  },
  {
    name: 'the refused creates wrote nothing',
    role: 'admin',
    request: { method: 'GET', path: 'payment-methods' },
    expect: { status: 200, data: page, match: { total: 9 } },
  },
  {
    name: 'a new method is ACTIVE',
    role: 'admin',
    request: { method: 'POST', path: 'payment-methods', body: zemen },
    expect: { status: 201, data: paymentMethodSchema, match: { ...zemen, status: 'ACTIVE' } },
  },
  {
    name: 'and heads the list',
    role: 'admin',
    request: { method: 'GET', path: 'payment-methods', query: { limit: '1' } },
    expect: {
      status: 200,
      data: page,
      match: { total: 10 },
      check: (data) => expect(codes(data)).toEqual(['ZEMEN']),
    },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: 'payment-methods', body: { ...zemen, name: 'Zemen again' } },
    expect: { status: 409, message: CATALOG_ERRORS.paymentMethodCodeTaken('ZEMEN') },
  },

  // PUT payment-methods/{id}
  ...refusals({ method: 'PUT', path: 'payment-methods/{method:AWASH}', body: awash }, 'support'),
  {
    role: 'admin',
    request: { method: 'PUT', path: 'payment-methods/7', body: awash },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: `payment-methods/${UNKNOWN_ID}`, body: awash },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: 'payment-methods/{method:AWASH}', body: { ...awash, name: '' } },
    expect: { status: 400, message: `name: ${m.name}` },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: 'payment-methods/{method:AWASH}', body: { ...awash, code: 'CBE' } },
    expect: { status: 409, message: CATALOG_ERRORS.paymentMethodCodeTaken('CBE') },
  },
  {
    name: 'keeps the status',
    role: 'admin',
    request: { method: 'PUT', path: 'payment-methods/{method:AWASH}', body: awash },
    expect: {
      status: 200,
      data: paymentMethodSchema,
      match: { id: '{method:AWASH}', ...awash, status: 'ACTIVE' },
    },
  },
  {
    name: "gateway accounts show their method's new name",
    role: 'admin',
    request: { method: 'GET', path: 'gateway-accounts', query: { search_term: 'GW-AWASH' } },
    expect: {
      status: 200,
      data: pagedSchema(gatewayAccountSchema),
      check: (data) =>
        expect(rowsOf<{ payment_method: { name: string } }>(data).map((a) => a.payment_method.name)).toEqual([
          'Awash International Bank',
        ]),
    },
  },

  // POST payment-methods/{id}?command=activate|deactivate: change-status-payment-method
  ...refusals({ method: 'POST', path: CBE, query: { command: 'deactivate' } }, 'support'),
  {
    role: 'admin',
    request: { method: 'POST', path: 'payment-methods/7', query: { command: 'deactivate' } },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: CBE, query: { command: 'explode' } },
    expect: { status: 400, message: `command: ${COMMAND}` },
  },
  { role: 'admin', request: { method: 'POST', path: CBE }, expect: { status: 400, message: /^command: / } },
  {
    role: 'admin',
    request: { method: 'POST', path: `payment-methods/${UNKNOWN_ID}`, query: { command: 'deactivate' } },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: CBE, query: { command: 'deactivate' } },
    expect: { status: 200, data: paymentMethodSchema, match: { code: 'CBE', status: 'INACTIVE' } },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: CBE, query: { command: 'deactivate' } },
    expect: { status: 409, message: CATALOG_ERRORS.alreadyInStatus('Payment method', 'INACTIVE') },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: CBE, query: { command: 'activate' } },
    expect: { status: 200, data: paymentMethodSchema, match: { code: 'CBE', status: 'ACTIVE' } },
  },
];

export const paymentMethodCases: ResourceCases = { resource: 'payment-methods', cases };
