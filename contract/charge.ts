import * as v from 'valibot';
import {
  decimalSchema,
  idSchema,
  intQueryParam,
  isoDateSchema,
  LIMIT_DEFAULT,
  LIMIT_MAX,
  PAGE_DEFAULT,
} from './common';
import { currencyRefSchema } from './currency';
import {
  compareDecimals,
  dateInput,
  moneyInput,
  payloadObject,
  queryUuid,
  requiredText,
  selectedId,
} from './fields';
import { VALIDATION } from './messages';

/** Spec §9 charge time options. */
export const CHARGE_TIMES = [
  'TRANSACTION_FEE',
  'REFUND_FEE',
  'CHARGE_BACK_FEE',
  'WEEKLY_FEE',
  'MONTHLY_FEE',
  'ANNUAL_FEE',
] as const;
export const chargeTimeSchema = v.picklist(CHARGE_TIMES);
export type ChargeTime = v.InferOutput<typeof chargeTimeSchema>;

/** Spec §9: PERCENT is labelled Percentage and shown with a % suffix. */
export const CHARGE_CALCULATION_METHODS = ['PERCENT', 'FLAT'] as const;
export const chargeCalculationMethodSchema = v.picklist(CHARGE_CALCULATION_METHODS);
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
      (r) => compareDecimals(r.max_amount, r.min_amount) > 0,
      m.rangeTo,
    ),
    ['max_amount'],
  ),
);
export type ChargeRangePayload = v.InferOutput<typeof chargeRangePayloadSchema>;

type RangeRow = { min_amount: string; max_amount: string; charge_amount: string };

/** Index of the first range whose From does not lie above the previous range's To, or -1. */
export function firstOverlappingRange(ranges: readonly RangeRow[]): number {
  for (let i = 1; i < ranges.length; i++) {
    const prev = ranges[i - 1];
    const cur = ranges[i];
    if (prev && cur && compareDecimals(cur.min_amount, prev.max_amount) <= 0) return i;
  }
  return -1;
}

/** An empty fee interval ('' or null, as the console sends) is no interval. */
const feeIntervalInput = v.pipe(
  v.nullish(v.union([v.number(), v.string()], m.feeInterval), null),
  v.transform((x) => (x === null || (typeof x === 'string' && x.trim() === '') ? null : Number(x))),
  v.check((n) => n === null || (Number.isInteger(n) && n > 0), m.feeInterval),
);

const chargeFields = payloadObject({
  currency_id: selectedId(m.currency, 'currency_id'),
  name: requiredText(m.name, 'Charge Name', 100),
  /** Optional on input: there is only one value. */
  charge_type: v.optional(v.literal(CHARGE_TYPE, m.chargeType), CHARGE_TYPE),
  charge_time: v.picklist(CHARGE_TIMES, m.chargeTime),
  charge_calculation_method: v.picklist(CHARGE_CALCULATION_METHODS, m.calculationMethod),
  /** The console sets 0 when Ranged is chosen (spec §4). */
  amount: moneyInput('Amount', m.amount),
  is_range: v.boolean(m.rangeStatus),
  charge_ranges: v.optional(v.array(chargeRangePayloadSchema), []),
  /** DESIGN.md §6.5: the console sends today's date; the server fills it in when absent. */
  fee_on_date: v.nullish(dateInput(m.feeOnDate), null),
  fee_interval: feeIntervalInput,
});

const isPercentLimit = (amount: string) => compareDecimals(amount, '100') <= 0;

/**
 * `POST charges` and `PUT charges/{id}`. Ranged charges need at least one range, in order and
 * without overlap (each From above the previous To); a percentage is at most 100. "Not Ranged"
 * drops whatever ranges were sent (spec §4).
 */
export const chargePayloadSchema = v.pipe(
  chargeFields,
  v.forward(
    v.partialCheck(
      [['is_range'], ['charge_ranges']],
      (c) => !c.is_range || c.charge_ranges.length > 0,
      m.rangesRequired,
    ),
    ['charge_ranges'],
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || !dataset.value.is_range) return;
    const ranges = dataset.value.charge_ranges;
    const i = firstOverlappingRange(ranges);
    const row = ranges[i];
    if (!row) return;
    addIssue({
      message: m.rangeOrder,
      path: [
        { type: 'object', origin: 'value', input: dataset.value, key: 'charge_ranges', value: ranges },
        { type: 'array', origin: 'value', input: ranges, key: i, value: row },
        { type: 'object', origin: 'value', input: row, key: 'min_amount', value: row.min_amount },
      ],
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
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const c = dataset.value;
    if (c.charge_calculation_method !== 'PERCENT' || !c.is_range) return;
    c.charge_ranges.forEach((r, i) => {
      if (isPercentLimit(r.charge_amount)) return;
      addIssue({
        message: m.percentMax,
        path: [
          { type: 'object', origin: 'value', input: c, key: 'charge_ranges', value: c.charge_ranges },
          { type: 'array', origin: 'value', input: c.charge_ranges, key: i, value: r },
          { type: 'object', origin: 'value', input: r, key: 'charge_amount', value: r.charge_amount },
        ],
      });
    });
  }),
  v.transform((c) => (c.is_range ? c : { ...c, charge_ranges: [] })),
);
export type ChargePayload = v.InferOutput<typeof chargePayloadSchema>;
export type ChargeInput = v.InferInput<typeof chargePayloadSchema>;

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
