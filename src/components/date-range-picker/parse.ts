/**
 * Pure rules of the date picker (spec §4 "Date range selection", §5 "Date picker", §9). No React
 * here, so every rule is unit-tested without rendering.
 *
 * Dates travel as ISO day strings ('YYYY-MM-DD'), the form Mantine 9's @mantine/dates uses and the
 * form a list route keeps in its URL; `displayFormat` only affects what the user reads and types.
 */

import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { UI_DATE_PICKER } from './copy';

dayjs.extend(customParseFormat);

/** The wire and Mantine form of a day. */
export const ISO_DAY = 'YYYY-MM-DD';

/** Spec §2: a value is both dates or neither. */
export type DateRangeValue = { startDate: string; endDate: string } | { startDate: null; endDate: null };

export const EMPTY_RANGE: DateRangeValue = { startDate: null, endDate: null };

/** A day given by a caller: an ISO day string or a Date (read in local time). */
export type DayInput = string | Date;

/** Spec §2 `disabledDates`: inclusive periods nobody may pick. */
export interface DisabledRange {
  startDate: DayInput;
  endDate: DayInput;
}

/** Normalises a caller's day to 'YYYY-MM-DD'; `null` when it is not a real day. */
export function toIsoDay(day: DayInput | null | undefined): string | null {
  if (day == null) return null;
  const parsed = typeof day === 'string' ? dayjs(day, ISO_DAY, true) : dayjs(day);
  return parsed.isValid() ? parsed.format(ISO_DAY) : null;
}

/**
 * Spec §5: typed text is read by the display format, strictly, so '2024-02-30' or '2024-1-5' under
 * 'YYYY-MM-DD' are rejected instead of rolling over to another day.
 */
export function parseDay(text: string, displayFormat: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const parsed = dayjs(trimmed, displayFormat, true);
  return parsed.isValid() ? parsed.format(ISO_DAY) : null;
}

/** Shows an ISO day in the display format. */
export function formatDay(isoDay: string, displayFormat: string): string {
  return dayjs(isoDay, ISO_DAY).format(displayFormat);
}

/**
 * Spec §5: a range is split by the separator; when that does not give exactly two parts, the text
 * is cut at its midpoint (so '2024-01-012024-01-31' still reads as two dates).
 */
export function splitRange(text: string, separator: string): [string, string] {
  const parts = separator ? text.split(separator) : [];
  if (parts.length === 2) return [(parts[0] ?? '').trim(), (parts[1] ?? '').trim()];
  const middle = Math.floor(text.length / 2);
  return [text.slice(0, middle).trim(), text.slice(middle).trim()];
}

/** The text the input shows for a committed value. */
export function formatValue(
  value: DateRangeValue,
  options: { displayFormat: string; separator: string; single: boolean },
): string {
  if (value.startDate === null) return '';
  const start = formatDay(value.startDate, options.displayFormat);
  if (options.single) return start;
  return `${start} ${options.separator} ${formatDay(value.endDate, options.displayFormat)}`;
}

/** Spec §5: a day inside any disabled period (ends included) cannot be picked. */
export function isDisabled(day: string, disabledRanges: readonly DisabledRange[]): boolean {
  return disabledRanges.some((range) => {
    const start = toIsoDay(range.startDate);
    const end = toIsoDay(range.endDate);
    return start !== null && end !== null && start <= day && day <= end;
  });
}

/**
 * Spec §5: a range enclosing a disabled period is rejected. We reject any range that contains a
 * disabled day, which also covers a range that only overlaps one end of a period: its own ends may
 * be free while days between them are not.
 */
export function enclosesDisabled(
  start: string,
  end: string,
  disabledRanges: readonly DisabledRange[],
): boolean {
  return disabledRanges.some((range) => {
    const from = toIsoDay(range.startDate);
    const to = toIsoDay(range.endDate);
    return from !== null && to !== null && from <= end && to >= start;
  });
}

/** Spec §2 minDate/maxDate: inclusive bounds. ISO day strings compare in calendar order. */
export function isOutOfBounds(day: string, minDate: string | null, maxDate: string | null): boolean {
  return (minDate !== null && day < minDate) || (maxDate !== null && day > maxDate);
}

