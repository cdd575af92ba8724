import * as v from 'valibot';
import {
  decimalSchema,
  idSchema,
  intQueryParam,
  isoDateSchema,
  LIMIT_DEFAULT,
  LIMIT_MAX,
  PAGE_DEFAULT,
  PG_INTEGER_MAX,
  valueList,
} from './common';
import { currencyRefSchema } from './currency';
import { compare, nextUnitAbove, plusOne } from './decimal';
import {
  dateInput,
  mayBeAbsent,
  moneyInput,
  payloadObject,
  queryUuid,
  requiredText,
  selectedId,
} from './fields';
import { VALIDATION } from './messages';

/** Spec §9 charge time options. */
export const [CHARGE_TIMES, chargeTimeSchema] = valueList([
  'TRANSACTION_FEE',
  'REFUND_FEE',
  'CHARGE_BACK_FEE',
  'WEEKLY_FEE',
  'MONTHLY_FEE',
  'ANNUAL_FEE',
]);
export type ChargeTime = v.InferOutput<typeof chargeTimeSchema>;

/** Spec §9: PERCENT is labelled Percentage and shown with a % suffix. */
export const [CHARGE_CALCULATION_METHODS, chargeCalculationMethodSchema] = valueList(['PERCENT', 'FLAT']);
export type ChargeCalculationMethod = v.InferOutput<typeof chargeCalculationMethodSchema>;

/** Spec §3: the only charge type. */
export const CHARGE_TYPE = 'GATEWAY_CHARGE';

export const chargeRangeSchema = v.object({
  min_amount: decimalSchema,
  max_amount: decimalSchema,
  /** A percentage when the charge is PERCENT, else an amount in the charge's currency. */
  charge_amount: decimalSchema,
});
export type ChargeRange = v.InferOutput<typeof chargeRangeSchema>;

export const chargeSchema = v.object({
  id: idSchema,
  currency_id: idSchema,
  name: v.string(),
  charge_type: v.literal(CHARGE_TYPE),
  charge_time: chargeTimeSchema,
  charge_calculation_method: chargeCalculationMethodSchema,
  amount: decimalSchema,
  is_range: v.boolean(),
  /** Sorted by min_amount; empty when is_range is false. */
  charge_ranges: v.array(chargeRangeSchema),
  fee_on_date: v.nullable(isoDateSchema),
  fee_interval: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** Spec §3 "also currency when listed": always present, so lists need no second lookup. */
  currency: currencyRefSchema,
  /** Ours: read-only. */
  created_at: v.pipe(v.string(), v.isoTimestamp()),
});
export type Charge = v.InferOutput<typeof chargeSchema>;

const m = VALIDATION.charge;

/** One row of the range editor. From and To are amounts; To must exceed From (spec §5). */
export const chargeRangePayloadSchema = v.pipe(
  payloadObject({
    min_amount: moneyInput('From', m.rangeFrom),
    max_amount: moneyInput('To', m.rangeToInvalid),
    charge_amount: moneyInput('Amount', m.rangeAmount),
  }),
  v.forward(
    v.partialCheck(
      [['min_amount'], ['max_amount']],
      (r) => compare(r.max_amount, r.min_amount) > 0,
      m.rangeTo,
    ),
    ['max_amount'],
  ),
);
export type ChargeRangePayload = v.InferOutput<typeof chargeRangePayloadSchema>;

type RangeRow = { min_amount: string; max_amount: string; charge_amount: string };

/** Why a range does not follow the one before it: it starts at or below its To, or leaves a hole. */
export type RangeSequenceProblem = 'overlap' | 'gap';

/**
 * The first range whose From does not follow the previous range's To, or null. Ranges are
 * contiguous: each From lies above the previous To by more than 0 and at most 1
 * (`prev.To < From <= prev.To + 1`), which is what the console's "previous To + 1" default gives
 * and what a currency with decimals needs ("99.99" then "100.00"). The fee engine prices an amount
 * in the sliver between a To and the next From with the lower range (docs/ledger.md).
 */
export function firstOutOfSequenceRange(
  ranges: readonly RangeRow[],
): { index: number; problem: RangeSequenceProblem } | null {
  for (let i = 1; i < ranges.length; i++) {
    const prev = ranges[i - 1];
    const cur = ranges[i];
    if (!prev || !cur) continue;
    if (compare(cur.min_amount, prev.max_amount) <= 0) return { index: i, problem: 'overlap' };
    if (compare(cur.min_amount, plusOne(prev.max_amount)) > 0) return { index: i, problem: 'gap' };
  }
  return null;
}

