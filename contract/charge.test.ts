import { describe, expect, it } from 'vitest';
import { chargeListQuerySchema, chargePayloadSchema, firstOutOfSequenceRange, nextRangeFrom } from './charge';
import { VALIDATION } from './messages';
import { expectEmptyFormIssues, issuesOf, parseOk, UNIT_STEPS } from './test/helpers';

const m = VALIDATION.charge;
const currency_id = '2b1f7d0e-4a4c-4a57-9a49-0f6e3a3c2d11';
const flat = {
  currency_id,
  name: ' Transfer fee ',
  charge_type: 'GATEWAY_CHARGE',
  charge_time: 'TRANSACTION_FEE',
  charge_calculation_method: 'FLAT',
  amount: 12.5,
  is_range: false,
  charge_ranges: [{ min_amount: 1, max_amount: 5, charge_amount: 1 }],
  fee_on_date: '2026-11-21',
  fee_interval: '',
};
const ranged = {
  ...flat,
  charge_calculation_method: 'PERCENT',
  amount: 0,
  is_range: true,
  charge_ranges: [
    { min_amount: 0, max_amount: '1000', charge_amount: '1.5' },
    { min_amount: 1001, max_amount: 5000, charge_amount: 1 },
  ],
};

describe('chargePayloadSchema', () => {
  it('normalises a flat charge and drops its ranges (Not Ranged)', () => {
    expect(parseOk(chargePayloadSchema, flat)).toEqual({
      currency_id,
      name: 'Transfer fee',
      charge_type: 'GATEWAY_CHARGE',
      charge_time: 'TRANSACTION_FEE',
      charge_calculation_method: 'FLAT',
      amount: '12.5',
      is_range: false,
      charge_ranges: [],
      fee_on_date: '2026-11-21',
      fee_interval: null,
    });
  });

  it('keeps ranges as decimal strings, charge_type defaulted', () => {
    const { charge_type: _, ...noType } = ranged;
    const out = parseOk(chargePayloadSchema, noType);
    expect(out.charge_type).toBe('GATEWAY_CHARGE');
    expect(out.amount).toBe('0');
    expect(out.charge_ranges).toEqual([
      { min_amount: '0', max_amount: '1000', charge_amount: '1.5' },
      { min_amount: '1001', max_amount: '5000', charge_amount: '1' },
    ]);
  });

  it('gives the spec §5 messages for an empty form', () => {
    const empty = {
      currency_id,
      name: '',
      charge_time: null,
      charge_calculation_method: null,
      amount: '',
      is_range: null,
      charge_ranges: [],
      fee_on_date: null,
      fee_interval: '',
    };
    expectEmptyFormIssues(
      chargePayloadSchema,
      empty,
      {
        name: [m.name],
        charge_time: [m.chargeTime],
        charge_calculation_method: [m.calculationMethod],
        amount: [m.amount],
        is_range: [m.rangeStatus],
      },
      { leftOut: false },
    );
  });

  it('reports a missing range status from a JSON client', () => {
    const { is_range: _, ...rest } = flat;
    expect(issuesOf(chargePayloadSchema, rest)).toEqual({ is_range: [m.rangeStatus] });
  });

  it('refuses a negative amount', () => {
    expect(issuesOf(chargePayloadSchema, { ...flat, amount: -1 })).toEqual({ amount: [m.amount] });
  });

  it('checks each range: From, To and Amount at least 0, To above From', () => {
    const bad = {
      ...ranged,
      charge_ranges: [
        { min_amount: -1, max_amount: '', charge_amount: 'x' },
        { min_amount: 100, max_amount: 100, charge_amount: 1 },
      ],
    };
    expect(issuesOf(chargePayloadSchema, bad)).toEqual({
      'charge_ranges.0.min_amount': [m.rangeFrom],
      'charge_ranges.0.max_amount': [m.rangeToInvalid],
      'charge_ranges.0.charge_amount': [m.rangeAmount],
      'charge_ranges.1.max_amount': [m.rangeTo],
    });
  });

  it('needs at least one range when ranged', () => {
    expect(issuesOf(chargePayloadSchema, { ...ranged, charge_ranges: [] })).toEqual({
      charge_ranges: [m.rangesRequired],
    });
  });

  /** `ranged` with these [From, To] ranges, each charging 1. */
  const withRanges = (...ranges: [number | string, number | string][]) => ({
    ...ranged,
    charge_ranges: ranges.map(([min_amount, max_amount]) => ({ min_amount, max_amount, charge_amount: 1 })),
  });

  it.each([
    [
      'overlapping',
      [
        [0, 1000],
        [1000, 2000],
      ],
      m.rangeOrder,
    ],
    [
      'unordered',
      [
        [500, 1000],
        [0, 100],
      ],
      m.rangeOrder,
    ],
    // The issue's case: [0-10] then [500-1000].
    [
      'a hole of more than 1 between',
      [
        [0, 10],
        [500, 1000],
      ],
      m.rangeGap,
    ],
    [
      'a hole just over 1 between',
      [
        [0, '99.99'],
        ['100.990001', 500],
      ],
      m.rangeGap,
    ],
  ] as [string, [number | string, number | string][], string][])(
    'refuses %s ranges on the later range’s From',
    (_, ranges, message) => {
      expect(issuesOf(chargePayloadSchema, withRanges(...ranges))).toEqual({
        'charge_ranges.1.min_amount': [message],
      });
    },
  );

  it('accepts contiguous ranges: each From above the previous To by at most 1', () => {
    const contiguous = withRanges([0, '99.99'], ['100.00', 500], [500.5, 900], [901, 1000]);
    expect(parseOk(chargePayloadSchema, contiguous).charge_ranges).toHaveLength(4);
  });

  it('caps a percentage at 100, on the amount and on each range', () => {
    expect(
      issuesOf(chargePayloadSchema, { ...flat, charge_calculation_method: 'PERCENT', amount: '100.01' }),
    ).toEqual({
      amount: [m.percentMax],
    });
    expect(
      parseOk(chargePayloadSchema, { ...flat, charge_calculation_method: 'PERCENT', amount: 100 }).amount,
    ).toBe('100');
    expect(parseOk(chargePayloadSchema, { ...flat, amount: 250 }).amount).toBe('250');
    const ranges = [{ min_amount: 0, max_amount: 10, charge_amount: 101 }];
    expect(issuesOf(chargePayloadSchema, { ...ranged, charge_ranges: ranges })).toEqual({
      'charge_ranges.0.charge_amount': [m.percentMax],
    });
  });

  it('refuses another charge type, a bad fee date and a bad interval', () => {
    expect(
      issuesOf(chargePayloadSchema, {
        ...flat,
        charge_type: 'OTHER',
        fee_on_date: '2026-02-30',
        fee_interval: 0,
      }),
    ).toEqual({ charge_type: [m.chargeType], fee_on_date: [m.feeOnDate], fee_interval: [m.feeInterval] });
    expect(parseOk(chargePayloadSchema, { ...flat, fee_interval: '7' }).fee_interval).toBe(7);
  });
});

