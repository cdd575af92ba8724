import { chargeSchema } from '@contract/charge';
import { currencySchema } from '@contract/currency';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS, API_SERVER_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { paymentMethodSchema } from '@contract/payment-method';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import { ID_NOT_UUID, LIMIT_TOO_LARGE, refusals, rowsOf } from './helpers';

const page = pagedSchema(currencySchema);
const ETB = 'currencies/{currency:ETB}';
const EUR = 'currencies/{currency:EUR}';
const NOT_FOUND = API_ERRORS.notFound('Currency');

const shilling = {
  name: 'Kenyan Shilling',
  decimal_places: 2,
  in_multiples_of: '0.5',
  display_symbol: 'KSh',
  name_code: 'kes',
};
const etb = {
  name: 'Ethiopian Birr',
  decimal_places: 2,
  in_multiples_of: '0.05',
  display_symbol: 'Br',
  name_code: 'ETB',
};

/** CBE as the demo has it (contract/demo/payment-methods.ts), with these currencies. */
const cbe = (supported_currencies: string[]) => ({
  name: 'Commercial Bank of Ethiopia',
  type: 'BANK',
  url: 'https://www.combanketh.et',
  logo: '/api/v1/files/logos/payment-methods/CBE.svg',
  code: 'CBE',
  account_number_length: 13,
  supported_currencies,
});

const names = (data: unknown) => rowsOf<{ name_code: string }>(data).map((c) => c.name_code);