/** Path of one range field, as the form binds it: charge_ranges[i].key. */
function rangePath(
  charge: Record<string, unknown>,
  ranges: unknown[],
  i: number,
  key: string,
): [v.IssuePathItem, ...v.IssuePathItem[]] {
  const row = (ranges[i] ?? {}) as Record<string, unknown>;
  return [
    { type: 'object', origin: 'value', input: charge, key: 'charge_ranges', value: ranges },
    { type: 'array', origin: 'value', input: ranges, key: i, value: row },
    { type: 'object', origin: 'value', input: row, key, value: row[key] },
  ];
}

const isPercentLimit = (amount: string) => compare(amount, '100') <= 0;

/** The ranges of a ranged charge: at least one, each valid, in order, contiguous, without overlap. */
export const chargeRangesSchema = v.pipe(
  v.array(chargeRangePayloadSchema, m.rangesRequired),
  v.minLength(1, m.rangesRequired),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const found = firstOutOfSequenceRange(dataset.value);
    const i = found?.index ?? -1;
    const row = dataset.value[i];
    if (!found || !row) return;
    addIssue({
      message: found.problem === 'overlap' ? m.rangeOrder : m.rangeGap,
      path: [
        { type: 'array', origin: 'value', input: dataset.value, key: i, value: row },
        { type: 'object', origin: 'value', input: row, key: 'min_amount', value: row.min_amount },
      ],
    });
  }),
);
export type ChargeRangeInput = v.InferInput<typeof chargeRangePayloadSchema>;

/**
 * The From a new range starts at: the previous To plus one smallest unit of the currency
 * ("1000" with 2 decimal places gives "1000.01"; with 0 gives "1001"). Exact, no floats.
 */
export function nextRangeFrom(previousTo: string, decimalPlaces: number): string {
  // The previous To is floored to the currency's unit first, so the step lands on a whole unit.
  return nextUnitAbove(previousTo, Math.max(decimalPlaces, 0));
}

/**
 * The largest fee interval: spec §3 names the field and nothing more, the wire says a whole number
 * (`chargeSchema`), and the column is text read back with Number(), so the bound is an `integer`
 * column's, which every reader holds exactly.
 */
export const FEE_INTERVAL_MAX = PG_INTEGER_MAX;

/**
 * An empty fee interval ('', null or absent, as the console sends it) is no interval. Otherwise a
 * whole number from 1 to FEE_INTERVAL_MAX, as a JSON number or a digit string: '1e5', '0x10',
 * '1,000' and '+5' are refused, not read by Number() into something else.
 */
const feeIntervalInput = v.pipe(
  mayBeAbsent<number | string | null>(
    (x) => x === null || typeof x === 'number' || typeof x === 'string',
    m.feeInterval,
  ),
  v.transform((x) => (typeof x === 'string' ? x.trim() : (x ?? null))),
  v.transform((x) => (x === '' ? null : x)),
  v.check(
    (x) =>
      x === null ||
      (typeof x === 'number' ? Number.isInteger(x) && x > 0 : /^\d+$/.test(x) && /[1-9]/.test(x)),
    m.feeInterval,
  ),
  v.transform((x) => (x === null ? null : Number(x))),
  v.check(
    (n) => n === null || !(n > FEE_INTERVAL_MAX),
    VALIDATION.common.numberTooLarge('Fee interval', FEE_INTERVAL_MAX),
  ),
);