/** Spec §9: the year chooser shows 12 years a page. */
export const YEARS_PER_PAGE = 12;

/** The 12 years of the page holding `year`; pages start at multiples of 12 so paging is stable. */
export function yearPage(year: number): number[] {
  const first = Math.floor(year / YEARS_PER_PAGE) * YEARS_PER_PAGE;
  return Array.from({ length: YEARS_PER_PAGE }, (_, i) => first + i);
}

/** Spec §5: years outside the years of minDate and maxDate are disabled in the year chooser. */
export function isYearOutside(year: number, minDate: string | null, maxDate: string | null): boolean {
  return (
    (minDate !== null && year < dayjs(minDate).year()) || (maxDate !== null && year > dayjs(maxDate).year())
  );
}

export interface DateRules {
  minDate: string | null;
  maxDate: string | null;
  disabledDates: readonly DisabledRange[];
}

export type RangeProblem = 'outOfBounds' | 'disabledDate' | 'enclosesDisabled';

/** What keeps a picked or typed range out; `null` when it may be used. */
export function rangeProblem(start: string, end: string, rules: DateRules): RangeProblem | null {
  if (isOutOfBounds(start, rules.minDate, rules.maxDate)) return 'outOfBounds';
  if (isOutOfBounds(end, rules.minDate, rules.maxDate)) return 'outOfBounds';
  if (isDisabled(start, rules.disabledDates) || isDisabled(end, rules.disabledDates)) {
    return 'disabledDate';
  }
  if (enclosesDisabled(start, end, rules.disabledDates)) return 'enclosesDisabled';
  return null;
}

export type ParseResult =
  | { ok: true; value: DateRangeValue }
  | { ok: false; reason: 'invalid' | RangeProblem };

export interface ParseOptions extends DateRules {
  single: boolean;
  separator: string;
  displayFormat: string;
}

/**
 * Spec §5 typed input: single mode needs one valid date; range mode needs two valid dates with the
 * start strictly before the end. Both then obey minDate/maxDate and the disabled periods, as a
 * click would. Empty text is an empty value (the user cleared the box).
 */
export function parseInput(text: string, options: ParseOptions): ParseResult {
  if (!text.trim()) return { ok: true, value: EMPTY_RANGE };
  if (options.single) {
    const day = parseDay(text, options.displayFormat);
    if (day === null) return { ok: false, reason: 'invalid' };
    const problem = rangeProblem(day, day, options);
    return problem ? { ok: false, reason: problem } : { ok: true, value: { startDate: day, endDate: day } };
  }
  const [startText, endText] = splitRange(text, options.separator);
  const start = parseDay(startText, options.displayFormat);
  const end = parseDay(endText, options.displayFormat);
  if (start === null || end === null || !(start < end)) return { ok: false, reason: 'invalid' };
  const problem = rangeProblem(start, end, options);
  return problem ? { ok: false, reason: problem } : { ok: true, value: { startDate: start, endDate: end } };
}

export type ShortcutId = keyof typeof UI_DATE_PICKER.shortcuts;

export interface Shortcut {
  id: ShortcutId;
  text: string;
  startDate: string | null;
  endDate: string | null;
}

/** Spec §2 shortcuts, computed from an injectable today ('YYYY-MM-DD') so tests can fix the day. */
export function shortcutPeriods(today: string): Shortcut[] {
  const day = dayjs(today, ISO_DAY, true);
  const iso = (d: dayjs.Dayjs) => (d.isValid() ? d.format(ISO_DAY) : null);
  const labels = UI_DATE_PICKER.shortcuts;
  const lastMonth = day.subtract(1, 'month');
  return [
    { id: 'today', text: labels.today, startDate: iso(day), endDate: iso(day) },
    {
      id: 'yesterday',
      text: labels.yesterday,
      startDate: iso(day.subtract(1, 'day')),
      endDate: iso(day.subtract(1, 'day')),
    },
    // "Last N days" counts today, as the reference picker does: today minus N-1 through today.
    { id: 'last7Days', text: labels.last7Days, startDate: iso(day.subtract(6, 'day')), endDate: iso(day) },
    { id: 'last30Days', text: labels.last30Days, startDate: iso(day.subtract(29, 'day')), endDate: iso(day) },
    {
      id: 'thisMonth',
      text: labels.thisMonth,
      startDate: iso(day.startOf('month')),
      endDate: iso(day.endOf('month')),
    },
    {
      id: 'lastMonth',
      text: labels.lastMonth,
      startDate: iso(lastMonth.startOf('month')),
      endDate: iso(lastMonth.endOf('month')),
    },
  ];
}

