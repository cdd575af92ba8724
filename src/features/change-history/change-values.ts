import type { ChangeEvent, ChangeValue, HistorySubject } from '@contract/change-history';
import { humanizeEnum } from '@/lib/format';
import { UI_CHANGE_HISTORY } from './copy';

const T = UI_CHANGE_HISTORY;
const FIELD_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = T.fields;

/** A recorded value on one line: none, Yes/No, a list joined by commas, else the value as sent. */
export function formatChangeValue(value: ChangeValue): string {
  if (value === null) return T.none;
  if (typeof value === 'boolean') return value ? T.yes : T.no;
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : T.none;
  return String(value);
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
