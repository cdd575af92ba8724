import type { Charge } from '@contract/charge';
import {
  compare,
  fractionDigits,
  isMultipleOf,
  lte,
  min,
  percentOf,
  roundToMultiple,
  sub,
} from '@contract/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeFee,
  currencyStep,
  type FeeCharge,
  type FeeChargeRange,
  type FeeCurrency,
  InvalidChargeError,
  selectCharge,
} from './fees';

const RUNS = { numRuns: 300 };
const ETB: FeeCurrency = { decimal_places: 2, in_multiples_of: '0.05' };
const USD: FeeCurrency = { decimal_places: 2, in_multiples_of: '0.01' };

let nextId = 0;
function charge(over: Partial<FeeCharge> = {}): FeeCharge {
  nextId += 1;
  return {
    id: `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    charge_time: 'TRANSACTION_FEE',
    charge_calculation_method: 'FLAT',
    amount: '0',
    is_range: false,
    charge_ranges: [],
    fee_on_date: null,
    ...over,
  };
}

const fee = (amount: string, charges: FeeCharge[], currency = USD, on?: string) =>
  computeFee({ amount, currency, charges, on });

describe('computeFee: flat and percent', () => {
  it('no charge in force: fee 0 and no charge id', () => {
    expect(computeFee({ amount: '100', currency: USD, charges: [] })).toEqual({ fee: '0', charge_id: null });
    const refund = charge({ charge_time: 'REFUND_FEE', amount: '5' });
    expect(fee('100', [refund])).toEqual({ fee: '0', charge_id: null });
    expect(
      computeFee({ amount: '100', currency: USD, charges: [refund], chargeTime: 'REFUND_FEE' }).fee,
    ).toBe('5');
  });

  it('FLAT is the amount as a fee; PERCENT is amount * pct / 100, half up to the currency step', () => {
    const flat = charge({ amount: '5' });
    expect(fee('100', [flat])).toMatchObject({ fee: '5', charge_id: flat.id, method: 'FLAT', rate: '5' });
    // 2.5 % of 1000.10 = 25.0025 -> 25.00 on a 0.05 step.
    expect(fee('1000.10', [charge({ charge_calculation_method: 'PERCENT', amount: '2.5' })], ETB).fee).toBe(
      '25',
    );
    // 1.5 % of 10.01 = 0.15015 -> 0.15.
    expect(fee('10.01', [charge({ charge_calculation_method: 'PERCENT', amount: '1.5' })]).fee).toBe('0.15');
    // A tie rounds up: 1 % of 0.50 = 0.005 -> 0.01.
    expect(fee('0.50', [charge({ charge_calculation_method: 'PERCENT', amount: '1' })]).fee).toBe('0.01');
    // 3 % of 1.74 = 0.0522 -> 0.05 on ETB; 3 % of 2.50 = 0.075 -> 0.1 (a tie of the 0.05 step).
    const pct3 = charge({ charge_calculation_method: 'PERCENT', amount: '3' });
    expect(fee('1.74', [pct3], ETB).fee).toBe('0.05');
    expect(fee('2.50', [pct3], ETB).fee).toBe('0.1');
  });

  it('rounds to the currency: decimal places, in_multiples_of, both at once', () => {
    const pct = charge({ charge_calculation_method: 'PERCENT', amount: '1.25' });
    // 1.25 % of 1234 = 15.425
    expect(fee('1234', [pct], { decimal_places: 0, in_multiples_of: 0 }).fee).toBe('15');
    expect(fee('1234', [pct], { decimal_places: 2, in_multiples_of: '0' }).fee).toBe('15.43');
    expect(fee('1234', [pct], { decimal_places: 2, in_multiples_of: 1 }).fee).toBe('15');
    expect(fee('1234', [pct], { decimal_places: 0, in_multiples_of: '5' }).fee).toBe('15');
    expect(fee('1234', [pct], { decimal_places: 3, in_multiples_of: '0.005' }).fee).toBe('15.425');
    // One rounding, straight to the step: 1.5 % of 1.00 = 0.015 is 0 on a 0.04 step (rounding to
    // 0.02 first would make a tie of it and give 0.04).
    const pct15 = charge({ charge_calculation_method: 'PERCENT', amount: '1.5' });
    expect(fee('1.00', [pct15], { decimal_places: 2, in_multiples_of: '0.04' }).fee).toBe('0');
    // A step finer than the unit adds nothing; 0.02 and 0.05 together mean 0.10.
    expect(currencyStep({ decimal_places: 2, in_multiples_of: '0.005' })).toBe('0.01');
    expect(currencyStep({ decimal_places: 2, in_multiples_of: '0.02' })).toBe('0.02');
    expect(currencyStep({ decimal_places: 1, in_multiples_of: '0.25' })).toBe('0.5');
    expect(() => currencyStep({ decimal_places: 2, in_multiples_of: 0.05 })).toThrow(
      '0.05 is not a valid in_multiples_of',
    );
    expect(() => currencyStep({ decimal_places: 2, in_multiples_of: '-1' })).toThrow(
      '"-1" is not a valid in_multiples_of',
    );
    expect(() => currencyStep({ decimal_places: -1, in_multiples_of: '0' })).toThrow('decimal_places');
  });

  it('never exceeds the amount: capped at the amount rounded down to the step', () => {
    const flat = charge({ amount: '10' });
    expect(fee('3', [flat]).fee).toBe('3');
    expect(fee('3.47', [flat], ETB).fee).toBe('3.45');
    expect(fee('0.03', [flat], ETB).fee).toBe('0');
    expect(fee('0', [flat]).fee).toBe('0');
    expect(fee('50', [charge({ charge_calculation_method: 'PERCENT', amount: '150' })]).fee).toBe('50');
  });

  it('refuses bad amounts and bad charges, naming the value', () => {
    expect(() => fee('-1', [])).toThrow('"-1" must not be negative');
    expect(() => fee('1e3', [])).toThrow('"1e3" is not a decimal number');
    const ranged = charge({ is_range: true, charge_ranges: [] });
    expect(() => fee('10', [ranged])).toThrow(InvalidChargeError);
    expect(() => fee('10', [ranged])).toThrow(`Charge ${ranged.id} is ranged but has no ranges`);
    expect(() => fee('10', [charge({ amount: '-2' })])).toThrow('invalid charge amount "-2"');
  });

  it('takes a contract Charge as it is', () => {
    const c: Charge = {
      id: '6f1c1d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
      currency_id: '7f1c1d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
      name: 'Gateway fee',
      charge_type: 'GATEWAY_CHARGE',
      charge_time: 'TRANSACTION_FEE',
      charge_calculation_method: 'PERCENT',
      amount: '2.000000',
      is_range: false,
      charge_ranges: [],
      fee_on_date: '2026-01-01',
      fee_interval: null,
      currency: { id: '7f1c1d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f', name: 'Ethiopian Birr', name_code: 'ETB' },
      created_at: '2026-01-01T00:00:00.000Z',
    };
    const currency = { id: c.currency_id, decimal_places: 2, in_multiples_of: '0.050000' };
    expect(computeFee({ amount: '1500.000000', currency, charges: [c], on: '2026-03-01' })).toMatchObject({
      fee: '30',
      charge_id: c.id,
      rate: '2',
    });
    // Another currency's charge does not apply.
    expect(computeFee({ amount: '1500', currency: { ...currency, id: 'other' }, charges: [c] }).fee).toBe(
      '0',
    );
  });
});

describe('selectCharge: the charge in force', () => {
  const jan = charge({ amount: '5', fee_on_date: '2026-01-01' });
  const jun = charge({ amount: '7', fee_on_date: '2026-06-01' });
  const always = charge({ amount: '1', fee_on_date: null });

  it('is the latest fee_on_date not after the transaction day; undated charges always apply', () => {
    expect(fee('100', [jan, jun, always], USD, '2026-03-01').charge_id).toBe(jan.id);
    expect(fee('100', [jan, jun, always], USD, '2026-06-01').charge_id).toBe(jun.id);
    expect(fee('100', [jan, jun, always], USD, '2025-12-31').charge_id).toBe(always.id);
    expect(fee('100', [jan, jun], USD, '2025-12-31')).toEqual({ fee: '0', charge_id: null });
    // Without a date every charge counts: the latest dated one wins.
    expect(fee('100', [jan, jun, always]).charge_id).toBe(jun.id);
    // Timestamps count by their UTC day.
    expect(fee('100', [jan, jun], USD, '2026-05-31T23:30:00-02:00').charge_id).toBe(jun.id);
    expect(
      computeFee({ amount: '1', currency: USD, charges: [jan, jun], on: new Date('2026-02-02') }).charge_id,
    ).toBe(jan.id);
    expect(() => fee('100', [jan], USD, 'yesterday')).toThrow('"yesterday" is not a date');
  });

  it('breaks ties by newest created_at, then greatest id, whatever the input order', () => {
    const a = charge({ id: 'a', fee_on_date: '2026-01-01', created_at: '2026-01-01T10:00:00Z' });
    const b = charge({ id: 'b', fee_on_date: '2026-01-01', created_at: '2026-01-01T09:00:00Z' });
    const c = charge({ id: 'c', fee_on_date: '2026-01-01', created_at: '2026-01-01T09:00:00Z' });
    const ignored = charge({ id: 'z', charge_type: 'OTHER', fee_on_date: '2026-02-01' });
    fc.assert(
      fc.property(fc.shuffledSubarray([a, b, c, ignored], { minLength: 4, maxLength: 4 }), (order) => {
        expect(selectCharge(order)?.id).toBe('a');
        expect(selectCharge(order.filter((x) => x !== a))?.id).toBe('c');
      }),
      { numRuns: 30 },
    );
  });
});

describe('ranged charges', () => {
  const ranges: FeeChargeRange[] = [
    { min_amount: '1000.01', max_amount: '5000', charge_amount: '20' },
    { min_amount: '0', max_amount: '1000', charge_amount: '10' },
    { min_amount: '6000', max_amount: '10000', charge_amount: '30' },
  ];
  const ranged = charge({ is_range: true, charge_ranges: ranges });
  const at = (amount: string) => fee(amount, [ranged]);

  it('picks the band containing the amount, boundaries included, whatever their order', () => {
    expect(at('0')).toMatchObject({ fee: '0', range: { index: 0, match: 'WITHIN' } });
    expect(at('500')).toMatchObject({ fee: '10', range: { index: 0, match: 'WITHIN', max_amount: '1000' } });
    expect(at('1000')).toMatchObject({ fee: '10', range: { index: 0, match: 'WITHIN' } });
    expect(at('1000.01')).toMatchObject({ fee: '20', range: { index: 1, match: 'WITHIN' } });
    expect(at('5000')).toMatchObject({ fee: '20', range: { index: 1, match: 'WITHIN' } });
    expect(at('6000')).toMatchObject({ fee: '30', range: { index: 2, match: 'WITHIN' } });
    expect(at('10000')).toMatchObject({ fee: '30', range: { index: 2, match: 'WITHIN' } });
  });

  it('a gap takes the lower band; above the last takes the last; below the first takes the first', () => {
    expect(at('1000.005')).toMatchObject({ fee: '10', range: { index: 0, match: 'GAP' } });
    expect(at('5000.01')).toMatchObject({ fee: '20', range: { index: 1, match: 'GAP' } });
    expect(at('5999.99')).toMatchObject({ fee: '20', range: { index: 1, match: 'GAP' } });
    expect(at('10000.01')).toMatchObject({ fee: '30', range: { index: 2, match: 'ABOVE_LAST' } });
    expect(at('99999999')).toMatchObject({ fee: '30', range: { index: 2, match: 'ABOVE_LAST' } });
    const fromHundred = charge({
      is_range: true,
      charge_ranges: [{ min_amount: '100', max_amount: '200', charge_amount: '4' }],
    });
    expect(fee('50', [fromHundred])).toMatchObject({ fee: '4', range: { index: 0, match: 'BELOW_FIRST' } });
    expect(fee('3', [fromHundred]).fee).toBe('3');
  });

  it('a PERCENT ranged charge takes the band charge_amount as the percentage', () => {
    const pct = charge({
      is_range: true,
      charge_calculation_method: 'PERCENT',
      amount: '0',
      charge_ranges: [
        { min_amount: '0', max_amount: '1000', charge_amount: '2' },
        { min_amount: '1000.01', max_amount: '100000', charge_amount: '1.5' },
      ],
    });
    expect(fee('1000', [pct])).toMatchObject({ fee: '20', rate: '2' });
    // 1.5 % of 1000.01 = 15.00015 -> 15; the fee can drop across a band boundary, by design.
    expect(fee('1000.01', [pct])).toMatchObject({ fee: '15', rate: '1.5' });
    expect(fee('1000.01', [pct], ETB).fee).toBe('15');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

/** Amounts with up to 6 decimals, up to a trillion. */
const amountArb = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 0, max: 6 }))
  .map(([units, scale]) => {
    const digits = units.toString().padStart(scale + 1, '0');
    return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  });
const rateArb = fc
  .tuple(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 3 }))
  .map(([n, s]) =>
    s === 0 ? String(n) : `${Math.floor(n / 10 ** s)}.${String(n % 10 ** s).padStart(s, '0')}`,
  );
const currencyArb = fc.record({
  decimal_places: fc.integer({ min: 0, max: 6 }),
  in_multiples_of: fc.constantFrom<string | number>(
    '0',
    '0.01',
    '0.05',
    '0.25',
    '1',
    '5',
    '100',
    '0.005',
    0,
    1,
    10,
  ),
});
const rangesArb = fc.array(fc.tuple(amountArb, rateArb), { minLength: 1, maxLength: 4 }).map((pairs) => {
  // Bands from sorted cut points; they may overlap or leave gaps, and the fee must still stay in bounds.
  const cuts = [...new Set(pairs.map(([a]) => a))].sort(compare);
  return cuts.map((from, i) => ({
    min_amount: from,
    max_amount: `${from}1`.includes('.') ? `${from}1` : `${from}.5`,
    charge_amount: pairs[i]?.[1] ?? '1',
  }));
});
const chargeArb = fc.record({
  charge_calculation_method: fc.constantFrom('FLAT' as const, 'PERCENT' as const),
  amount: rateArb,
  is_range: fc.boolean(),
  charge_ranges: rangesArb,
});

describe('fee properties', () => {
  it('is within [0, amount], a multiple of the unit and of in_multiples_of, at most decimal_places digits', () => {
    fc.assert(
      fc.property(amountArb, currencyArb, chargeArb, (amount, currency, c) => {
        const result = computeFee({ amount, currency, charges: [charge(c)] });
        expect(compare(result.fee, '0')).toBeGreaterThanOrEqual(0);
        expect(lte(result.fee, amount)).toBe(true);
        expect(fractionDigits(result.fee)).toBeLessThanOrEqual(currency.decimal_places);
        expect(isMultipleOf(result.fee, String(currency.in_multiples_of))).toBe(true);
        expect(isMultipleOf(result.fee, currencyStep(currency))).toBe(true);
      }),
      RUNS,
    );
  });

  it('PERCENT (not ranged) is within half a step of the exact value unless capped, and monotonic', () => {
    fc.assert(
      fc.property(amountArb, amountArb, rateArb, currencyArb, (x, y, pct, currency) => {
        const c = charge({ charge_calculation_method: 'PERCENT', amount: pct });
        const [lo, hi] = compare(x, y) <= 0 ? [x, y] : [y, x];
        const feeLo = computeFee({ amount: lo, currency, charges: [c] }).fee;
        const feeHi = computeFee({ amount: hi, currency, charges: [c] }).fee;
        expect(lte(feeLo, feeHi)).toBe(true);
        const step = currencyStep(currency);
        const exact = percentOf(lo, pct);
        const cap = roundToMultiple(lo, step, 'DOWN');
        const expected = min(roundToMultiple(exact, step, 'HALF_UP'), cap);
        expect(feeLo).toBe(expected);
        if (lte(roundToMultiple(exact, step, 'HALF_UP'), cap)) {
          const diff = sub(feeLo, exact);
          const absDiff = diff.startsWith('-') ? diff.slice(1) : diff;
          expect(lte(absDiff, percentOf(step, '50'))).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('FLAT does not depend on the amount (once the amount covers it)', () => {
    fc.assert(
      fc.property(amountArb, amountArb, rateArb, currencyArb, (x, y, flat, currency) => {
        const c = charge({ amount: flat });
        const step = currencyStep(currency);
        const full = roundToMultiple(flat, step, 'HALF_UP');
        for (const amount of [x, y]) {
          const got = computeFee({ amount, currency, charges: [c] }).fee;
          expect(got).toBe(min(full, roundToMultiple(amount, step, 'DOWN')));
        }
        const big = `${full}000`;
        expect(computeFee({ amount: big, currency, charges: [c] }).fee).toBe(full);
      }),
      RUNS,
    );
  });
});
