import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUS_COLORS } from '@/entities/transaction/status-colors';
import {
  enclosesDisabled,
  firstDayOfWeek,
  firstShownMonth,
  formatValue,
  isDisabled,
  isOutOfBounds,
  isShortcutAccepted,
  isYearOutside,
  type ParseOptions,
  parseDay,
  parseInput,
  rangeProblem,
  resolvePrimaryColor,
  shortcutPeriods,
  splitRange,
  yearPage,
} from './parse';

const range: ParseOptions = {
  single: false,
  separator: '~',
  displayFormat: 'YYYY-MM-DD',
  minDate: null,
  maxDate: null,
  disabledDates: [],
};
const single: ParseOptions = { ...range, single: true };

describe('parseDay', () => {
  it('reads the display format strictly', () => {
    expect(parseDay('2024-03-05', 'YYYY-MM-DD')).toBe('2024-03-05');
    expect(parseDay(' 05/03/2024 ', 'DD/MM/YYYY')).toBe('2024-03-05');
    expect(parseDay('2024-02-30', 'YYYY-MM-DD')).toBeNull();
    expect(parseDay('2024-3-5', 'YYYY-MM-DD')).toBeNull();
    expect(parseDay('05/03/2024', 'YYYY-MM-DD')).toBeNull();
    expect(parseDay('', 'YYYY-MM-DD')).toBeNull();
  });
});

describe('splitRange', () => {
  it('splits by the separator when that gives two parts', () => {
    expect(splitRange('2024-01-01 ~ 2024-01-31', '~')).toEqual(['2024-01-01', '2024-01-31']);
    expect(splitRange('01/01/2024 to 31/01/2024', 'to')).toEqual(['01/01/2024', '31/01/2024']);
  });

  it('cuts at the midpoint when the separator does not give two parts', () => {
    expect(splitRange('2024-01-012024-01-31', '~')).toEqual(['2024-01-01', '2024-01-31']);
    expect(splitRange('2024-01-01 2024-01-31', '~')).toEqual(['2024-01-01', '2024-01-31']);
    // Three parts is not "two": the midpoint applies.
    expect(splitRange('a~b~c~d', '~')).toEqual(['a~b', '~c~d']);
  });
});