/**
 * Spec §5: a shortcut is offered only when it has a text and a period whose dates are both valid
 * and whose start is not after its end (a one-day period such as Today is fine).
 */
export function isShortcutAccepted(
  shortcut: Shortcut | null | undefined,
): shortcut is Shortcut & { startDate: string; endDate: string } {
  if (!shortcut?.text.trim()) return false;
  const start = toIsoDay(shortcut.startDate);
  const end = toIsoDay(shortcut.endDate);
  return start !== null && end !== null && start <= end;
}

/** Spec §2 startWeekOn: 'sun' (default) to 'sat', as Mantine's firstDayOfWeek 0-6. */
export const WEEK_DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export function firstDayOfWeek(startWeekOn: string | undefined): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  const index = WEEK_DAYS.indexOf((startWeekOn ?? 'sun') as WeekDay);
  return (index < 0 ? 0 : index) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
}

/**
 * Spec §2 primaryColor: an unknown name falls back to blue. The reference picker took Tailwind
 * names; those without a Mantine twin map to the nearest Mantine palette.
 */
const MANTINE_COLORS = [
  'blue',
  'cyan',
  'grape',
  'green',
  'indigo',
  'lime',
  'orange',
  'pink',
  'red',
  'teal',
  'violet',
  'yellow',
] as const;
export type PickerColor = (typeof MANTINE_COLORS)[number];
const TAILWIND_TWINS: Record<string, PickerColor> = {
  amber: 'yellow',
  emerald: 'green',
  sky: 'cyan',
  // The spec's purple badges are Mantine violet (src/entities/transaction/status-colors.ts); one
  // purple everywhere.
  purple: 'violet',
  fuchsia: 'grape',
  rose: 'pink',
};

export function resolvePrimaryColor(name: string | undefined): PickerColor {
  if (!name) return 'blue';
  const key = name.toLowerCase();
  if ((MANTINE_COLORS as readonly string[]).includes(key)) return key as PickerColor;
  return TAILWIND_TWINS[key] ?? 'blue';
}

/** Spec §4 and §9: a month or year choice in the choosers applies after this delay. */
export const LEVEL_CHOICE_DELAY_MS = 250;

export type DateLooking = 'forward' | 'middle' | 'backward';

/**
 * The first month the calendars show when the popup opens (spec §2 `dateLooking`), as the first
 * day of that month. With one month it is the value's start (or the anchor: startFrom, else today).
 * With two months:
 * - forward (default): the start's month, then the next one;
 * - backward: the end's month is the second one, its previous month first;
 * - middle: the two months around the value's midpoint. The midpoint's month is shown first when
 *   the midpoint falls on the 16th or later (the next month is nearer), second otherwise, so a
 *   range crossing a month end shows both its ends, and a short range sits beside its nearer month.
 */
export function firstShownMonth(
  value: DateRangeValue,
  anchor: string,
  columns: 1 | 2,
  dateLooking: DateLooking,
): string {
  const monthOf = (day: dayjs.Dayjs) => day.startOf('month').format(ISO_DAY);
  if (columns === 1 || dateLooking === 'forward') return monthOf(dayjs(value.startDate ?? anchor));
  if (dateLooking === 'backward') return monthOf(dayjs(value.endDate ?? anchor).subtract(1, 'month'));
  const start = dayjs(value.startDate ?? anchor);
  const end = dayjs(value.endDate ?? anchor);
  const middle = start.add(Math.floor(end.diff(start, 'day') / 2), 'day');
  return monthOf(middle.date() >= 16 ? middle : middle.subtract(1, 'month'));
}
