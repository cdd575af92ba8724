import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  assertFitsDatabase,
  compare,
  fitsDatabase,
  fractionDigits,
  InvalidDecimalError,
  isMultipleOf,
  isZero,
  lcm,
  mul,
  negate,
  nextUnitAbove,
  normalize,
  parseDecimal,
  percentOf,
  plusOne,
  ROUNDING_MODES,
  type RoundingMode,
  round,
  roundToMultiple,
  sub,
  sum,
  toFixed,
} from './decimal';
import { UNIT_STEPS } from './test/helpers';

const RUNS = { numRuns: 300 };
/** Enough places for every value below (inputs up to 8, products up to 16). */
const REF_SCALE = 20;

/** An independent reading of a decimal string as an integer at REF_SCALE, for the reference. */
function ref(s: string): bigint {
  const negative = s.startsWith('-');
  const [int = '0', frac = ''] = (negative ? s.slice(1) : s).split('.');
  const v = BigInt(int + frac.padEnd(REF_SCALE, '0'));
  return negative ? -v : v;
}

/** Decimal strings as databases, JSON and people write them: signs, leading and trailing zeros. */
const decimalString = fc
  .tuple(
    fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }),
    fc.integer({ min: 0, max: 8 }),
    fc.integer({ min: 0, max: 2 }),
    fc.integer({ min: 0, max: 2 }),
  )
  .map(([units, scale, leading, trailing]) => {
    const negative = units < 0n;
    const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
    const int = '0'.repeat(leading) + (scale === 0 ? digits : digits.slice(0, -scale));
    const frac = (scale === 0 ? '' : digits.slice(-scale)) + '0'.repeat(scale === 0 ? 0 : trailing);
    return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
  });

const nonNegative = decimalString.map((s) => (s.startsWith('-') ? s.slice(1) : s));

describe('parse and format', () => {
  it.each([
    ['5.000000', '5'],
    ['007.50', '7.5'],
    ['-0.000', '0'],
    ['-0.10', '-0.1'],
    ['0.000001', '0.000001'],
    ['123456789012345678.123456', '123456789012345678.123456'],
  ])('normalises %s to %s: no exponent, leading zeros, trailing zeros or -0', (value, expected) => {
    expect(normalize(value)).toBe(expected);
  });

  it('adds and multiplies without binary rounding', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(mul('1000000000000000000000', '0.000001')).toBe('1000000000000000');
  });

  it('refuses what is not a decimal string, naming the value', () => {
    for (const bad of ['', ' 1', '1.', '.5', '1e5', '+1', 'NaN', 'Infinity', '1,5', '0x10', '--1']) {
      expect(() => parseDecimal(bad)).toThrow(InvalidDecimalError);
      expect(() => parseDecimal(bad)).toThrow(JSON.stringify(bad));
    }
    expect(() => parseDecimal(1.5 as unknown as string)).toThrow('1.5 is not a decimal number');
    expect(() => parseDecimal('1'.repeat(201))).toThrow(InvalidDecimalError);
  });

  it('round-trips: normalise is idempotent and keeps the value', () => {
    fc.assert(
      fc.property(decimalString, (s) => {
        const n = normalize(s);
        expect(normalize(n)).toBe(n);
        expect(ref(n)).toBe(ref(s));
        expect(n).not.toMatch(/e|^-0$|^-?0\d|\.\d*0$/);
      }),
      RUNS,
    );
  });
});

describe('compare', () => {
  // The cases the contract's schemas relied on when they had a comparison of their own.
  it.each([
    ['1', '1.00', 0],
    ['0.1', '0.10000', 0],
    ['10', '9.999', 1],
    ['009', '10', -1],
    ['9007199254740993', '9007199254740992', 1],
    ['0.000001', '0', 1],
    ['-1', '0', -1],
    ['-0.5', '-0.25', -1],
    ['-0', '0.000', 0],
  ] as const)('%s vs %s is %i', (a, b, expected) => {
    expect(compare(a, b)).toBe(expected);
    expect(compare(b, a)).toBe(-expected || 0);
  });
});

