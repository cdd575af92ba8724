/**
 * Exact decimal arithmetic on strings, for money (docs/decisions/003). A value is an integer of
 * units (BigInt) and a scale (digits after the point): "12.50" is 1250 at scale 2. Nothing here
 * ever goes through a JavaScript number, so no cent is lost to binary floating point.
 *
 * The one copy for the whole repository: the contract's schemas, the console, the mocks and the
 * server all import it (`@contract/decimal`). It imports nothing, so every side can.
 *
 * Inputs are decimal strings as the contract's `decimalSchema` writes them (`-?\d+(\.\d+)?`), which
 * is also what PostgreSQL gives back for numeric ("5.000000"). Outputs are normalised: no exponent,
 * no leading zeros, no trailing fraction zeros, no "-0" ("5.000000" -> "5", "-0.10" -> "-0.1").
 * Use `toFixed` when a fixed number of places is wanted for display. `plusOne` and `nextUnitAbove`
 * write a fixed number of places too, as a form or a range boundary wants them.
 *
 * add, sub, mul, negate are exact (a product carries the sum of both scales); the only operations
 * that lose digits are the rounding ones, and they take an explicit rounding mode.
 */

/** A parsed decimal: `units / 10^scale`. */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

/**
 * HALF_UP: ties away from zero (2.5 -> 3, -2.5 -> -3), the rule people expect from a receipt and
 *   the one fees use (docs/ledger.md).
 * HALF_EVEN: ties to the even neighbour (banker's rounding), unbiased over many roundings.
 * DOWN: toward zero (truncate). UP: away from zero. FLOOR: toward -inf. CEILING: toward +inf.
 */