describe('parseInput', () => {
  it('single mode needs one valid date', () => {
    expect(parseInput('2024-03-05', single)).toEqual({
      ok: true,
      value: { startDate: '2024-03-05', endDate: '2024-03-05' },
    });
    expect(parseInput('2024-13-05', single)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseInput('2024-03-05 ~ 2024-03-06', single)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('range mode needs two valid dates, start strictly before end', () => {
    expect(parseInput('2024-03-01 ~ 2024-03-09', range)).toEqual({
      ok: true,
      value: { startDate: '2024-03-01', endDate: '2024-03-09' },
    });
    expect(parseInput('2024-03-012024-03-09', range).ok).toBe(true);
    expect(parseInput('2024-03-09 ~ 2024-03-01', range)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseInput('2024-03-01 ~ 2024-03-01', range)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseInput('2024-03-01 ~ soon', range)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseInput('2024-03-01', range)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('reads the configured format and separator', () => {
    const options = { ...range, displayFormat: 'DD.MM.YYYY', separator: '-' };
    expect(parseInput('01.03.2024 - 09.03.2024', options)).toEqual({
      ok: true,
      value: { startDate: '2024-03-01', endDate: '2024-03-09' },
    });
  });

  it('treats empty text as an empty value', () => {
    expect(parseInput('  ', range)).toEqual({ ok: true, value: { startDate: null, endDate: null } });
  });

  it('applies min/max and the disabled periods', () => {
    const rules = {
      ...range,
      minDate: '2024-01-01',
      maxDate: '2024-12-31',
      disabledDates: [{ startDate: '2024-06-10', endDate: '2024-06-12' }],
    };
    expect(parseInput('2023-12-31 ~ 2024-01-05', rules)).toEqual({ ok: false, reason: 'outOfBounds' });
    expect(parseInput('2024-12-30 ~ 2025-01-01', rules)).toEqual({ ok: false, reason: 'outOfBounds' });
    expect(parseInput('2024-06-11 ~ 2024-06-20', rules)).toEqual({ ok: false, reason: 'disabledDate' });
    expect(parseInput('2024-06-01 ~ 2024-06-20', rules)).toEqual({ ok: false, reason: 'enclosesDisabled' });
    expect(parseInput('2024-06-13 ~ 2024-06-20', rules).ok).toBe(true);
    expect(parseInput('2024-06-11', { ...rules, single: true })).toEqual({
      ok: false,
      reason: 'disabledDate',
    });
  });
});

describe('disabled periods', () => {
  const periods = [{ startDate: '2024-06-10', endDate: '2024-06-12' }];

  it('isDisabled includes both ends and accepts Date ends', () => {
    expect(isDisabled('2024-06-09', periods)).toBe(false);
    expect(isDisabled('2024-06-10', periods)).toBe(true);
    expect(isDisabled('2024-06-12', periods)).toBe(true);
    expect(isDisabled('2024-06-13', periods)).toBe(false);
    expect(
      isDisabled('2024-06-05', [{ startDate: new Date(2024, 5, 5), endDate: new Date(2024, 5, 5) }]),
    ).toBe(true);
  });

  it('enclosesDisabled rejects ranges containing any disabled day', () => {
    expect(enclosesDisabled('2024-06-01', '2024-06-30', periods)).toBe(true);
    expect(enclosesDisabled('2024-06-01', '2024-06-10', periods)).toBe(true);
    expect(enclosesDisabled('2024-06-12', '2024-06-30', periods)).toBe(true);
    expect(enclosesDisabled('2024-06-01', '2024-06-09', periods)).toBe(false);
    expect(enclosesDisabled('2024-06-13', '2024-06-30', periods)).toBe(false);
    expect(enclosesDisabled('2024-06-01', '2024-06-30', [])).toBe(false);
  });

  it('rangeProblem names the first rule broken', () => {
    const rules = { minDate: null, maxDate: null, disabledDates: periods };
    expect(rangeProblem('2024-06-01', '2024-06-05', rules)).toBeNull();
    expect(rangeProblem('2024-06-01', '2024-06-20', rules)).toBe('enclosesDisabled');
  });
});

describe('bounds', () => {
  it('isOutOfBounds is inclusive', () => {
    expect(isOutOfBounds('2024-01-01', '2024-01-01', '2024-01-31')).toBe(false);
    expect(isOutOfBounds('2024-01-31', '2024-01-01', '2024-01-31')).toBe(false);
    expect(isOutOfBounds('2023-12-31', '2024-01-01', null)).toBe(true);
    expect(isOutOfBounds('2024-02-01', null, '2024-01-31')).toBe(true);
    expect(isOutOfBounds('1999-02-01', null, null)).toBe(false);
  });
});

describe('year chooser', () => {
  it('pages 12 years at a time', () => {
    expect(yearPage(2024)).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027]);
    expect(yearPage(2027)[0]).toBe(2016);
    expect(yearPage(2028)[0]).toBe(2028);
  });

  it('isYearOutside compares years only', () => {
    expect(isYearOutside(2019, '2020-06-01', '2022-03-01')).toBe(true);
    expect(isYearOutside(2020, '2020-06-01', '2022-03-01')).toBe(false);
    expect(isYearOutside(2022, '2020-06-01', '2022-03-01')).toBe(false);
    expect(isYearOutside(2023, '2020-06-01', '2022-03-01')).toBe(true);
    expect(isYearOutside(1900, null, null)).toBe(false);
  });
});

describe('shortcuts', () => {
  it('computes each period from a fixed today', () => {
    const periods = Object.fromEntries(
      shortcutPeriods('2024-03-15').map((s) => [s.text, [s.startDate, s.endDate]]),
    );
    expect(periods).toEqual({
      Today: ['2024-03-15', '2024-03-15'],
      Yesterday: ['2024-03-14', '2024-03-14'],
      'Last 7 days': ['2024-03-09', '2024-03-15'],
      'Last 30 days': ['2024-02-15', '2024-03-15'],
      'This month': ['2024-03-01', '2024-03-31'],
      'Last month': ['2024-02-01', '2024-02-29'],
    });
  });

  it('crosses a year boundary', () => {
    const lastMonth = shortcutPeriods('2024-01-01').find((s) => s.id === 'lastMonth');
    expect([lastMonth?.startDate, lastMonth?.endDate]).toEqual(['2023-12-01', '2023-12-31']);
  });

  it('accepts a period only with text, two valid dates and start not after end', () => {
    const ok = { id: 'today' as const, text: 'Today', startDate: '2024-03-15', endDate: '2024-03-15' };
    expect(isShortcutAccepted(ok)).toBe(true);
    expect(isShortcutAccepted(null)).toBe(false);
    expect(isShortcutAccepted({ ...ok, text: ' ' })).toBe(false);
    expect(isShortcutAccepted({ ...ok, startDate: null })).toBe(false);
    expect(isShortcutAccepted({ ...ok, endDate: '2024-02-30' })).toBe(false);
    expect(isShortcutAccepted({ ...ok, startDate: '2024-03-16' })).toBe(false);
    expect(shortcutPeriods('2024-03-15').every(isShortcutAccepted)).toBe(true);
    expect(shortcutPeriods('not a day').some(isShortcutAccepted)).toBe(false);
  });
});

describe('options', () => {
  it('formats a value for the input', () => {
    const value = { startDate: '2024-03-01', endDate: '2024-03-09' };
    expect(formatValue(value, { displayFormat: 'DD/MM/YYYY', separator: '~', single: false })).toBe(
      '01/03/2024 ~ 09/03/2024',
    );
    expect(formatValue(value, { displayFormat: 'YYYY-MM-DD', separator: '~', single: true })).toBe(
      '2024-03-01',
    );
    expect(
      formatValue(
        { startDate: null, endDate: null },
        { displayFormat: 'YYYY-MM-DD', separator: '~', single: false },
      ),
    ).toBe('');
  });

  it('maps startWeekOn to a day index, Sunday by default', () => {
    expect(firstDayOfWeek(undefined)).toBe(0);
    expect(firstDayOfWeek('mon')).toBe(1);
    expect(firstDayOfWeek('sat')).toBe(6);
    expect(firstDayOfWeek('someday')).toBe(0);
  });

  it('falls back to blue for unknown colours', () => {
    expect(resolvePrimaryColor('teal')).toBe('teal');
    expect(resolvePrimaryColor('Rose')).toBe('pink');
    // The spec's purple is the badges' violet, not Mantine's grape.
    expect(resolvePrimaryColor('purple')).toBe('violet');
    expect(resolvePrimaryColor('purple')).toBe(TRANSACTION_STATUS_COLORS.CHECKED_OUT);
    expect(resolvePrimaryColor('chartreuse')).toBe('blue');
    expect(resolvePrimaryColor(undefined)).toBe('blue');
  });
});

describe('firstShownMonth', () => {
  const value = (startDate: string, endDate: string) => ({ startDate, endDate });
  const empty = { startDate: null, endDate: null };

  it('forward shows the start month first; one month always shows the start', () => {
    expect(firstShownMonth(value('2024-03-10', '2024-05-02'), '2024-01-01', 2, 'forward')).toBe('2024-03-01');
    expect(firstShownMonth(empty, '2024-01-20', 2, 'forward')).toBe('2024-01-01');
    expect(firstShownMonth(value('2024-03-10', '2024-05-02'), '2024-01-01', 1, 'backward')).toBe(
      '2024-03-01',
    );
  });

  it('backward puts the end month second', () => {
    expect(firstShownMonth(value('2024-03-10', '2024-05-02'), '2024-01-01', 2, 'backward')).toBe(
      '2024-04-01',
    );
    expect(firstShownMonth(empty, '2024-01-20', 2, 'backward')).toBe('2023-12-01');
  });

  it('middle shows the two months around the midpoint', () => {
    // Midpoint March 31: March then April, so both ends show.
    expect(firstShownMonth(value('2024-03-25', '2024-04-08'), '2024-01-01', 2, 'middle')).toBe('2024-03-01');
    // Midpoint March 15: February beside March.
    expect(firstShownMonth(value('2024-03-10', '2024-03-20'), '2024-01-01', 2, 'middle')).toBe('2024-02-01');
    // Midpoint March 16: March beside April.
    expect(firstShownMonth(value('2024-03-16', '2024-03-16'), '2024-01-01', 2, 'middle')).toBe('2024-03-01');
    // Midpoint of January 1 to June 30 is March 31.
    expect(firstShownMonth(value('2024-01-01', '2024-06-30'), '2024-01-01', 2, 'middle')).toBe('2024-03-01');
    // No value: the anchor is the midpoint.
    expect(firstShownMonth(empty, '2024-07-05', 2, 'middle')).toBe('2024-06-01');
  });
});
