/**
 * The fee engine: the gateway charge a transaction pays (spec §3 Charge, §9 charge times), as an
 * exact decimal string. Pure: the caller loads the currency and its charges and stores the result.
 * The rules (which charge, which range, how it is rounded) are written down in docs/ledger.md.
 */
import { CHARGE_TYPE, type ChargeCalculationMethod, type ChargeTime } from '@contract/charge';
import {
  compare,
  InvalidDecimalError,
  isDecimal,
  isNegative,
  lcm,
  lte,
  normalize,
  percentOf,
  type RoundingMode,
  roundToMultiple,
  unitOf,
} from '@contract/decimal';

/** Fees round half up: a fee of exactly half a step is charged, as a receipt would show it. */
export const FEE_ROUNDING: RoundingMode = 'HALF_UP';

/** What the engine needs of a currency (spec §3). */
export interface FeeCurrency {
  /** When given, charges of another currency are ignored. */
  id?: string;
  decimal_places: number;
  /**
   * The step amounts move in, in currency units ("0.05": five cents; "1": whole units; "0": none),
   * as the database stores it. A whole number is accepted too (the contract's form input).
   */
  in_multiples_of: string | number;
}

export interface FeeChargeRange {
  min_amount: string;
  max_amount: string;
  /** A percentage for a PERCENT charge, else an amount. */
  charge_amount: string;
}

/** What the engine needs of a charge; the contract's `Charge` fits it. */
export interface FeeCharge {
  id: string;
  currency_id?: string;
  /** Absent means GATEWAY_CHARGE, the only type (spec §3). */
  charge_type?: string;
  charge_time: ChargeTime;
  charge_calculation_method: ChargeCalculationMethod;
  /** FLAT: the fee; PERCENT: the percentage. Ignored when ranged. */
  amount: string;
  is_range: boolean;
  charge_ranges: readonly FeeChargeRange[];
  /** YYYY-MM-DD the charge applies from; null: always. */
  fee_on_date: string | null;
  /** Tie-breaker between charges of the same day: the newest wins. */
  created_at?: string;
}

export interface FeeInput {
  /** The transaction amount, a non-negative decimal string. */
  amount: string;
  currency: FeeCurrency;
  charges: readonly FeeCharge[];
  /** Default TRANSACTION_FEE. */
  chargeTime?: ChargeTime;
  /**
   * The transaction's date (a Date, an ISO timestamp or YYYY-MM-DD; timestamps count by their UTC
   * day). Charges dated after it are not in force. Absent: every charge counts, whatever its date.
   */
  on?: string | Date;
}

/**
 * How the amount met a ranged charge's bands. WITHIN: min <= amount <= max. GAP: between two bands,
 * the lower one applies. ABOVE_LAST: the last band applies. BELOW_FIRST: the first band applies.
 */
export type RangeMatch = 'WITHIN' | 'GAP' | 'ABOVE_LAST' | 'BELOW_FIRST';

export interface AppliedRange extends FeeChargeRange {
  /** Index in min_amount order. */
  index: number;
  match: RangeMatch;
}

export interface FeeResult {
  /** The fee, normalised ("25", "2.5", "0"): never negative, never above the amount. */
  fee: string;
  /** The charge applied, or null when none is in force. */
  charge_id: string | null;
  method?: ChargeCalculationMethod;
  /** The FLAT amount or the percentage used (the band's when ranged). */
  rate?: string;
  range?: AppliedRange;
  /** The step the fee was rounded to: the currency's unit and in_multiples_of together. */
  step?: string;
}

/** A charge the engine cannot apply (a ranged charge without bands, a negative rate). */
export class InvalidChargeError extends Error {
  override readonly name = 'InvalidChargeError';
  constructor(
    readonly charge_id: string,
    reason: string,
  ) {
    super(`Charge ${charge_id} ${reason}`);
  }
}

/** The UTC day of a Date, an ISO timestamp or a YYYY-MM-DD string. */
export function dayOf(on: string | Date): string {
  if (typeof on === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(on)) return on;
  const time = typeof on === 'string' ? Date.parse(on) : on.getTime();
  if (Number.isNaN(time))
    throw new RangeError(`${typeof on === 'string' ? JSON.stringify(on) : 'Invalid Date'} is not a date`);
  return new Date(time).toISOString().slice(0, 10);
}

function inMultiplesOf(currency: FeeCurrency): string {
  const m = currency.in_multiples_of;
  if (typeof m === 'number') {
    // A number is only taken when it is a whole count; fractions must come as strings.
    if (!Number.isSafeInteger(m) || m < 0) throw new InvalidDecimalError(m, 'is not a valid in_multiples_of');
    return String(m);
  }
  if (!isDecimal(m) || isNegative(m)) throw new InvalidDecimalError(m, 'is not a valid in_multiples_of');
  return m;
}

/**
 * The step a fee of this currency moves in: a multiple of both one unit of the last decimal place
 * and in_multiples_of (their least common multiple). A step finer than the unit ("0.005" with 2
 * places) thus adds nothing, and a step of 0 means the unit alone.
 */
