import type { ChangeEvent, ChangeValue, HistorySubject } from '@contract/change-history';
import { enumLabel, formatAmount, humanizeEnum } from '@/lib/format';
import { UI_CHANGE_HISTORY } from './copy';

const T = UI_CHANGE_HISTORY;
const FIELD_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = T.fields;

/** Fields holding an amount: grouped as the tables show them (`5000` -> `5,000`). */
const AMOUNT_FIELDS: ReadonlySet<string> = new Set(['amount', 'min_amount', 'max_amount']);
/** Fields holding an enum value: labelled as the tables show them (`WEEKLY` -> `Weekly`). */
const ENUM_FIELDS: ReadonlySet<string> = new Set([
  'interval',
  'charge_time',
  'charge_calculation_method',
  'type',
  'status',
  'financial_account_type',
]);
/** A charge's ranges are recorded as text (`1000 to 5000: 15`); their amounts are grouped too. */
const RANGE_FIELDS: ReadonlySet<string> = new Set(['charge_ranges']);
const DECIMAL = /\d+(?:\.\d+)?/g;

/** One scalar as the tables show a value of its field. */
function formatScalar(value: string | number, field: string | undefined): string {
  const text = String(value);
  if (field === undefined) return text;
  if (AMOUNT_FIELDS.has(field)) return formatAmount(text);
  if (ENUM_FIELDS.has(field)) return enumLabel(text);
  if (RANGE_FIELDS.has(field)) return text.replace(DECIMAL, (n) => formatAmount(n));
  return text;
}

/**
 * A recorded value on one line, as the tables show a value of its field: none, Yes/No, a list
 * joined by commas, amounts grouped and enum values labelled (`5000` -> `5,000`, `WEEKLY` ->
 * `Weekly`); anything else as sent.
 */
export function formatChangeValue(value: ChangeValue, field?: string): string {
  if (value === null) return T.none;
  if (typeof value === 'boolean') return value ? T.yes : T.no;
  if (Array.isArray(value))
    return value.length > 0 ? value.map((v) => formatScalar(v, field)).join(', ') : T.none;
  return formatScalar(value, field);
}

/** The form's label of a field; a field the console does not know yet is still shown, humanized. */
export function fieldLabel(subject: HistorySubject, field: string): string {
  return FIELD_LABELS[subject]?.[field] ?? humanizeEnum(field);
}

/**
 * "Edited", or "Transaction limit edited" when the record belongs to another subject's history
 * (a method's limit, a currency's charge).
 */
export function eventHeading(
  event: Pick<ChangeEvent, 'action' | 'subject'>,
  historyOf: HistorySubject,
): string {
  const action = T.actions[event.action];
  return event.subject === historyOf ? action : `${T.subjects[event.subject]} ${action.toLowerCase()}`;
}