describe('arithmetic agrees with a BigInt reference', () => {
  it('add, sub, negate, compare, isZero', () => {
    fc.assert(
      fc.property(decimalString, decimalString, (a, b) => {
        expect(ref(add(a, b))).toBe(ref(a) + ref(b));
        expect(ref(sub(a, b))).toBe(ref(a) - ref(b));
        expect(ref(negate(a))).toBe(-ref(a));
        const c = ref(a) === ref(b) ? 0 : ref(a) < ref(b) ? -1 : 1;
        expect(compare(a, b)).toBe(c);
        expect(isZero(a)).toBe(ref(a) === 0n);
      }),
      RUNS,
    );
  });

  it('mul is exact', () => {
    fc.assert(
      fc.property(decimalString, decimalString, (a, b) => {
        // At REF_SCALE a product carries the scale twice: divide once, exactly.
        const exact = ref(a) * ref(b);
        expect(exact % 10n ** BigInt(REF_SCALE)).toBe(0n);
        expect(ref(mul(a, b))).toBe(exact / 10n ** BigInt(REF_SCALE));
      }),
      RUNS,
    );
  });

  it('sum of a list equals folding add', () => {
    fc.assert(
      fc.property(fc.array(decimalString, { maxLength: 8 }), (xs) => {
        expect(ref(sum(xs))).toBe(xs.reduce((acc, x) => acc + ref(x), 0n));
      }),
      RUNS,
    );
  });

  it('percentOf(a, p) * 100 = a * p', () => {
    fc.assert(
      fc.property(nonNegative, nonNegative, (a, p) => {
        expect(compare(mul(percentOf(a, p), '100'), mul(a, p))).toBe(0);
      }),
      RUNS,
    );
    expect(percentOf('10.01', '2.5')).toBe('0.25025');
  });
});