export const ROUNDING_MODES = ['HALF_UP', 'HALF_EVEN', 'DOWN', 'UP', 'FLOOR', 'CEILING'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

/** The database keeps money as numeric(24,6): 18 integer digits, 6 fraction digits. */
export const DB_PRECISION = 24;
export const DB_SCALE = 6;

/** Longer strings are refused before BigInt sees them: no amount needs this many digits. */
const MAX_INPUT_LENGTH = 200;
const DECIMAL_PATTERN = /^(-?)(\d+)(?:\.(\d+))?$/;

export class InvalidDecimalError extends Error {
  override readonly name = 'InvalidDecimalError';
  constructor(
    readonly value: unknown,
    reason = 'is not a decimal number',
  ) {
    super(`${shown(value)} ${reason}`);
  }
}

function shown(value: unknown): string {
  if (typeof value === 'string') {
    const text = value.length > 40 ? `${value.slice(0, 40)}...` : value;
    return JSON.stringify(text);
  }
  return typeof value === 'bigint' ? `${value}n` : String(value);
}

const pow10Cache: bigint[] = [];
function pow10(n: number): bigint {
  if (n < 0 || !Number.isInteger(n)) throw new RangeError(`invalid power of ten: ${n}`);
  let p = pow10Cache[n];
  if (p === undefined) {
    p = 10n ** BigInt(n);
    if (n < 64) pow10Cache[n] = p;
  }
  return p;
}

/** Parses a decimal string. Throws InvalidDecimalError naming the value for anything else. */
export function parseDecimal(value: string): Decimal {
  // The type says string, but callers hand over database and JSON values: check at run time too.
  if (typeof value !== 'string' || value.length > MAX_INPUT_LENGTH) throw new InvalidDecimalError(value);
  const match = DECIMAL_PATTERN.exec(value);
  if (!match) throw new InvalidDecimalError(value);
  const [, sign = '', int = '', frac = ''] = match;
  const units = BigInt(int + frac);
  return { units: sign === '-' ? -units : units, scale: frac.length };
}

/** Brings a value to a larger scale (exact). */
function rescale(d: Decimal, scale: number): bigint {
  return d.units * pow10(scale - d.scale);
}

/** Drops trailing fraction zeros, so equal values have one representation. */
function trim(d: Decimal): Decimal {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}

/** The plain string of a decimal: trailing fraction zeros dropped, never an exponent or "-0". */
export function formatDecimal(d: Decimal): string {
  const { units, scale } = trim(d);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${body}` : body;
}

/** The canonical form of a decimal string ("007.50" -> "7.5", "-0.000" -> "0"). */
export function normalize(value: string): string {
  return formatDecimal(parseDecimal(value));
}

/** True when `value` is a decimal string `parseDecimal` accepts. */
export function isDecimal(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_INPUT_LENGTH && DECIMAL_PATTERN.test(value);
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [rescale(a, scale), rescale(b, scale), scale];
}

export function add(a: string, b: string): string {
  const [x, y, scale] = align(parseDecimal(a), parseDecimal(b));
  return formatDecimal({ units: x + y, scale });
}

export function sub(a: string, b: string): string {
  const [x, y, scale] = align(parseDecimal(a), parseDecimal(b));
  return formatDecimal({ units: x - y, scale });
}

/** The exact product: its scale is the sum of both scales, nothing is rounded. */
export function mul(a: string, b: string): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return formatDecimal({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** The exact sum of a list ("0" when empty). */
export function sum(values: readonly string[]): string {
  let total: Decimal = { units: 0n, scale: 0 };
  for (const v of values) {
    const [x, y, scale] = align(total, parseDecimal(v));
    total = { units: x + y, scale };
  }
  return formatDecimal(total);
}

export function negate(a: string): string {
  const d = parseDecimal(a);
  return formatDecimal({ units: -d.units, scale: d.scale });
}

export function abs(a: string): string {
  const d = parseDecimal(a);
  return formatDecimal({ units: d.units < 0n ? -d.units : d.units, scale: d.scale });
}

/** -1, 0 or 1, exactly, for any two decimal strings (negative ones too; "1" and "1.00" are equal). */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = align(parseDecimal(a), parseDecimal(b));
  return x === y ? 0 : x < y ? -1 : 1;
}

export const eq = (a: string, b: string): boolean => compare(a, b) === 0;
export const lt = (a: string, b: string): boolean => compare(a, b) < 0;
export const lte = (a: string, b: string): boolean => compare(a, b) <= 0;
export const gt = (a: string, b: string): boolean => compare(a, b) > 0;
export const gte = (a: string, b: string): boolean => compare(a, b) >= 0;
export const min = (a: string, b: string): string => (compare(a, b) <= 0 ? normalize(a) : normalize(b));
export const max = (a: string, b: string): string => (compare(a, b) >= 0 ? normalize(a) : normalize(b));

export function isZero(a: string): boolean {
  return parseDecimal(a).units === 0n;
}

export function isNegative(a: string): boolean {
  return parseDecimal(a).units < 0n;
}

export function isPositive(a: string): boolean {
  return parseDecimal(a).units > 0n;
}

/** Digits after the point, trailing zeros ignored ("1.2500" has 2). */
export function fractionDigits(a: string): number {
  return trim(parseDecimal(a)).scale;
}

/**
 * `n / d` rounded to an integer with `mode`. `d` must be positive. BigInt division truncates
 * toward zero; the remainder decides the correction.
 */
function divRound(n: bigint, d: bigint, mode: RoundingMode): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const negative = n < 0n;
  const away = negative ? q - 1n : q + 1n;
  const twice = (r < 0n ? -r : r) * 2n;
  switch (mode) {
    case 'DOWN':
      return q;
    case 'UP':
      return away;
    case 'FLOOR':
      return negative ? away : q;
    case 'CEILING':
      return negative ? q : away;
    case 'HALF_UP':
      return twice >= d ? away : q;
    case 'HALF_EVEN':
      if (twice === d) return q % 2n === 0n ? q : away;
      return twice > d ? away : q;
  }
}

function assertPlaces(places: number): void {
  if (!Number.isSafeInteger(places) || places < 0)
    throw new InvalidDecimalError(places, 'is not a number of places');
}

function assertMode(mode: RoundingMode): void {
  if (!(ROUNDING_MODES as readonly string[]).includes(mode)) {
    throw new InvalidDecimalError(mode, 'is not a rounding mode');
  }
}

/** Rounds to `places` digits after the point with an explicit mode ("2.345", 2, HALF_UP -> "2.35"). */
export function round(value: string, places: number, mode: RoundingMode): string {
  assertPlaces(places);
  assertMode(mode);
  const d = parseDecimal(value);
  if (d.scale <= places) return formatDecimal(d);
  const units = divRound(d.units, pow10(d.scale - places), mode);
  return formatDecimal({ units, scale: places });
}

/** Writes `units / 10^places` with exactly `places` digits after the point (no "-0"). */
function writeFixed(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const body = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${body}` : body;
}

/** Rounds, then writes exactly `places` digits after the point ("2.5", 2 -> "2.50"), for display. */
export function toFixed(value: string, places: number, mode: RoundingMode = 'HALF_UP'): string {
  const rounded = parseDecimal(round(value, places, mode));
  return writeFixed(rescale(rounded, places), places);
}

/**
 * `value + 1`, exactly, written with the fraction digits `value` was written with ("99.90" ->
 * "100.90", "0.1" -> "1.1", "999" -> "1000"): the "previous To + 1" a range editor proposes, and
 * the upper bound of a range's successor (contract/charge.ts).
 */
export function plusOne(value: string): string {
  const d = parseDecimal(value);
  return writeFixed(d.units + pow10(d.scale), d.scale);
}

/**
 * The smallest multiple of one unit of `places` strictly above `value`, written with exactly
 * `places` digits: "1000" with 2 places -> "1000.01", "99.99" -> "100.00", "0.5" with 0 -> "1",
 * "1.005" with 2 -> "1.01". Digits past `places` are floored away first, so the result always lands
 * on a whole unit of the currency.
 */
export function nextUnitAbove(value: string, places: number): string {
  assertPlaces(places);
  const d = parseDecimal(value);
  const floored =
    d.scale <= places ? rescale(d, places) : divRound(d.units, pow10(d.scale - places), 'FLOOR');
  return writeFixed(floored + 1n, places);
}

/**
 * Rounds to the nearest multiple of `step` ("0.05": 1.23 -> 1.25 with HALF_UP). A step of 0 means
 * no step: the value comes back unchanged (normalised). A negative step is refused.
 */
export function roundToMultiple(value: string, step: string, mode: RoundingMode): string {
  assertMode(mode);
  const s = parseDecimal(step);
  if (s.units < 0n) throw new InvalidDecimalError(step, 'is not a valid step (negative)');
  const v = parseDecimal(value);
  if (s.units === 0n) return formatDecimal(v);
  const [x, y, scale] = align(v, s);
  const multiples = divRound(x, y, mode);
  return formatDecimal({ units: multiples * y, scale });
}

/** True when `value` is a whole multiple of `step` (every value is a multiple of step 0). */
export function isMultipleOf(value: string, step: string): boolean {
  const s = parseDecimal(step);
  if (s.units === 0n) return true;
  const [x, y] = align(parseDecimal(value), s);
  return x % y === 0n;
}

/** `percent` % of `amount`, exact: the product carries every digit (2.5 % of 10.01 = "0.25025"). */
export function percentOf(amount: string, percent: string): string {
  const a = parseDecimal(amount);
  const p = parseDecimal(percent);
  // Dividing by 100 is exact: two more digits of scale.
  return formatDecimal({ units: a.units * p.units, scale: a.scale + p.scale + 2 });
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * The least common multiple of two non-negative decimals ("0.02" and "0.05" -> "0.1"); 0 when one
 * of them is 0 is taken as "no constraint", so the other one comes back.
 */
export function lcm(a: string, b: string): string {
  const [x, y, scale] = align(parseDecimal(a), parseDecimal(b));
  if (x < 0n || y < 0n) throw new InvalidDecimalError(x < 0n ? a : b, 'must not be negative');
  if (x === 0n) return formatDecimal({ units: y, scale });
  if (y === 0n) return formatDecimal({ units: x, scale });
  return formatDecimal({ units: (x / gcd(x, y)) * y, scale });
}

/** One unit of the last place: 2 places -> "0.01", 0 -> "1". */
export function unitOf(places: number): string {
  assertPlaces(places);
  return formatDecimal({ units: 1n, scale: places });
}

/** True when the value fits numeric(24,6): at most 18 integer and 6 fraction digits. */
export function fitsDatabase(value: string): boolean {
  const d = trim(parseDecimal(value));
  if (d.scale > DB_SCALE) return false;
  const magnitude = d.units < 0n ? -d.units : d.units;
  return magnitude < pow10(DB_PRECISION - DB_SCALE + d.scale);
}

/** Throws InvalidDecimalError naming the value unless it fits numeric(24,6). */
export function assertFitsDatabase(value: string): string {
  if (!fitsDatabase(value)) {
    throw new InvalidDecimalError(value, `does not fit numeric(${DB_PRECISION},${DB_SCALE})`);
  }
  return normalize(value);
}