describe('firstOutOfSequenceRange', () => {
  const r = (min: string, max: string) => ({ min_amount: min, max_amount: max, charge_amount: '1' });

  it('finds the first range at or below its predecessor’s To', () => {
    expect(firstOutOfSequenceRange([r('0', '10'), r('11', '20')])).toBeNull();
    expect(firstOutOfSequenceRange([r('0', '10'), r('11', '20'), r('20', '30')])).toEqual({
      index: 2,
      problem: 'overlap',
    });
    expect(firstOutOfSequenceRange([r('0', '9.5'), r('9.50', '20')])).toEqual({
      index: 1,
      problem: 'overlap',
    });
  });

  it('finds the first range more than 1 above its predecessor’s To, exactly', () => {
    expect(firstOutOfSequenceRange([r('0', '10'), r('10.000001', '20'), r('21', '30')])).toBeNull();
    expect(firstOutOfSequenceRange([r('0', '10'), r('11.000001', '20')])).toEqual({
      index: 1,
      problem: 'gap',
    });
    expect(firstOutOfSequenceRange([r('0', '10'), r('11', '20'), r('500', '1000')])).toEqual({
      index: 2,
      problem: 'gap',
    });
    // Beyond a double's precision: still exact.
    expect(
      firstOutOfSequenceRange([r('0', '9007199254740993'), r('9007199254740994', '9007199254740999')]),
    ).toBeNull();
    expect(
      firstOutOfSequenceRange([r('0', '9007199254740993'), r('9007199254740995', '9007199254740999')]),
    ).toEqual({ index: 1, problem: 'gap' });
  });
});

describe('chargeListQuerySchema', () => {
  it('takes a currency_id and refuses a malformed one by name', () => {
    expect(parseOk(chargeListQuerySchema, { currency_id })).toEqual({ page: 1, limit: 10, currency_id });
    expect(issuesOf(chargeListQuerySchema, { currency_id: 'x' })).toEqual({
      currency_id: ['currency_id must be a UUID'],
    });
  });
});

describe('chargePayloadSchema currency', () => {
  it('needs a currency, once', () => {
    expect(issuesOf(chargePayloadSchema, { ...flat, currency_id: '' })).toEqual({
      currency_id: [m.currency],
    });
  });
});

describe('chargePayloadSchema range status', () => {
  it('ignores hidden, invalid ranges of a Not Ranged charge', () => {
    const hidden = { ...flat, charge_ranges: [{ min_amount: '', max_amount: -1, charge_amount: 'x' }] };
    expect(parseOk(chargePayloadSchema, hidden).charge_ranges).toEqual([]);
  });

  it('shows range errors together with the other fields’ errors', () => {
    const bad = { ...ranged, name: '', charge_ranges: [{ min_amount: 10, max_amount: 5, charge_amount: 1 }] };
    expect(issuesOf(chargePayloadSchema, bad)).toEqual({
      name: [m.name],
      'charge_ranges.0.max_amount': [m.rangeTo],
    });
  });

  it('accepts a JSON body that leaves the optional fields out', () => {
    const { charge_type: _t, charge_ranges: _r, fee_on_date: _d, fee_interval: _i, ...bare } = flat;
    expect(parseOk(chargePayloadSchema, bare)).toMatchObject({
      charge_type: 'GATEWAY_CHARGE',
      charge_ranges: [],
      fee_on_date: null,
      fee_interval: null,
    });
  });
});

describe('nextRangeFrom', () => {
  it.each(UNIT_STEPS)('after %s with %i places is %s', (to, places, expected) => {
    expect(nextRangeFrom(to, places)).toBe(expected);
  });
});
