/**
 * Hostile values for the fuzz suite, and the rules of issue 18 that say which of them a field must
 * refuse whatever its schema says today: no NUL character in any text, and no number beyond what
 * its column holds (or not a plain decimal at all where a number is meant).
 */
import fc from 'fast-check';
import type { FieldKind } from './schema';

const FORTY_NINES = '9'.repeat(40);
/** Well past every text column's limit, and a tenth of the body limit. */
export const LONG = 'x'.repeat(100_000);

/** Texts with a NUL character: PostgreSQL cannot store one, so each must be refused before it. */
const WITH_NUL = ['\u0000', 'a\u0000b', 'Fuzz\u0000', 'activate\u0000', `${LONG}\u0000`, '\u00001'];
/** Other controls, lone surrogates and odd code points. */
const ODD_TEXT = [
  '\u0001\u0002\u0007\u001b\u001f\u007f',
  '\r\n\t',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDFFF\uFFFE\uFFFF',
  '\u202Eevil',
  '\u00A0',
];
/** Texts where a number is meant that are not one, or not one a column holds. */
const NUMERIC_TEXT = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-5',
  '0',
  '1e5',
  '1e308',
  '1.5e300',
  '999999999999',
  '2147483648',
  FORTY_NINES,
  '1,000',
  '0x10',
  '1.5',
  '1.0000001',
];
const OTHER_TEXT = [
  '',
  ' ',
  LONG,
  "'; DROP TABLE users; --",
  '%',
  '%00',
  '\\',
  '../../etc/passwd',
  'abc',
  'null',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30',
  '9999-99-99',
];

/** Generated text with controls, surrogates and NUL mixed in (the `binary` unit covers all code points). */
const generatedText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u0000', '\u0008', '\uD800', '\uDFFF', '\u001f'))
    .map(([s, c]) => `${s}${c}${s}`),
);

/** The classes of issue 18 weigh most: NUL, and numbers that are not or do not fit. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WITH_NUL) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_TEXT) },
  { weight: 3, arbitrary: fc.constantFrom(...NUMERIC_TEXT) },
  { weight: 2, arbitrary: fc.constantFrom(...OTHER_TEXT) },
  { weight: 1, arbitrary: generatedText },
);

const HOSTILE_NUMBERS = [
  -1,
  -5,
  0,
  -0,
  0.5,
  1.5,
  1e308,
  -1e308,
  1.5e300,
  999999999999,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e-7,
];

const deepArray = JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`) as unknown;

const wrongTypes = fc.constantFrom<unknown>(
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  ['\u0000'],
  { a: '\u0000' },
  JSON.parse('{"__proto__":"x","constructor":{}}'),
  deepArray,
  Array.from({ length: 1000 }, () => 'x'),
);
const hostileNumbers = fc.constantFrom<unknown>(...HOSTILE_NUMBERS);

/** Any JSON value a field should not get: wrong types, hostile numbers and texts, nested junk. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumbers },
  { weight: 2, arbitrary: wrongTypes },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * A hostile value for a field of a kind: mostly what breaks that kind (numbers that do not fit a
 * number field, NUL and controls in a text), some of anything.
 */
export function hostileFor(kind: FieldKind): fc.Arbitrary<unknown> {
  if (kind === 'number' || kind === 'integer')
    return fc.oneof(
      { weight: 4, arbitrary: hostileNumbers },
      { weight: 3, arbitrary: fc.constantFrom(...NUMERIC_TEXT) },
      { weight: 1, arbitrary: fc.constantFrom(...WITH_NUL) },
      { weight: 2, arbitrary: hostileJson },
    );
  // A well-formed UUID that names nothing stored: the reference must be refused, not left to fail
  // as a foreign key.
  if (kind === 'id')
    return fc.oneof({ weight: 3, arbitrary: fc.uuid({ version: 4 }) }, { weight: 2, arbitrary: hostileJson });
  if (kind === 'text')
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...WITH_NUL) },
      { weight: 2, arbitrary: fc.constantFrom(...ODD_TEXT) },
      { weight: 1, arbitrary: fc.constant(LONG) },
      { weight: 3, arbitrary: hostileJson },
    );
  return hostileJson;
}

/** Whether a value holds a NUL character anywhere (strings, keys, nested). */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, x]) => key.includes('\u0000') || containsNul(x));
  return false;
}

const UUID = /^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/i;

/** Integer columns are PostgreSQL `integer`. */
const INT_MAX = 2_147_483_647;
/** Money is numeric(24,6): 18 whole digits; the longest digit text (an account number) is 34. */
const NUMBER_MAX = 1e18;
const DIGITS_MAX = 34;

/**
 * Why issue 18 says a field of this kind must refuse this value whatever its schema does, or null:
 * a NUL, a number its column cannot hold, a reference to no record (`stored`: every id the suite
 * saw stored, lower-cased). Wrong types and values outside a fixed list are left to the schema.
 */
export function ruleRefusal(
  kind: FieldKind,
  value: unknown,
  stored: ReadonlySet<string> = new Set(),
): string | null {
  if (containsNul(value)) return 'it holds a NUL character';
  if (
    kind === 'id' &&
    typeof value === 'string' &&
    UUID.test(value.trim()) &&
    !stored.has(value.trim().toLowerCase())
  )
    return 'it names no stored record';
  if (kind !== 'number' && kind !== 'integer') return null;
  if (typeof value === 'number') {
    if (value < 0) return 'a number field is negative';
    if (value >= (kind === 'integer' ? INT_MAX + 1 : NUMBER_MAX)) return 'a number beyond its column';
    return null;
  }
  if (typeof value === 'string') {
    const s = value.trim();
    if (s === '') return null;
    if (!/^\d+(\.\d+)?$/.test(s)) return 'a number field holds text that is not a plain decimal';
    const whole = s.split('.')[0] ?? '';
    if (whole.length > DIGITS_MAX) return 'a number beyond any column';
    if (kind === 'integer' && Number(s) > INT_MAX) return 'a number beyond its integer column';
    return null;
  }
  if (value !== null && typeof value === 'object') return 'a number field holds an object or array';
  return null;
}