export function currencyStep(currency: FeeCurrency): string {
  const places = currency.decimal_places;
  if (!Number.isSafeInteger(places) || places < 0) {
    throw new InvalidDecimalError(places, 'is not a valid decimal_places');
  }
  return lcm(unitOf(places), inMultiplesOf(currency));
}

/** Rounds an amount to the currency (half up to its step). */
export function roundToCurrency(value: string, currency: FeeCurrency, mode: RoundingMode = FEE_ROUNDING) {
  return roundToMultiple(value, currencyStep(currency), mode);
}

function createdAtMs(charge: FeeCharge): number {
  const t = charge.created_at === undefined ? Number.NaN : Date.parse(charge.created_at);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/**
 * Orders candidate charges, the one in force first: the latest fee_on_date (a dated charge beats an
 * undated one), then the newest created_at, then the greater id, so the choice never depends on the
 * order the database returned them in.
 */
function byPrecedence(a: FeeCharge, b: FeeCharge): number {
  const da = a.fee_on_date ?? '';
  const db = b.fee_on_date ?? '';
  if (da !== db) return da < db ? 1 : -1;
  const ta = createdAtMs(a);
  const tb = createdAtMs(b);
  if (ta !== tb) return ta < tb ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/** The charge in force for this charge time (and date), or null. */
export function selectCharge(
  charges: readonly FeeCharge[],
  options: { chargeTime?: ChargeTime; on?: string | Date; currencyId?: string } = {},
): FeeCharge | null {
  const chargeTime = options.chargeTime ?? 'TRANSACTION_FEE';
  const day = options.on === undefined ? undefined : dayOf(options.on);
  const candidates = charges.filter(
    (c) =>
      (c.charge_type ?? CHARGE_TYPE) === CHARGE_TYPE &&
      c.charge_time === chargeTime &&
      (options.currencyId === undefined ||
        c.currency_id === undefined ||
        c.currency_id === options.currencyId) &&
      (day === undefined || c.fee_on_date === null || c.fee_on_date <= day),
  );
  return [...candidates].sort(byPrecedence)[0] ?? null;
}

/**
 * The band that applies to `amount`: the last one (in min_amount order) starting at or below it.
 * Amounts in a gap take the lower band, amounts above the last band the last one, and amounts below
 * the first band the first one, so a ranged charge prices every amount (docs/ledger.md).
 */
export function selectRange(ranges: readonly FeeChargeRange[], amount: string): AppliedRange | null {
  const sorted = ranges
    .map((r, i) => ({ r, i }))
    .sort((a, b) => compare(a.r.min_amount, b.r.min_amount) || a.i - b.i)
    .map(({ r }) => r);
  if (sorted.length === 0) return null;
  let index = -1;
  for (let i = 0; i < sorted.length; i++) {
    const r = sorted[i];
    if (r && lte(r.min_amount, amount)) index = i;
  }
  const band = (i: number, match: RangeMatch): AppliedRange => {
    const r = sorted[i] as FeeChargeRange;
    return {
      index: i,
      match,
      min_amount: r.min_amount,
      max_amount: r.max_amount,
      charge_amount: r.charge_amount,
    };
  };
  if (index === -1) return band(0, 'BELOW_FIRST');
  const r = sorted[index] as FeeChargeRange;
  if (lte(amount, r.max_amount)) return band(index, 'WITHIN');
  return band(index, index === sorted.length - 1 ? 'ABOVE_LAST' : 'GAP');
}

/**
 * The gateway charge on a transaction: the charge in force (selectCharge), its band when ranged
 * (selectRange), FLAT as is or PERCENT of the amount, rounded half up to the currency's step, then
 * capped at the amount (rounded down to the step) so it is never more than the transaction.
 */
export function computeFee(input: FeeInput): FeeResult {
  const { amount, currency } = input;
  if (!isDecimal(amount)) throw new InvalidDecimalError(amount);
  if (isNegative(amount)) throw new InvalidDecimalError(amount, 'must not be negative');
  const step = currencyStep(currency);
  const charge = selectCharge(input.charges, {
    chargeTime: input.chargeTime,
    on: input.on,
    currencyId: currency.id,
  });
  if (!charge) return { fee: '0', charge_id: null };

  let rate = charge.amount;
  let range: AppliedRange | undefined;
  if (charge.is_range) {
    const selected = selectRange(charge.charge_ranges, amount);
    if (!selected) throw new InvalidChargeError(charge.id, 'is ranged but has no ranges');
    range = selected;
    rate = selected.charge_amount;
  }
  if (!isDecimal(rate) || isNegative(rate)) {
    throw new InvalidChargeError(charge.id, `has an invalid charge amount ${JSON.stringify(rate)}`);
  }

  const raw = charge.charge_calculation_method === 'PERCENT' ? percentOf(amount, rate) : rate;
  const rounded = roundToMultiple(raw, step, FEE_ROUNDING);
  // The cap is itself on the step, so a capped fee is still a payable amount of the currency.
  const cap = roundToMultiple(amount, step, 'DOWN');
  const fee = compare(rounded, cap) > 0 ? cap : rounded;
  const result: FeeResult = {
    fee: normalize(fee),
    charge_id: charge.id,
    method: charge.charge_calculation_method,
    rate: normalize(rate),
    step,
  };
  if (range) result.range = range;
  return result;
}
