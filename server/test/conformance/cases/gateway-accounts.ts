import { pagedSchema } from '@contract/envelope';
import { gatewayAccountSchema } from '@contract/gateway-account';
import { API_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import { ID_NOT_UUID, LIMIT_TOO_LARGE, refusals, rowsOf } from './helpers';

const page = pagedSchema(gatewayAccountSchema);
const NOT_FOUND = API_ERRORS.notFound('Gateway account');
const CBE = 'gateway-accounts/{gateway:GW-CBE-01}';
const COMMAND = API_ERRORS.queryEnum('command', ['activate', 'deactivate']);
const m = VALIDATION.gatewayAccount;

const newAccount = {
  code: 'GW-DASHEN-02',
  payment_method_id: '{method:DASHEN}',
  account_number: '1000123456789',
  routing_code: 'DASHETAA',
};
const cbe = { code: 'GW-CBE-01', payment_method_id: '{method:CBE}', account_number: '42', routing_code: 'X' };
const codes = (data: unknown) => rowsOf<{ code: string }>(data).map((a) => a.code);

const cases: ConformanceCase[] = [
  // GET gateway-accounts
  ...refusals({ method: 'GET', path: 'gateway-accounts' }, 'finance'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'gateway-accounts', query: { limit: '500' } },
    expect: { status: 400, message: LIMIT_TOO_LARGE },
  },
  {
    name: 'newest first, paged',
    role: 'support',
    request: { method: 'GET', path: 'gateway-accounts', query: { page: '1', limit: '10' } },
    expect: {
      status: 200,
      data: page,
      match: { total: 11, total_pages: 2 },
      check: (data) => expect(codes(data).slice(0, 2)).toEqual(['GW-MASTERCARD-01', 'GW-VISA-01']),
    },
  },
  {
    name: 'searches the code',
    role: 'support',
    request: { method: 'GET', path: 'gateway-accounts', query: { search_term: 'awash' } },
    expect: { status: 200, data: page, check: (data) => expect(codes(data)).toEqual(['GW-AWASH-01']) },
  },
  {
    name: 'searches the routing code',
    role: 'admin',
    request: { method: 'GET', path: 'gateway-accounts', query: { search_term: 'MC-BANKNET' } },
    expect: { status: 200, data: page, check: (data) => expect(codes(data)).toEqual(['GW-MASTERCARD-01']) },
  },
  {
    name: "searches the method's name",
    role: 'admin',
    request: { method: 'GET', path: 'gateway-accounts', query: { search_term: 'telebirr' } },
    expect: {
      status: 200,
      data: page,
      check: (data) => expect(codes(data)).toEqual(['GW-TELEBIRR-02', 'GW-TELEBIRR-01']),
    },
  },

  // GET gateway-accounts/{id}
  ...refusals({ method: 'GET', path: CBE }, 'finance'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'gateway-accounts/nope' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `gateway-accounts/${UNKNOWN_ID}` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'support',
    request: { method: 'GET', path: CBE },
    expect: {
      status: 200,
      data: gatewayAccountSchema,
      match: {
        id: '{gateway:GW-CBE-01}',
        code: 'GW-CBE-01',
        payment_method: { id: '{method:CBE}', name: 'Commercial Bank of Ethiopia', type: 'BANK' },
        routing_code: 'CBETETAA',
        status: 'ACTIVE',
      },
      check: (data) => expect((data as { account_number: string }).account_number).toMatch(/^1000\d{9}$/),
    },
  },

  // POST gateway-accounts: create-gateway-account; the balance is the ledger's, never sent
  ...refusals({ method: 'POST', path: 'gateway-accounts', body: newAccount }, 'support'),
  {
    role: 'admin',
    request: { method: 'POST', path: 'gateway-accounts', body: {} },
    expect: {
      status: 400,
      message: `code: ${m.code}; payment_method_id: ${m.paymentMethod}; routing_code: ${m.routingCode}; account_number: ${m.accountNumberRequired}`,
    },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: 'gateway-accounts', body: { ...newAccount, account_number: '0' } },
    expect: { status: 400, message: `account_number: ${m.accountNumberPositive}` },
  },
  {
    name: "the number must have the method's length",
    role: 'admin',
    request: { method: 'POST', path: 'gateway-accounts', body: { ...newAccount, account_number: '123' } },
    expect: { status: 400, message: `account_number: ${m.accountNumberLength(13)}` },
  },
  {
    role: 'admin',
    request: {
      method: 'POST',
      path: 'gateway-accounts',
      body: { ...newAccount, payment_method_id: UNKNOWN_ID },
    },
    expect: {
      status: 400,
      message: `payment_method_id: ${CATALOG_ERRORS.unknownReference('payment method')}`,
    },
  },
  {
    name: 'the refused creates wrote nothing',
    role: 'admin',
    request: { method: 'GET', path: 'gateway-accounts' },
    expect: { status: 200, data: page, match: { total: 11 } },
  },
  {
    name: 'opens ACTIVE at zero, a sent balance ignored',
    role: 'admin',
    request: { method: 'POST', path: 'gateway-accounts', body: { ...newAccount, total_balance: '99' } },
    expect: {
      status: 201,
      data: gatewayAccountSchema,
      match: {
        code: 'GW-DASHEN-02',
        payment_method: { id: '{method:DASHEN}', name: 'Dashen Bank', type: 'BANK' },
        account_number: '1000123456789',
        routing_code: 'DASHETAA',
        total_balance: '0',
        status: 'ACTIVE',
      },
    },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'gateway-accounts', query: { limit: '1' } },
    expect: {
      status: 200,
      data: page,
      match: { total: 12 },
      check: (data) => expect(codes(data)).toEqual(['GW-DASHEN-02']),
    },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: 'gateway-accounts', body: newAccount },
    expect: { status: 409, message: CATALOG_ERRORS.gatewayAccountCodeTaken('GW-DASHEN-02') },
  },

  // PUT gateway-accounts/{id}: update-gateway-account; the number is only required
  ...refusals({ method: 'PUT', path: CBE, body: cbe }, 'support'),
  {
    role: 'admin',
    request: { method: 'PUT', path: 'gateway-accounts/nope', body: cbe },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: `gateway-accounts/${UNKNOWN_ID}`, body: cbe },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: CBE, body: { ...cbe, account_number: '' } },
    expect: { status: 400, message: `account_number: ${m.accountNumberRequired}` },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: CBE, body: { ...cbe, payment_method_id: UNKNOWN_ID } },
    expect: {
      status: 400,
      message: `payment_method_id: ${CATALOG_ERRORS.unknownReference('payment method')}`,
    },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: CBE, body: { ...cbe, code: 'GW-CBE-02' } },
    expect: { status: 409, message: CATALOG_ERRORS.gatewayAccountCodeTaken('GW-CBE-02') },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: CBE, body: cbe },
    expect: {
      status: 200,
      data: gatewayAccountSchema,
      match: {
        id: '{gateway:GW-CBE-01}',
        code: 'GW-CBE-01',
        account_number: '42',
        routing_code: 'X',
        status: 'ACTIVE',
      },
    },
  },

  // POST gateway-accounts/{id}?command=: update-gateway-account; the spec's { isActive } body is accepted
  ...refusals(
    { method: 'POST', path: CBE, query: { command: 'deactivate' }, body: { isActive: false } },
    'support',
  ),
  {
    role: 'admin',
    request: { method: 'POST', path: 'gateway-accounts/nope', query: { command: 'deactivate' } },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: CBE, query: { command: 'close' } },
    expect: { status: 400, message: `command: ${COMMAND}` },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: `gateway-accounts/${UNKNOWN_ID}`, query: { command: 'deactivate' } },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: CBE, query: { command: 'deactivate' }, body: { isActive: false } },
    expect: {
      status: 200,
      data: gatewayAccountSchema,
      match: { id: '{gateway:GW-CBE-01}', status: 'INACTIVE' },
    },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: CBE, query: { command: 'deactivate' }, body: { isActive: false } },
    expect: { status: 409, message: CATALOG_ERRORS.alreadyInStatus('Gateway account', 'INACTIVE') },
  },
  {
    name: 'without a body',
    role: 'admin',
    request: { method: 'POST', path: CBE, query: { command: 'activate' } },
    expect: { status: 200, data: gatewayAccountSchema, match: { status: 'ACTIVE' } },
  },
];

export const gatewayAccountCases: ResourceCases = { resource: 'gateway-accounts', cases };