describe('round', () => {
  it('follows each mode on ties and non-ties', () => {
    const cases: [string, RoundingMode, string][] = [
      ['2.345', 'HALF_UP', '2.35'],
      ['2.345', 'HALF_EVEN', '2.34'],
      ['2.355', 'HALF_EVEN', '2.36'],
      ['-2.345', 'HALF_UP', '-2.35'],
      ['-2.345', 'HALF_EVEN', '-2.34'],
      ['2.341', 'UP', '2.35'],
      ['2.349', 'DOWN', '2.34'],
      ['-2.341', 'FLOOR', '-2.35'],
      ['-2.349', 'CEILING', '-2.34'],
      ['2.3449', 'HALF_UP', '2.34'],
    ];
    for (const [value, mode, expected] of cases) expect(round(value, 2, mode)).toBe(expected);
    expect(toFixed('2.5', 2)).toBe('2.50');
    expect(toFixed('-0.004', 2)).toBe('0.00');
    expect(toFixed('1234.5', 0, 'HALF_EVEN')).toBe('1234');
  });

  it('is idempotent and stays within half a unit (one unit for directed modes)', () => {
    fc.assert(
      fc.property(
        decimalString,
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom(...ROUNDING_MODES),
        (x, places, mode) => {
          const r = round(x, places, mode);
          expect(round(r, places, mode)).toBe(r);
          expect(fractionDigits(r)).toBeLessThanOrEqual(places);
          const diff = ref(r) - ref(x);
          const unit = 10n ** BigInt(REF_SCALE - places);
          const abs = diff < 0n ? -diff : diff;
          if (mode.startsWith('HALF')) expect(abs * 2n <= unit).toBe(true);
          else expect(abs < unit).toBe(true);
          if (mode === 'FLOOR') expect(diff <= 0n).toBe(true);
          if (mode === 'CEILING') expect(diff >= 0n).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('to a multiple: the result is a multiple, within half a step, idempotent; step 0 is no step', () => {
    const step = fc.constantFrom('0.05', '1', '0.01', '5', '0.25', '100', '0.000001');
    fc.assert(
      fc.property(decimalString, step, (x, s) => {
        const r = roundToMultiple(x, s, 'HALF_UP');
        expect(isMultipleOf(r, s)).toBe(true);
        expect(roundToMultiple(r, s, 'HALF_UP')).toBe(r);
        const diff = ref(r) - ref(x);
        expect((diff < 0n ? -diff : diff) * 2n <= ref(s)).toBe(true);
        expect(roundToMultiple(x, '0', 'HALF_UP')).toBe(normalize(x));
      }),
      RUNS,
    );
    expect(roundToMultiple('1.23', '0.05', 'HALF_UP')).toBe('1.25');
    expect(roundToMultiple('1.225', '0.05', 'HALF_UP')).toBe('1.25');
    expect(roundToMultiple('1.224', '0.05', 'HALF_UP')).toBe('1.2');
    expect(() => roundToMultiple('1', '-1', 'HALF_UP')).toThrow('"-1" is not a valid step');
  });
});

describe('plusOne', () => {
  it.each([
    ['1000', '1001'],
    ['999', '1000'],
    ['0.1', '1.1'],
    ['99.99', '100.99'],
    ['99.90', '100.90'],
    ['99999999999999999', '100000000000000000'],
    ['9007199254740993.5', '9007199254740994.5'],
    ['-0.5', '0.5'],
    ['-1', '0'],
  ])('adds one to %s exactly, keeping the fraction digits as written: %s', (value, expected) => {
    expect(plusOne(value)).toBe(expected);
  });

  it('refuses what is not a decimal', () => {
    expect(() => plusOne('1e5')).toThrow(InvalidDecimalError);
  });

  it('is add(value, 1), written at the scale of value', () => {
    fc.assert(
      fc.property(decimalString, (x) => {
        const r = plusOne(x);
        expect(ref(r)).toBe(ref(x) + ref('1'));
        expect(r.split('.')[1]?.length ?? 0).toBe(x.split('.')[1]?.length ?? 0);
        expect(r).not.toMatch(/^-0(\.0*)?$|^-?0\d/);
      }),
      RUNS,
    );
  });
});

describe('nextUnitAbove', () => {
  it.each([
    ...UNIT_STEPS,
    ['1.005', 2, '1.01'],
    ['1.009', 2, '1.01'],
    ['-1.005', 2, '-1.00'],
    ['-0.001', 2, '0.00'],
  ] as const)('after %s with %i places is %s', (value, places, expected) => {
    expect(nextUnitAbove(value, places)).toBe(expected);
  });

  it('is the first whole unit strictly above the value, written with exactly the places', () => {
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 0, max: 6 }), (x, places) => {
        const r = nextUnitAbove(x, places);
        const unit = 10n ** BigInt(REF_SCALE - places);
        expect(ref(r) > ref(x)).toBe(true);
        expect(ref(r) - ref(x) <= unit).toBe(true);
        expect(ref(r) % unit).toBe(0n);
        expect(r.split('.')[1]?.length ?? 0).toBe(places);
      }),
      RUNS,
    );
    expect(() => nextUnitAbove('1', -1)).toThrow(InvalidDecimalError);
  });
});

describe('lcm and the numeric(24,6) range', () => {
  it('lcm of steps', () => {
    expect(lcm('0.01', '0.05')).toBe('0.05');
    expect(lcm('0.02', '0.05')).toBe('0.1');
    expect(lcm('0.01', '0.005')).toBe('0.01');
    expect(lcm('0.01', '0')).toBe('0.01');
    expect(lcm('1', '0.25')).toBe('1');
  });

  it('knows what the database can store', () => {
    expect(fitsDatabase('999999999999999999.999999')).toBe(true);
    expect(fitsDatabase('-999999999999999999.999999')).toBe(true);
    expect(fitsDatabase('1000000000000000000')).toBe(false);
    expect(fitsDatabase('0.0000001')).toBe(false);
    expect(fitsDatabase('5.000000000')).toBe(true);
    expect(() => assertFitsDatabase('0.1234567')).toThrow('"0.1234567" does not fit numeric(24,6)');
    expect(add('999999999999999999.999999', '0.000001')).toBe('1000000000000000000');
  });
});
