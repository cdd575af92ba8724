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
    expect(parseOk(paymentMethodListQuerySchema, {})).toEqual({ page: 1, limit: 10 });
    expect(issuesOf(paymentMethodListQuerySchema, { limit: '500' })).toEqual({
      limit: ['limit must be an integer from 1 to 100'],
    });
  });
});