const chargeFields = payloadObject({
  currency_id: selectedId(m.currency, 'currency_id'),
  name: requiredText(m.name, 'Charge Name', 100),
  /** May be left out: there is only one value. */
  charge_type: v.pipe(
    mayBeAbsent<string>((x) => typeof x === 'string', m.chargeType),
    v.transform((x) => x ?? CHARGE_TYPE),
    v.literal(CHARGE_TYPE, m.chargeType),
  ),
  charge_time: v.picklist(CHARGE_TIMES, m.chargeTime),
  charge_calculation_method: v.picklist(CHARGE_CALCULATION_METHODS, m.calculationMethod),
  /** The console sets 0 when Ranged is chosen (spec §4). */
  amount: moneyInput('Amount', m.amount),
  is_range: v.boolean(m.rangeStatus),
  /** Checked below, and only for a ranged charge: hidden rows of "Not Ranged" must not block it. */
  charge_ranges: v.pipe(
    mayBeAbsent<ChargeRangeInput[]>(() => true, m.rangesRequired),
    v.transform((x): unknown[] => (Array.isArray(x) ? x : [])),
  ),
  /** Spec deviation 5: the console sends today's date; the server fills it in when absent. */
  fee_on_date: v.pipe(
    mayBeAbsent<string | null>((x) => x === null || typeof x === 'string', m.feeOnDate),
    v.transform((x) => (x === undefined || x === null || x.trim() === '' ? null : x)),
    v.nullable(dateInput(m.feeOnDate)),
  ),
  fee_interval: feeIntervalInput,
});

/**
 * `POST charges` and `PUT charges/{id}`. Ranged charges need at least one range, in order,
 * contiguous and without overlap (each From above the previous To, by at most 1); a percentage is
 * at most 100, on the amount and on each range. "Not Ranged" drops whatever ranges were sent,
 * unchecked (spec §4).
 */
export const chargePayloadSchema = v.pipe(
  chargeFields,
  // A raw check runs even when other fields failed, so a form shows range errors with the rest.
  v.rawCheck(({ dataset, addIssue }) => {
    // A body that is no object (null, an array) is already refused by the object schema.
    if (typeof dataset.value !== 'object' || dataset.value === null) return;
    const c = dataset.value as Record<string, unknown>;
    if (c.is_range !== true) return;
    const ranges: unknown[] = Array.isArray(c.charge_ranges) ? c.charge_ranges : [];
    const result = v.safeParse(chargeRangesSchema, ranges);
    if (!result.success) {
      const head = {
        type: 'object',
        origin: 'value',
        input: c,
        key: 'charge_ranges',
        value: ranges,
      } as const;
      for (const issue of result.issues)
        addIssue({ message: issue.message, path: [head, ...(issue.path ?? [])] });
      return;
    }
    if (c.charge_calculation_method !== 'PERCENT') return;
    result.output.forEach((r, i) => {
      if (!isPercentLimit(r.charge_amount))
        addIssue({ message: m.percentMax, path: rangePath(c, ranges, i, 'charge_amount') });
    });
  }),
  v.forward(
    v.partialCheck(
      [['charge_calculation_method'], ['amount']],
      (c) => c.charge_calculation_method !== 'PERCENT' || isPercentLimit(c.amount),
      m.percentMax,
    ),
    ['amount'],
  ),
  v.transform((c) => ({
    ...c,
    charge_ranges: c.is_range ? v.parse(chargeRangesSchema, c.charge_ranges) : [],
  })),
);
export type ChargePayload = v.InferOutput<typeof chargePayloadSchema>;
export type ChargeInput = v.InferInput<typeof chargePayloadSchema>;

/** What the charge form holds. `fee_on_date` is today (spec deviation 5), `fee_interval` empty. */
export interface ChargeFormValues {
  currency_id: string;
  name: string;
  charge_type: string;
  charge_time: string | null;
  charge_calculation_method: string | null;
  amount: number | string;
  is_range: boolean | null;
  charge_ranges: {
    min_amount: number | string;
    max_amount: number | string;
    charge_amount: number | string;
  }[];
  fee_on_date: string | null;
  fee_interval: number | string | null;
}
export function chargeFormDefaults(currencyId: string, today: string): ChargeFormValues {
  return {
    currency_id: currencyId,
    name: '',
    charge_type: CHARGE_TYPE,
    charge_time: null,
    charge_calculation_method: null,
    amount: '',
    is_range: null,
    charge_ranges: [],
    fee_on_date: today,
    fee_interval: '',
  };
}

/**
 * `GET charges`: page and limit, optionally narrowed to one currency (spec §7). The answer is always
 * paged; the currency detail asks for limit=100.
 */
export const chargeListQuerySchema = v.object({
  page: intQueryParam('page', PAGE_DEFAULT),
  limit: intQueryParam('limit', LIMIT_DEFAULT, LIMIT_MAX),
  currency_id: queryUuid('currency_id'),
});
export type ChargeListQuery = v.InferOutput<typeof chargeListQuerySchema>;