const cases: ConformanceCase[] = [
  // GET currencies
  ...refusals({ method: 'GET', path: 'currencies' }, 'finance'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'currencies', query: { limit: '500' } },
    expect: { status: 400, message: LIMIT_TOO_LARGE },
  },
  {
    name: 'newest first, paged',
    role: 'support',
    request: { method: 'GET', path: 'currencies', query: { page: '1', limit: '2' } },
    expect: {
      status: 200,
      data: page,
      match: { total: 3, total_pages: 2 },
      check: (data) => expect(names(data)).toEqual(['EUR', 'USD']),
    },
  },
  {
    role: 'support',
    request: { method: 'GET', path: 'currencies', query: { page: '2', limit: '2' } },
    expect: { status: 200, data: page, check: (data) => expect(names(data)).toEqual(['ETB']) },
  },
  {
    name: 'searches name and code',
    role: 'admin',
    request: { method: 'GET', path: 'currencies', query: { search_term: 'dollar' } },
    expect: { status: 200, data: page, check: (data) => expect(names(data)).toEqual(['USD']) },
  },

  // GET currencies/{id}
  ...refusals({ method: 'GET', path: ETB }, 'finance'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'currencies/nope' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `currencies/${UNKNOWN_ID}` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'support',
    request: { method: 'GET', path: ETB },
    expect: { status: 200, data: currencySchema, match: { id: '{currency:ETB}', ...etb } },
  },

  // POST currencies (update-currency: spec §6 names no create permission)
  ...refusals({ method: 'POST', path: 'currencies', body: shilling }, 'support'),
  {
    name: 'names each broken field with the spec message',
    role: 'admin',
    request: {
      method: 'POST',
      path: 'currencies',
      body: { ...shilling, name: '', decimal_places: -1, in_multiples_of: '-2' },
    },
    expect: {
      status: 400,
      message: `name: ${VALIDATION.currency.name}; decimal_places: ${VALIDATION.currency.decimalPlaces}; in_multiples_of: ${VALIDATION.currency.inMultiplesOf}`,
    },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: 'currencies', body: { ...shilling, decimal_places: 7 } },
    expect: { status: 400, message: `decimal_places: ${VALIDATION.currency.decimalPlacesMax}` },
  },
  {
    role: 'admin',
    request: {
      method: 'POST',
      path: 'currencies',
      body: 'name=KES',
      contentType: 'application/x-www-form-urlencoded',
    },
    expect: { status: 400, message: API_ERRORS.bodyObject },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: 'currencies', body: '{"name":', contentType: 'application/json' },
    expect: { status: 400, message: API_SERVER_ERRORS.unreadableBody },
  },
  {
    name: 'the refused creates wrote nothing',
    role: 'admin',
    request: { method: 'GET', path: 'currencies' },
    expect: { status: 200, data: page, match: { total: 3 } },
  },
  {
    name: 'upper-cases the code',
    role: 'admin',
    request: { method: 'POST', path: 'currencies', body: shilling },
    expect: { status: 201, data: currencySchema, match: { ...shilling, name_code: 'KES' } },
  },
  {
    name: 'the new currency heads the list',
    role: 'admin',
    request: { method: 'GET', path: 'currencies', query: { limit: '1' } },
    expect: {
      status: 200,
      data: page,
      match: { total: 4 },
      check: (data) => expect(names(data)).toEqual(['KES']),
    },
  },
  {
    role: 'admin',
    request: { method: 'POST', path: 'currencies', body: { ...shilling, name: 'Shilling again' } },
    expect: { status: 409, message: CATALOG_ERRORS.currencyCodeTaken('KES') },
  },

  // PUT currencies/{id}
  ...refusals({ method: 'PUT', path: ETB, body: etb }, 'support'),
  {
    role: 'admin',
    request: { method: 'PUT', path: 'currencies/nope', body: etb },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: `currencies/${UNKNOWN_ID}`, body: etb },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: ETB, body: { ...etb, display_symbol: '' } },
    expect: { status: 400, message: `display_symbol: ${VALIDATION.currency.displaySymbol}` },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: ETB, body: { ...etb, name_code: 'usd' } },
    expect: { status: 409, message: CATALOG_ERRORS.currencyCodeTaken('USD') },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: ETB, body: { ...etb, name: 'Birr' } },
    expect: { status: 200, data: currencySchema, match: { id: '{currency:ETB}', ...etb, name: 'Birr' } },
  },
  {
    name: 'charges show their currency by its new name',
    role: 'admin',
    request: { method: 'GET', path: 'charges', query: { currency_id: '{currency:ETB}', limit: '100' } },
    expect: {
      status: 200,
      data: pagedSchema(chargeSchema),
      match: { total: 5 },
      check: (data) =>
        expect(new Set(rowsOf<{ currency: { name: string } }>(data).map((c) => c.currency.name))).toEqual(
          new Set(['Birr']),
        ),
    },
  },
  {
    role: 'admin',
    request: {
      method: 'PUT',
      path: 'currencies/{currency:USD}',
      body: {
        name: 'US Dollar',
        decimal_places: 2,
        in_multiples_of: '0.01',
        display_symbol: '$',
        name_code: 'usn',
      },
    },
    expect: { status: 200, data: currencySchema, match: { name_code: 'USN' } },
  },
  {
    name: 'a new code is carried into the payment methods that support the currency',
    role: 'admin',
    request: { method: 'GET', path: 'payment-methods', query: { limit: '100' } },
    expect: {
      status: 200,
      data: pagedSchema(paymentMethodSchema),
      check: (data) => {
        const supported = rowsOf<{ code: string; supported_currencies: string[] }>(data);
        expect(supported.filter((m) => m.supported_currencies.includes('USD'))).toEqual([]);
        expect(
          supported
            .filter((m) => m.supported_currencies.includes('USN'))
            .map((m) => m.code)
            .sort(),
        ).toEqual(['AWASH', 'BOA', 'CBE', 'DASHEN', 'MASTERCARD', 'VISA']);
      },
    },
  },

  // DELETE currencies/{id}
  ...refusals({ method: 'DELETE', path: EUR }, 'support'),
  {
    role: 'admin',
    request: { method: 'DELETE', path: 'currencies/nope' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'DELETE', path: `currencies/${UNKNOWN_ID}` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    name: 'in use: the message counts every use',
    role: 'admin',
    request: { method: 'DELETE', path: ETB },
    expect: {
      status: 409,
      message:
        /^Currency ETB cannot be deleted: it is used by 5 charges, 9 payment methods, \d+ transactions$/,
    },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: 'payment-methods/{method:CBE}', body: cbe(['ETB', 'USN', 'EUR']) },
    expect: {
      status: 200,
      data: paymentMethodSchema,
      match: { supported_currencies: ['ETB', 'USN', 'EUR'] },
    },
  },
  {
    name: 'a payment method supporting it is a use',
    role: 'admin',
    request: { method: 'DELETE', path: EUR },
    expect: { status: 409, message: CATALOG_ERRORS.currencyInUse('EUR', ['1 payment method']) },
  },
  {
    role: 'admin',
    request: { method: 'PUT', path: 'payment-methods/{method:CBE}', body: cbe(['ETB', 'USN']) },
    expect: { status: 200, data: paymentMethodSchema },
  },
  {
    name: 'answers the deleted currency',
    role: 'admin',
    request: { method: 'DELETE', path: EUR },
    expect: { status: 200, data: currencySchema, match: { id: '{currency:EUR}', name_code: 'EUR' } },
  },
  { role: 'admin', request: { method: 'DELETE', path: EUR }, expect: { status: 404, message: NOT_FOUND } },
  { role: 'admin', request: { method: 'GET', path: EUR }, expect: { status: 404, message: NOT_FOUND } },
];

export const currencyCases: ResourceCases = { resource: 'currencies', cases };
