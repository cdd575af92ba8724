import {
  type CalendarLevel,
  DatePicker,
  type DatePickerPreset,
  type DateStringValue,
  DatesProvider,
  useDatesContext,
} from '@mantine/dates';
import dayjs from 'dayjs';
import type { DateRules, Shortcut } from './parse';
import { YearGrid } from './year-grid';

export type Draft = [DateStringValue | null, DateStringValue | null];

/** What both calendars (one date, a range) take from the picker. */
export interface CalendarProps {
  numberOfColumns: number;
  date: DateStringValue;
  onDateChange: (date: DateStringValue) => void;
  level: Exclude<CalendarLevel, 'decade'>;
  onLevelChange: (next: CalendarLevel) => void;
  firstDayOfWeek: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  minDate: string | undefined;
  maxDate: string | undefined;
  excludeDate: (day: DateStringValue) => boolean;
  ariaLabels: { previousMonth: string; nextMonth: string; previousYear: string; nextYear: string };
  classNames: Record<string, string | undefined>;
}

export interface RangeCalendarProps {
  calendarProps: CalendarProps;
  /** The picker's level; 'decade' shows our 12-year grid instead of Mantine's 10-year one. */
  level: CalendarLevel;
  displayed: DateStringValue;
  selectedYear: number | null;
  rules: DateRules;
  color: string;
  asSingle: boolean;
  draft: Draft;
  shortcuts: readonly Shortcut[];
  onPickYear: (year: number) => void;
  onPickSingle: (day: DateStringValue | null) => void;
  onPickRange: (range: Draft) => void;
}

/**
 * The popup's calendars: Mantine's DatePicker (one date or a range, with the shortcuts as its
 * presets) or, at the decade level, the 12-year grid. Loaded when the popup is first wanted
 * (date-range-picker.tsx, decision 080).
 */
export function RangeCalendar({
  calendarProps,
  level,
  displayed,
  selectedYear,
  rules,
  color,
  asSingle,
  draft,
  shortcuts,
  onPickYear,
  onPickSingle,
  onPickRange,
}: RangeCalendarProps) {
  // Spec §9 "42 calendar cells": six weeks in every month, so the popup keeps its height. Mantine 9
  // sets this only through DatesProvider, which would reset the app's other date settings.
  const dates = useDatesContext();
  const datesSettings = {
    locale: dates.locale,
    firstDayOfWeek: dates.firstDayOfWeek,
    weekendDays: dates.weekendDays,
    labelSeparator: dates.labelSeparator,
    consistentWeeks: true,
  };
  return (
    <DatesProvider settings={datesSettings}>
      {level === 'decade' ? (
        <YearGrid
          year={dayjs(displayed).year()}
          selectedYear={selectedYear}
          minDate={rules.minDate}
          maxDate={rules.maxDate}
          color={color}
          onPick={onPickYear}
        />
      ) : asSingle ? (
        <DatePicker
          {...calendarProps}
          type="default"
          value={draft[0]}
          onChange={onPickSingle}
          presets={
            shortcuts.length
              ? shortcuts.map<DatePickerPreset<'default'>>((s) => ({ value: s.startDate, label: s.text }))
              : undefined
          }
        />
      ) : (
        <DatePicker
          {...calendarProps}
          type="range"
          value={draft}
          onChange={onPickRange}
          presets={
            shortcuts.length
              ? shortcuts.map<DatePickerPreset<'range'>>((s) => ({
                  value: [s.startDate, s.endDate],
                  label: s.text,
                }))
              : undefined
          }
        />
      )}
    </DatesProvider>
  );
}
