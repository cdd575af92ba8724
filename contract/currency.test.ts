import { describe, expect, it } from 'vitest';
import { currencyListQuerySchema, currencyPayloadSchema } from './currency';
import { VALIDATION } from './messages';
import { expectEmptyFormIssues, issuesOf, parseOk } from './test/helpers';

const m = VALIDATION.currency;
const valid = {
  name: 'Ethiopian Birr',
  decimal_places: 2,
  in_multiples_of: '1',
  display_symbol: 'Br',
  name_code: 'etb ',
};

describe('currencyPayloadSchema', () => {
  it('normalises a valid form', () => {
    expect(parseOk(currencyPayloadSchema, valid)).toEqual({
      name: 'Ethiopian Birr',
      decimal_places: 2,
      in_multiples_of: '1',
      display_symbol: 'Br',
      name_code: 'ETB',
    });
  });

  it('keeps a fractional rounding step exact, from a number or a string', () => {
    expect(parseOk(currencyPayloadSchema, { ...valid, in_multiples_of: 0.05 })).toMatchObject({
      in_multiples_of: '0.05',
    });
    expect(parseOk(currencyPayloadSchema, { ...valid, in_multiples_of: '0.05' })).toMatchObject({
      in_multiples_of: '0.05',
    });
  });

  it('accepts zero decimal places and multiples', () => {
    expect(parseOk(currencyPayloadSchema, { ...valid, decimal_places: 0, in_multiples_of: 0 })).toMatchObject(
      {
        decimal_places: 0,
        in_multiples_of: '0',
      },
    );
  });

  it('gives the spec §5 messages for an empty form', () => {
    const empty = { name: '', decimal_places: '', in_multiples_of: '', display_symbol: '', name_code: '' };
    expectEmptyFormIssues(currencyPayloadSchema, empty, {
      name: [m.name],
      decimal_places: [m.decimalPlaces],
      in_multiples_of: [m.inMultiplesOf],
      display_symbol: [m.displaySymbol],
      name_code: [m.nameCode],
    });
  });

  it('refuses negative numbers with the spec texts', () => {
    expect(issuesOf(currencyPayloadSchema, { ...valid, decimal_places: -1, in_multiples_of: '-5' })).toEqual({
      decimal_places: [m.decimalPlaces],
      in_multiples_of: [m.inMultiplesOf],
    });
  });

  it('refuses more decimal places than amounts are stored with', () => {
    expect(issuesOf(currencyPayloadSchema, { ...valid, decimal_places: 7 })).toEqual({
      decimal_places: [m.decimalPlacesMax],
    });
  });
});

describe('currencyListQuerySchema', () => {
  it('takes the forms’ page 1, limit 50', () => {
    expect(parseOk(currencyListQuerySchema, { page: '1', limit: '50', search_term: ' birr ' })).toEqual({
      page: 1,
      limit: 50,
      search_term: 'birr',
      sort: { key: 'created', direction: 'desc' },
    });
  });
});

describe('currencyPayloadSchema number rules', () => {
  it('reports a negative fraction once, as not whole, and a non-number multiple with the spec text', () => {
    expect(
      issuesOf(currencyPayloadSchema, { ...valid, decimal_places: -2.5, in_multiples_of: 'abc' }),
    ).toEqual({
      decimal_places: [m.decimalPlacesInteger],
      in_multiples_of: [m.inMultiplesOf],
    });
  });
});
