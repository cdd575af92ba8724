import { chargeSchema } from '@contract/charge';
import { currencySchema } from '@contract/currency';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS, API_SERVER_ERRORS, CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { currencyOperations } from '@contract/operations/currencies';
import { paymentMethodSchema } from '@contract/payment-method';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { itemCases, listCases, refusalCases } from './helpers';
import { fails, listing, made, ok, rowsOf, table } from './table';

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
/** ETB as the demo has it. */
export const etb = {
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

const lists = listing(page, 'name_code');

const cases: ConformanceCase[] = [
  // GET currencies
  ...listCases(currencyOperations.list, { refused: 'finance' }),
  ...table([
    [
      'support GET currencies?page=1&limit=2',
      lists(['EUR', 'USD'], { total: 3, total_pages: 2 }),
      { name: 'newest first, paged' },
    ],
    ['support GET currencies?page=2&limit=2', lists(['ETB'])],
    ['admin GET currencies?search_term=dollar', lists(['USD']), { name: 'searches name and code' }],
  ]),

  // GET currencies/{id}
  ...itemCases(currencyOperations.detail, { at: ETB, refused: 'finance', message: NOT_FOUND }),
  ...table([[`support GET ${ETB}`, ok(currencySchema, { id: '{currency:ETB}', ...etb })]]),

  // POST currencies (update-currency: spec §6 names no create permission)
  ...refusalCases(currencyOperations.create, { body: shilling, refused: 'support' }),
  ...table([
    [
      'admin POST currencies',
      fails(
        400,
        `name: ${VALIDATION.currency.name}; decimal_places: ${VALIDATION.currency.decimalPlaces}; in_multiples_of: ${VALIDATION.currency.inMultiplesOf}`,
      ),
      {
        name: 'names each broken field with the spec message',
        body: { ...shilling, name: '', decimal_places: -1, in_multiples_of: '-2' },
      },
    ],
    [
      'admin POST currencies',
      fails(400, `decimal_places: ${VALIDATION.currency.decimalPlacesMax}`),
      { body: { ...shilling, decimal_places: 7 } },
    ],
    [
      'admin POST currencies',
      fails(400, API_ERRORS.bodyObject),
      { body: 'name=KES', contentType: 'application/x-www-form-urlencoded' },
    ],
    [
      'admin POST currencies',
      fails(400, API_SERVER_ERRORS.unreadableBody),
      { body: '{"name":', contentType: 'application/json' },
    ],
    [
      'admin POST currencies',
      fails(400, `name_code: ${VALIDATION.common.controlCharacters('Name Code')}`),
      { body: { ...shilling, name_code: 'K\u0000S' } },
    ],
    [
      'admin POST currencies',
      fails(400, `display_symbol: ${VALIDATION.common.invalidUnicode('Display Symbol')}`),
      { body: { ...shilling, display_symbol: '\ud83d' } },
    ],
    [
      'admin POST currencies',
      fails(400, `decimal_places: ${VALIDATION.currency.decimalPlacesMax}`),
      { body: { ...shilling, decimal_places: 1.5e300 } },
    ],
    ['admin GET currencies', ok(page, { total: 3 }), { name: 'the refused creates wrote nothing' }],
    [
      'admin POST currencies',
      made(currencySchema, { ...shilling, name_code: 'KES' }),
      { name: 'upper-cases the code', body: shilling },
    ],
    [
      'admin GET currencies?limit=1',
      lists(['KES'], { total: 4 }),
      { name: 'the new currency heads the list' },
    ],
    [
      'admin POST currencies',
      fails(409, CATALOG_ERRORS.currencyCodeTaken('KES')),
      { body: { ...shilling, name: 'Shilling again' } },
    ],
  ]),

  // PUT currencies/{id}
  ...itemCases(currencyOperations.update, { at: ETB, body: etb, refused: 'support', message: NOT_FOUND }),
  ...table([
    [
      `admin PUT ${ETB}`,
      fails(400, `display_symbol: ${VALIDATION.currency.displaySymbol}`),
      { body: { ...etb, display_symbol: '' } },
    ],
    [
      `admin PUT ${ETB}`,
      fails(409, CATALOG_ERRORS.currencyCodeTaken('USD')),
      { body: { ...etb, name_code: 'usd' } },
    ],
    [
      `admin PUT ${ETB}`,
      ok(currencySchema, { id: '{currency:ETB}', ...etb, name: 'Birr' }),
      { body: { ...etb, name: 'Birr' } },
    ],
    [
      'admin GET charges?currency_id={currency:ETB}&limit=100',
      ok(pagedSchema(chargeSchema), { total: 5 }, (data) =>
        expect(new Set(rowsOf<{ currency: { name: string } }>(data).map((c) => c.currency.name))).toEqual(
          new Set(['Birr']),
        ),
      ),
      { name: 'charges show their currency by its new name' },
    ],
    [
      'admin PUT currencies/{currency:USD}',
      ok(currencySchema, { name_code: 'USN' }),
      {
        body: {
          name: 'US Dollar',
          decimal_places: 2,
          in_multiples_of: '0.01',
          display_symbol: '$',
          name_code: 'usn',
        },
      },
    ],
    [
      'admin GET payment-methods?limit=100',
      ok(pagedSchema(paymentMethodSchema), null, (data) => {
        const supported = rowsOf<{ code: string; supported_currencies: string[] }>(data);
        expect(supported.filter((m) => m.supported_currencies.includes('USD'))).toEqual([]);
        expect(
          supported
            .filter((m) => m.supported_currencies.includes('USN'))
            .map((m) => m.code)
            .sort(),
        ).toEqual(['AWASH', 'BOA', 'CBE', 'DASHEN', 'MASTERCARD', 'VISA']);
      }),
      { name: 'a new code is carried into the payment methods that support the currency' },
    ],
  ]),

  // DELETE currencies/{id}
  ...itemCases(currencyOperations.remove, { at: EUR, refused: 'support', message: NOT_FOUND }),
  ...table([
    [
      `admin DELETE ${ETB}`,
      {
        status: 409,
        message:
          /^Currency ETB cannot be deleted: it is used by 5 charges, 9 payment methods, \d+ transactions$/,
      },
      { name: 'in use: the message counts every use' },
    ],
    [
      'admin PUT payment-methods/{method:CBE}',
      ok(paymentMethodSchema, { supported_currencies: ['ETB', 'USN', 'EUR'] }),
      { body: cbe(['ETB', 'USN', 'EUR']) },
    ],
    [
      `admin DELETE ${EUR}`,
      fails(409, CATALOG_ERRORS.currencyInUse('EUR', ['1 payment method'])),
      { name: 'a payment method supporting it is a use' },
    ],
    ['admin PUT payment-methods/{method:CBE}', ok(paymentMethodSchema), { body: cbe(['ETB', 'USN']) }],
    [
      `admin DELETE ${EUR}`,
      ok(currencySchema, { id: '{currency:EUR}', name_code: 'EUR' }),
      { name: 'answers the deleted currency' },
    ],
  ]),
  { role: 'admin', request: { method: 'DELETE', path: EUR }, expect: { status: 404, message: NOT_FOUND } },
  { role: 'admin', request: { method: 'GET', path: EUR }, expect: { status: 404, message: NOT_FOUND } },
];

export const currencyCases: ResourceCases = { resource: 'currencies', cases };
