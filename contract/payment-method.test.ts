import { describe, expect, it } from 'vitest';
import { VALIDATION } from './messages';
import { paymentMethodListQuerySchema, paymentMethodPayloadSchema } from './payment-method';
import { expectEmptyFormIssues, issuesOf, parseOk } from './test/helpers';

const m = VALIDATION.paymentMethod;
const valid = {
  name: '  Commercial Bank of Ethiopia ',
  type: 'BANK',
  url: 'https://combanketh.et',
  logo: '/logos/cbe.png',
  code: 'CBE',
  account_number_length: '13',
  supported_currencies: ['etb', 'USD', 'ETB'],
};

describe('paymentMethodPayloadSchema', () => {
  it('normalises a valid form', () => {
    expect(parseOk(paymentMethodPayloadSchema, valid)).toEqual({
      name: 'Commercial Bank of Ethiopia',
      type: 'BANK',
      url: 'https://combanketh.et',
      logo: '/logos/cbe.png',
      code: 'CBE',
      account_number_length: 13,
      supported_currencies: ['ETB', 'USD'],
    });
  });

  it('gives every spec §5 message for an empty form, on its field, and the same when a JSON client leaves the fields out', () => {
    const empty = {
      name: '',
      type: null,
      url: ' ',
      logo: '',
      code: '',
      account_number_length: '',
      supported_currencies: [],
    };
    expectEmptyFormIssues(paymentMethodPayloadSchema, empty, {
      name: [m.name],
      type: [m.type],
      url: [m.url],
      logo: [m.logo],
      code: [m.code],
      account_number_length: [m.accountNumberLengthRequired],
      supported_currencies: [m.supportedCurrencies],
    });
  });

  it.each([
    'not a url',
    'https://not a url',
    'javascript:alert(1)',
    'ftp://bank.example',
    'mailto:info@bank.example',
    'https://user:pw@bank.example',
    'bank',
    'https://',
    // A URL parser reads these as IPv4 addresses (0.0.0.1, 1.0.0.2).
    '1',
    '1.2',
    'https://0x1',
  ])('refuses the URL %s as not a web address', (url) => {
    expect(issuesOf(paymentMethodPayloadSchema, { ...valid, url })).toEqual({ url: [m.urlInvalid] });
  });

  it.each([
    'https://www.combanketh.et',
    'http://bank.example/path?x=1',
    'awashbank.com',
    ' www.boa.et/ ',
    'https://10.0.0.1/pay',
  ])('takes the web address %s (the list adds https:// when no scheme is written)', (url) => {
    expect(parseOk(paymentMethodPayloadSchema, { ...valid, url }).url).toBe(url.trim());
  });

  it.each([
    'https://zemenbank.com/logo.png',
    '//cdn.example/logo.png',
    '/\\cdn.example/logo.png',
    'logos/cbe.png',
    '/logos/my logo.png',
    'data:text/html,<b>x</b>',
  ])('refuses the logo %s, which the console could not show', (logo) => {
    expect(issuesOf(paymentMethodPayloadSchema, { ...valid, logo })).toEqual({ logo: [m.logoNotShown] });
  });

  it.each(['/api/v1/files/logos/payment-methods/CBE.svg', 'data:image/png;base64,iVBORw0KGgo='])(
    'takes the logo %s (its own server, or a data:image URL)',
    (logo) => {
      expect(parseOk(paymentMethodPayloadSchema, { ...valid, logo }).logo).toBe(logo);
    },
  );

  it.each([0, -3, '0'])('refuses account_number_length %s as not greater than 0', (value) => {
    expect(issuesOf(paymentMethodPayloadSchema, { ...valid, account_number_length: value })).toEqual({
      account_number_length: [m.accountNumberLengthPositive],
    });
  });

  it('refuses a fractional account_number_length and an unknown type', () => {
    expect(
      issuesOf(paymentMethodPayloadSchema, { ...valid, account_number_length: 2.5, type: 'CASH' }),
    ).toEqual({
      account_number_length: [m.accountNumberLengthInteger],
      type: [m.type],
    });
  });
});

describe('paymentMethodListQuerySchema', () => {
  it('defaults paging and refuses a bad limit naming it', () => {
    expect(parseOk(paymentMethodListQuerySchema, {})).toEqual({
      page: 1,
      limit: 10,
      sort: { key: 'created', direction: 'desc' },
    });
    expect(parseOk(paymentMethodListQuerySchema, { sort: 'name.asc' }).sort).toEqual({
      key: 'name',
      direction: 'asc',
    });
    expect(issuesOf(paymentMethodListQuerySchema, { sort: 'name' })).toEqual({
      sort: [expect.stringContaining('sort must be one of created.asc, created.desc, name.asc')],
    });
    expect(issuesOf(paymentMethodListQuerySchema, { limit: '500' })).toEqual({
      limit: ['limit must be an integer from 1 to 100'],
    });
  });
});
