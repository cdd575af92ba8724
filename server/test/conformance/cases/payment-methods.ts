import { PG_INTEGER_MAX } from '@contract/common';
import { pagedSchema } from '@contract/envelope';
import { gatewayAccountSchema } from '@contract/gateway-account';
import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { paymentMethodOperations } from '@contract/operations/payment-methods';
import { paymentMethodSchema } from '@contract/payment-method';
import { PERMISSIONS } from '@contract/permissions';
import { transactionLimitListSchema } from '@contract/transaction-limit';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { refusalCases, unknownCommandCases, unknownIdCases } from './helpers';
import { fails, ID_NOT_UUID, LIMIT_TOO_LARGE, listing, made, ok, type Row, rowsOf, table } from './table';

const page = pagedSchema(paymentMethodSchema);
const CBE = 'payment-methods/{method:CBE}';
const NOT_FOUND = API_ERRORS.notFound('Payment method');
const m = VALIDATION.paymentMethod;
const TOO_LONG_LENGTH = VALIDATION.common.numberTooLarge('Account Number Length', PG_INTEGER_MAX);

const zemen = {
  name: 'Zemen Bank',
  type: 'BANK',
  url: 'https://zemenbank.com',
  logo: '/api/v1/files/logos/payment-methods/ZEMEN.svg',
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
const lists = listing(page, 'code');

const cases: ConformanceCase[] = [
  // GET payment-methods: view-payment-method, or create-account-mapping (the mapping modal's dropdown)
  ...refusalCases(paymentMethodOperations.list, {
    refused: { permissions: [PERMISSIONS.viewAccountMapping] },
  }),
  ...table([
    ['nobody GET payment-methods', fails(403, API_ERRORS.forbidden)],
    ['admin GET payment-methods?limit=500', fails(400, LIMIT_TOO_LARGE)],
    [
      'support GET payment-methods?page=1&limit=2',
      lists(['MASTERCARD', 'VISA'], { total: 9, total_pages: 5 }),
      { name: 'newest first, paged' },
    ],
    [
      'finance GET payment-methods?page=1&limit=100',
      ok(page, { total: 9 }),
      { name: 'create-account-mapping alone lists them (the mapping modal)' },
    ],
    [
      'GET payment-methods?page=1&limit=100',
      ok(page, { total: 9 }),
      { as: { permissions: [PERMISSIONS.createAccountMapping] } },
    ],
    [
      'GET payment-methods?search_term=birr',
      ok(page, null, (data) => expect(codes(data).sort()).toEqual(['CBEBIRR', 'TELEBIRR'])),
      { name: 'searches name and code', as: { permissions: [PERMISSIONS.viewPaymentMethod] } },
    ],
  ]),

  // GET payment-methods/{id}: view-payment-method only
  ...refusalCases(paymentMethodOperations.detail, { at: CBE, refused: 'finance' }),
  ...table([['admin GET payment-methods/7', fails(400, ID_NOT_UUID)]]),
  ...unknownIdCases(paymentMethodOperations.detail, { message: NOT_FOUND }),
  ...table([
    [
      `support GET ${CBE}`,
      ok(paymentMethodSchema, {
        id: '{method:CBE}',
        name: 'Commercial Bank of Ethiopia',
        type: 'BANK',
        code: 'CBE',
        url: 'https://www.combanketh.et',
        logo: '/api/v1/files/logos/payment-methods/CBE.svg',
        account_number_length: 13,
        supported_currencies: ['ETB', 'USD'],
        status: 'ACTIVE',
      }),
    ],
  ]),

  // GET payment-methods/{id}/transaction-limits: a plain array, oldest first
  ...refusalCases(paymentMethodOperations.limits, {
    at: 'payment-methods/{method:TELEBIRR}/transaction-limits',
    refused: 'finance',
  }),
  ...table([['admin GET payment-methods/7/transaction-limits', fails(400, ID_NOT_UUID)]]),
  ...unknownIdCases(paymentMethodOperations.limits, { message: NOT_FOUND }),
  ...table([
    [
      'support GET payment-methods/{method:TELEBIRR}/transaction-limits',
      ok(transactionLimitListSchema, null, (data) =>
        expect(data).toMatchObject([
          { interval: 'DAILY', min_amount: '1', max_amount: '75000', status: 'ACTIVE' },
          { interval: 'WEEKLY', min_amount: '1', max_amount: '300000', status: 'ACTIVE' },
          { interval: 'MONTHLY', min_amount: '1', max_amount: '1000000', status: 'ACTIVE' },
        ]),
      ),
      { name: 'in the order they were added' },
    ],
  ]),

  // POST payment-methods
  ...refusalCases(paymentMethodOperations.create, { body: zemen, refused: 'support' }),
  ...table([
    [
      'admin POST payment-methods',
      fails(
        400,
        `account_number_length: ${m.accountNumberLengthPositive}; supported_currencies: ${m.supportedCurrencies}`,
      ),
      { body: { ...zemen, account_number_length: 0, supported_currencies: [] } },
    ],
    [
      'admin POST payment-methods',
      fails(400, `url: ${m.urlInvalid}; logo: ${m.logoNotShown}`),
      {
        name: 'a URL that is not a web address, a logo from another site',
        body: { ...zemen, url: 'not a url', logo: 'https://zemenbank.com/logo.png' },
      },
    ],
    [
      'admin POST payment-methods',
      fails(400, `supported_currencies: ${CATALOG_ERRORS.unknownCurrencyCodes(['XYZ'])}`),
      { body: { ...zemen, supported_currencies: ['ETB', 'XYZ'] } },
    ],
    ...[999999999999, 1.5e300, '9'.repeat(40)].map(
      (n): Row => [
        'admin POST payment-methods',
        fails(400, `account_number_length: ${TOO_LONG_LENGTH}`),
        { name: 'a length beyond an integer column', body: { ...zemen, account_number_length: n } },
      ],
    ),
    [
      'admin POST payment-methods',
      fails(400, `name: ${VALIDATION.common.controlCharacters('Name')}`),
      { body: { ...zemen, name: 'Zemen\u0000Bank' } },
    ],
    [
      'admin POST payment-methods',
      fails(400, `supported_currencies.0: ${VALIDATION.common.controlCharacters('Supported Currency')}`),
      { body: { ...zemen, supported_currencies: ['ET\u0000B'] } },
    ],
    ['admin GET payment-methods', ok(page, { total: 9 }), { name: 'the refused creates wrote nothing' }],
    [
      'admin POST payment-methods',
      made(paymentMethodSchema, { ...zemen, status: 'ACTIVE' }),
      { name: 'a new method is ACTIVE', body: zemen },
    ],
    ['admin GET payment-methods?limit=1', lists(['ZEMEN'], { total: 10 }), { name: 'and heads the list' }],
    [
      'admin POST payment-methods',
      fails(409, CATALOG_ERRORS.paymentMethodCodeTaken('ZEMEN')),
      { body: { ...zemen, name: 'Zemen again' } },
    ],
  ]),

  // PUT payment-methods/{id}
  ...refusalCases(paymentMethodOperations.update, {
    at: 'payment-methods/{method:AWASH}',
    body: awash,
    refused: 'support',
  }),
  ...table([['admin PUT payment-methods/7', fails(400, ID_NOT_UUID), { body: awash }]]),
  ...unknownIdCases(paymentMethodOperations.update, { body: awash, message: NOT_FOUND }),
  ...table([
    [
      'admin PUT payment-methods/{method:AWASH}',
      fails(400, `name: ${m.name}`),
      { body: { ...awash, name: '' } },
    ],
    [
      'admin PUT payment-methods/{method:AWASH}',
      fails(400, `account_number_length: ${TOO_LONG_LENGTH}`),
      { name: 'the edit holds the same bound', body: { ...awash, account_number_length: 1.5e300 } },
    ],
    [
      'admin PUT payment-methods/{method:AWASH}',
      fails(400, `code: ${VALIDATION.common.controlCharacters('Code')}`),
      { body: { ...awash, code: 'AW\u0000' } },
    ],
    [
      'admin PUT payment-methods/{method:AWASH}',
      fails(409, CATALOG_ERRORS.paymentMethodCodeTaken('CBE')),
      { body: { ...awash, code: 'CBE' } },
    ],
    [
      'admin PUT payment-methods/{method:AWASH}',
      ok(paymentMethodSchema, { id: '{method:AWASH}', ...awash, status: 'ACTIVE' }),
      { name: 'keeps the status', body: awash },
    ],
    [
      'admin GET gateway-accounts?search_term=GW-AWASH',
      ok(pagedSchema(gatewayAccountSchema), null, (data) =>
        expect(rowsOf<{ payment_method: { name: string } }>(data).map((a) => a.payment_method.name)).toEqual([
          'Awash International Bank',
        ]),
      ),
      { name: "gateway accounts show their method's new name" },
    ],
  ]),

  // POST payment-methods/{id}?command=activate|deactivate: change-status-payment-method
  ...refusalCases(paymentMethodOperations.command, {
    at: CBE,
    query: { command: 'deactivate' },
    refused: 'support',
  }),
  ...table([['admin POST payment-methods/7?command=deactivate', fails(400, ID_NOT_UUID)]]),
  ...unknownCommandCases(paymentMethodOperations.command, { at: CBE, command: 'explode' }),
  { role: 'admin', request: { method: 'POST', path: CBE }, expect: { status: 400, message: /^command: / } },
  ...unknownIdCases(paymentMethodOperations.command, {
    query: { command: 'deactivate' },
    message: NOT_FOUND,
  }),
  ...table([
    [`admin POST ${CBE}?command=deactivate`, ok(paymentMethodSchema, { code: 'CBE', status: 'INACTIVE' })],
    [
      `admin POST ${CBE}?command=deactivate`,
      fails(409, CATALOG_ERRORS.alreadyInStatus('Payment method', 'INACTIVE')),
    ],
    [`admin POST ${CBE}?command=activate`, ok(paymentMethodSchema, { code: 'CBE', status: 'ACTIVE' })],
  ]),
];

export const paymentMethodCases: ResourceCases = { resource: 'payment-methods', cases };
