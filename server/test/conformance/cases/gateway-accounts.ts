import { pagedSchema } from '@contract/envelope';
import { gatewayAccountSchema } from '@contract/gateway-account';
import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { gatewayAccountOperations } from '@contract/operations/gateway-accounts';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import {
  itemCases,
  listCases,
  malformedIdCases,
  refusalCases,
  unknownCommandCases,
  unknownIdCases,
} from './helpers';
import { fails, listing, made, ok, type Row, rowsOf, table } from './table';

const CBE = 'gateway-accounts/{gateway:GW-CBE-01}';
const m = VALIDATION.gatewayAccount;

const newAccount = {
  code: 'GW-DASHEN-02',
  payment_method_id: '{method:DASHEN}',
  account_number: '1000123456789',
  routing_code: 'DASHETAA',
};
const cbe = { code: 'GW-CBE-01', payment_method_id: '{method:CBE}', account_number: '42', routing_code: 'X' };
const page = pagedSchema(gatewayAccountSchema);
const NOT_FOUND = API_ERRORS.notFound('Gateway account');
const codes = (data: unknown) => rowsOf<{ code: string }>(data).map((r) => r.code);
const lists = listing(page, 'code');

const cases: ConformanceCase[] = [
  // GET gateway-accounts
  ...listCases(gatewayAccountOperations.list, { refused: 'finance' }),
  ...table([
    [
      'support GET gateway-accounts?page=1&limit=10',
      ok(page, { total: 11, total_pages: 2 }, (data) =>
        expect(codes(data).slice(0, 2)).toEqual(['GW-MASTERCARD-01', 'GW-VISA-01']),
      ),
      { name: 'newest first, paged' },
    ],
    ['support GET gateway-accounts?search_term=awash', lists(['GW-AWASH-01']), { name: 'searches the code' }],
    [
      'admin GET gateway-accounts?search_term=MC-BANKNET',
      lists(['GW-MASTERCARD-01']),
      { name: 'searches the routing code' },
    ],
    [
      'admin GET gateway-accounts?search_term=telebirr',
      lists(['GW-TELEBIRR-02', 'GW-TELEBIRR-01']),
      { name: "searches the method's name" },
    ],
  ]),

  // GET gateway-accounts/{id}
  ...itemCases(gatewayAccountOperations.detail, { at: CBE, refused: 'finance', message: NOT_FOUND }),
  ...table([
    [
      `support GET ${CBE}`,
      ok(
        gatewayAccountSchema,
        {
          id: '{gateway:GW-CBE-01}',
          code: 'GW-CBE-01',
          payment_method: { id: '{method:CBE}', name: 'Commercial Bank of Ethiopia', type: 'BANK' },
          routing_code: 'CBETETAA',
          status: 'ACTIVE',
        },
        (data) => expect((data as { account_number: string }).account_number).toMatch(/^1000\d{9}$/),
      ),
    ],
  ]),

  // POST gateway-accounts: create-gateway-account; the balance is the ledger's, never sent
  ...refusalCases(gatewayAccountOperations.create, { body: newAccount, refused: 'support' }),
  ...table([
    [
      'admin POST gateway-accounts',
      fails(
        400,
        `code: ${m.code}; payment_method_id: ${m.paymentMethod}; routing_code: ${m.routingCode}; account_number: ${m.accountNumberRequired}`,
      ),
      { body: {} },
    ],
    [
      'admin POST gateway-accounts',
      fails(400, `account_number: ${m.accountNumberPositive}`),
      { body: { ...newAccount, account_number: '0' } },
    ],
    [
      'admin POST gateway-accounts',
      fails(400, `account_number: ${m.accountNumberLength(13)}`),
      { name: "the number must have the method's length", body: { ...newAccount, account_number: '123' } },
    ],
    [
      'admin POST gateway-accounts',
      fails(400, `payment_method_id: ${CATALOG_ERRORS.unknownReference('payment method')}`),
      { body: { ...newAccount, payment_method_id: UNKNOWN_ID } },
    ],
    ['admin GET gateway-accounts', ok(page, { total: 11 }), { name: 'the refused creates wrote nothing' }],
    [
      'admin POST gateway-accounts',
      made(gatewayAccountSchema, {
        code: 'GW-DASHEN-02',
        payment_method: { id: '{method:DASHEN}', name: 'Dashen Bank', type: 'BANK' },
        account_number: '1000123456789',
        routing_code: 'DASHETAA',
        total_balance: '0',
        // Dashen supports ETB and USD, both of two places.
        balance_decimal_places: 2,
        status: 'ACTIVE',
      }),
      { name: 'opens ACTIVE at zero, a sent balance ignored', body: { ...newAccount, total_balance: '99' } },
    ],
    ['admin GET gateway-accounts?limit=1', lists(['GW-DASHEN-02'], { total: 12 })],
    [
      'admin POST gateway-accounts',
      fails(409, CATALOG_ERRORS.gatewayAccountCodeTaken('GW-DASHEN-02')),
      { body: newAccount },
    ],
  ]),

  // PUT gateway-accounts/{id}: update-gateway-account; the number need not have the method's length
  ...itemCases(gatewayAccountOperations.update, {
    at: CBE,
    body: cbe,
    refused: 'support',
    message: NOT_FOUND,
  }),
  ...table([
    [
      `admin PUT ${CBE}`,
      fails(400, `account_number: ${m.accountNumberRequired}`),
      { body: { ...cbe, account_number: '' } },
    ],
    ...['abc', '-5', 'NaN', '1,000', 'ACC 12/3'].map(
      (account_number): Row => [
        `admin PUT ${CBE}`,
        fails(400, `account_number: ${m.accountNumberPositive}`),
        {
          name: 'an edit takes only digits, as the create and the document',
          body: { ...cbe, account_number },
        },
      ],
    ),
    [
      `admin PUT ${CBE}`,
      fails(400, `payment_method_id: ${CATALOG_ERRORS.unknownReference('payment method')}`),
      { body: { ...cbe, payment_method_id: UNKNOWN_ID } },
    ],
    [
      `admin PUT ${CBE}`,
      fails(409, CATALOG_ERRORS.gatewayAccountCodeTaken('GW-CBE-02')),
      { body: { ...cbe, code: 'GW-CBE-02' } },
    ],
    [
      `admin PUT ${CBE}`,
      ok(gatewayAccountSchema, {
        id: '{gateway:GW-CBE-01}',
        code: 'GW-CBE-01',
        account_number: '42',
        routing_code: 'X',
        status: 'ACTIVE',
      }),
      { body: cbe },
    ],
  ]),

  // POST gateway-accounts/{id}?command=: update-gateway-account; the spec's { isActive } body is accepted
  ...refusalCases(gatewayAccountOperations.command, {
    at: CBE,
    query: { command: 'deactivate' },
    body: { isActive: false },
    refused: 'support',
  }),
  ...malformedIdCases(gatewayAccountOperations.command, { query: { command: 'deactivate' } }),
  ...unknownCommandCases(gatewayAccountOperations.command, { at: CBE, command: 'close' }),
  ...unknownIdCases(gatewayAccountOperations.command, {
    query: { command: 'deactivate' },
    message: NOT_FOUND,
  }),
  ...table([
    [
      `admin POST ${CBE}?command=deactivate`,
      ok(gatewayAccountSchema, { id: '{gateway:GW-CBE-01}', status: 'INACTIVE' }),
      { body: { isActive: false } },
    ],
    [
      `admin POST ${CBE}?command=deactivate`,
      fails(409, CATALOG_ERRORS.alreadyInStatus('Gateway account', 'INACTIVE')),
      { body: { isActive: false } },
    ],
    [
      `admin POST ${CBE}?command=activate`,
      ok(gatewayAccountSchema, { status: 'ACTIVE' }),
      { name: 'without a body' },
    ],
  ]),
];

export const gatewayAccountCases: ResourceCases = { resource: 'gateway-accounts', cases };
