import { ActionIcon, Box, Button, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import type { CalendarLevel, DateStringValue } from '@mantine/dates';
import dayjs from 'dayjs';
import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CalendarIcon, ClearIcon } from '@/components/icons';
import { LazyBody, lazyPart, preload } from '@/components/lazy-part';
import type { CalendarProps, Draft } from './calendar';
import { UI_DATE_PICKER } from './copy';
import classes from './date-range-picker.module.css';
import {
  type DateLooking,
  type DateRangeValue,
  type DateRules,
  type DayInput,
  type DisabledRange,
  EMPTY_RANGE,
  firstDayOfWeek,
  firstShownMonth,
  formatValue,
  ISO_DAY,
  isDisabled,
  isShortcutAccepted,
  LEVEL_CHOICE_DELAY_MS,
  type ParseResult,
  parseInput,
  type RangeProblem,
  rangeProblem,
  resolvePrimaryColor,
  shortcutPeriods,
  toIsoDay,
  type WeekDay,
} from './parse';
import { usePhoneScreen } from './use-phone-screen';

export type { DateRangeValue, DisabledRange } from './parse';

/** Spec §2 "Date picker" options, with the reference picker's names. */
export interface DateRangePickerProps {
  /** Both ends as 'YYYY-MM-DD' or both null (spec §2). A single date is `{ d, d }`. */
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** A visible label; give this or `aria-label`. */
  label?: ReactNode;
  'aria-label'?: string;
  /** Two months side by side (default true); one month when false or with `asSingle`. */
  useRange?: boolean;
  /** Pick one date, applied on the first click (default false). */
  asSingle?: boolean;
  /** Cancel and Apply below the calendars (default false). */
  showFooter?: boolean;
  /** Today, Yesterday, Last 7 days, ... beside the calendars (default false). */
  showShortcuts?: boolean;
  /** Between the two dates in the input (default '~'). */
  separator?: string;
  /** dayjs format the input shows and parses (default 'YYYY-MM-DD'). */
  displayFormat?: string;
  minDate?: DayInput;
  maxDate?: DayInput;
  /** Inclusive periods that cannot be picked, nor enclosed by a range. */
  disabledDates?: readonly DisabledRange[];
  /** The month shown first when there is no value (default: this month). */
  startFrom?: DayInput;
  /** 'sun' (default) to 'sat'. */
  startWeekOn?: WeekDay;
  /**
   * With two months, where the value sits when the popup opens (default 'forward': its start in the
   * first month; 'backward': its end in the second; 'middle': the months around its midpoint).
   */
  dateLooking?: DateLooking;
  /** Open below (default) or above the input. */
  popoverDirection?: 'up' | 'down';
  /** Default: the display format, e.g. 'YYYY-MM-DD ~ YYYY-MM-DD' (one date with `asSingle`). */
  placeholder?: string;
  /** No typing; the calendar still opens and picks, and the toggle still clears (as the reference picker). */
  readOnly?: boolean;
  /** Neither typing, nor the calendar, nor the toggle. */
  disabled?: boolean;
  inputId?: string;
  inputName?: string;
  /** A Mantine colour name (or a Tailwind one with a Mantine twin); unknown names give blue. */
  primaryColor?: string;
  /** Today as 'YYYY-MM-DD', for shortcuts; tests fix it, screens leave it to the clock. */
  today?: string;
  /**
   * Ours: the time zone whose whole days the value stands for, stated under the calendars. The API
   * reads every from/to as whole UTC days (server/db/queries/transactions.ts), hence the default;
   * null states none.
   */
  timeZone?: string | null;
}

/**
 * The calendars come on first use (decision 080): Mantine's DatePicker is most of the picker's code,
 * and a list page shows only the input until the popup opens. A pointer over the field or focus on
 * it starts the load; until it arrives the open popup shows a spinner.
 */
const calendar = lazyPart(() => import('./calendar'));
const preloadCalendar = () => preload(calendar);
/** Loads the calendars now (tests that drive them without waiting for the first open). */
export const loadCalendar = () => calendar.load();

const PROBLEM_TEXT: Record<RangeProblem, string> = {
  outOfBounds: UI_DATE_PICKER.outOfBounds,
  disabledDate: UI_DATE_PICKER.disabledDate,
  enclosesDisabled: UI_DATE_PICKER.enclosesDisabled,
};

function sameValue(a: DateRangeValue, b: DateRangeValue): boolean {
  return a.startDate === b.startDate && a.endDate === b.endDate;
}

function toDraft(value: DateRangeValue): Draft {
  return [value.startDate, value.endDate];
}

/**
 * Spec §2/§4/§5 date picker on Mantine's DatePicker, which already gives the month calendars and
 * month chooser, two columns, the range clicks (first click = start, second = end with the earlier
 * date first, a click on a complete range starting anew), excluded days, min/max and presets.
 * What is written here is what Mantine lacks: the typed input with its separator and midpoint
 * rule, the toggle button that clears, the footer's draft-then-Apply, the rejection of a range
 * enclosing a disabled period, a 12-year chooser (Mantine's decade has 10), and the reference
 * picker's option names.
 */
export function DateRangePicker({
  value,
  onChange,
  label,
  'aria-label': ariaLabel,
  useRange = true,
  asSingle = false,
  showFooter = false,
  showShortcuts = false,
  separator = '~',
  displayFormat = 'YYYY-MM-DD',
  minDate,
  maxDate,
  disabledDates = [],
  startFrom,
  startWeekOn = 'sun',
  dateLooking = 'forward',
  popoverDirection = 'down',
  placeholder,
  readOnly = false,
  disabled = false,
  inputId,
  inputName,
  primaryColor,
  today,
  timeZone = 'UTC',
}: DateRangePickerProps) {
  const generatedId = useId();
  const id = inputId ?? generatedId;
  const dialogId = `${id}-dialog`;
  const noticeId = `${id}-notice`;
  const format = { displayFormat, separator, single: asSingle };
  const rules: DateRules = { minDate: toIsoDay(minDate), maxDate: toIsoDay(maxDate), disabledDates };
  const color = resolvePrimaryColor(primaryColor);

  const todayIso = toIsoDay(today ?? null) ?? dayjs().format(ISO_DAY);
  // A phone has room for one month: two side by side would put Apply and Cancel off screen.
  const phone = usePhoneScreen();
  const columns = useRange && !asSingle && !phone ? 2 : 1;
  const anchor = toIsoDay(startFrom) ?? value.startDate ?? todayIso;
  const firstMonth = firstShownMonth(value, anchor, columns, dateLooking);

  const [opened, setOpened] = useState(false);
  // Which month the calendars show and at which level; reset each time the popup opens.
  const [displayed, setDisplayed] = useState<DateStringValue>(firstMonth);
  const [level, setLevel] = useState<CalendarLevel>('month');
  const [text, setText] = useState(() => formatValue(value, format));
  const [draft, setDraft] = useState<Draft>(() => toDraft(value));
  // Why the last typed text or picked range was refused; shown and announced, cleared on change.
  const [inputError, setInputError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Spec §4: a month or year choice applies after 250 ms; the chosen year shows pressed meanwhile.
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const levelTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancelLevelChoice = () => {
    clearTimeout(levelTimer.current);
    levelTimer.current = undefined;
    setChosenYear(null);
  };
  const chooseLevelLater = (next: CalendarLevel) => {
    clearTimeout(levelTimer.current);
    levelTimer.current = setTimeout(() => {
      levelTimer.current = undefined;
      setChosenYear(null);
      setLevel(next);
    }, LEVEL_CHOICE_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(levelTimer.current), []);

  // Follow a value changed elsewhere (URL, another control) without an effect.
  const [shown, setShown] = useState(value);
  if (!sameValue(shown, value)) {
    setShown(value);
    setText(formatValue(value, format));
    setDraft(toDraft(value));
    setInputError(null);
  }

  const interactive = !disabled;

  const open = () => {
    if (!interactive || opened) return;
    setDraft(toDraft(value));
    setNotice(null);
    setDisplayed(firstMonth);
    cancelLevelChoice();
    setLevel('month');
    setOpened(true);
  };

  /** Closing without Apply drops an unfinished pick. */
  const dismiss = () => {
    cancelLevelChoice();
    setOpened(false);
    setDraft(toDraft(value));
    setNotice(null);
  };

  const commit = (next: DateRangeValue) => {
    if (!sameValue(next, value)) onChange(next);
    setText(formatValue(next, format));
    setDraft(toDraft(next));
    setInputError(null);
    setNotice(null);
    cancelLevelChoice();
    setOpened(false);
  };

  const parse = (input: string): ParseResult => parseInput(input, { ...rules, ...format });

  const applyTyped = () => {
    // The shown value needs no parsing: in range mode a one-day value ('d ~ d', from Today) would
    // fail the typed rule that the start comes strictly before the end.
    if (text.trim() === formatValue(value, format)) {
      dismiss();
      setInputError(null);
      return;
    }
    const result = parse(text);
    if (result.ok) {
      commit(result.value);
      return;
    }
    // The value stays as it was, and so does the box: it shows the applied value again, so it never
    // reads as a filter the list does not use; the message names what was refused and why.
    setInputError(
      UI_DATE_PICKER.refused(
        text.trim(),
        result.reason === 'invalid'
          ? asSingle
            ? UI_DATE_PICKER.invalidDate(displayFormat)
            : UI_DATE_PICKER.invalidRange(displayFormat, separator)
          : PROBLEM_TEXT[result.reason],
      ),
    );
    setText(formatValue(value, format));
    setDraft(toDraft(value));
    setOpened(false);
  };

  const pickRange = ([start, end]: Draft) => {
    if (start && end) {
      const problem = rangeProblem(start, end, rules);
      if (problem) {
        // Mantine lets both ends be free days around a disabled period; spec §5 rejects that range.
        setNotice(PROBLEM_TEXT[problem]);
        setDraft([null, null]);
        return;
      }
      setNotice(null);
      if (showFooter) setDraft([start, end]);
      else commit({ startDate: start, endDate: end });
      return;
    }
    setNotice(null);
    setDraft([start, end]);
  };

  const pickSingle = (day: DateStringValue | null) => {
    // Spec §4: with asSingle the first click applies at once, footer or not.
    commit(day ? { startDate: day, endDate: day } : EMPTY_RANGE);
  };

  const toggle = () => {
    if (text) {
      // Spec §4: the toggle button clears the input and the value when there is text.
      setText('');
      setInputError(null);
      setNotice(null);
      setDraft([null, null]);
      if (value.startDate !== null) onChange(EMPTY_RANGE);
      return;
    }
    if (opened) dismiss();
    else open();
  };

  const shortcuts = showShortcuts
    ? shortcutPeriods(todayIso)
        .filter(isShortcutAccepted)
        // A period the rules would refuse is not offered; single mode offers the one-day periods.
        .filter((s) => (asSingle ? s.startDate === s.endDate : true))
        .filter((s) => rangeProblem(s.startDate, s.endDate, rules) === null)
    : [];

  const calendarProps: CalendarProps = {
    numberOfColumns: columns,
    date: displayed,
    onDateChange: setDisplayed,
    // Mantine's own decade level (10 years) is replaced by the 12-year grid (calendar.tsx).
    level: level === 'decade' ? 'year' : level,
    onLevelChange: (next: CalendarLevel) => {
      // A month picked in the year chooser is a choice (delayed); the header's level buttons are not.
      if (level === 'year' && next === 'month') chooseLevelLater(next);
      else {
        cancelLevelChoice();
        setLevel(next);
      }
    },
    firstDayOfWeek: firstDayOfWeek(startWeekOn),
    minDate: rules.minDate ?? undefined,
    maxDate: rules.maxDate ?? undefined,
    excludeDate: (day: DateStringValue) => isDisabled(day, disabledDates),
    // Mantine's arrow buttons have no text; without labels a screen reader announces only "button".
    ariaLabels: {
      previousMonth: UI_DATE_PICKER.previousMonth,
      nextMonth: UI_DATE_PICKER.nextMonth,
      previousYear: UI_DATE_PICKER.previousYear,
      nextYear: UI_DATE_PICKER.nextYear,
    },
    classNames: {
      day: classes.day,
      ...(phone ? { datePickerRoot: classes.phoneRoot, presetsList: classes.phonePresets } : {}),
    },
  };

  // Mantine's selected and in-range days read the primary colour variables; scope them to the popup.
  const colorVars = {
    '--mantine-primary-color-filled': `var(--mantine-color-${color}-filled)`,
    '--mantine-primary-color-filled-hover': `var(--mantine-color-${color}-filled-hover)`,
    '--mantine-primary-color-light': `var(--mantine-color-${color}-light)`,
    '--mantine-primary-color-light-hover': `var(--mantine-color-${color}-light-hover)`,
    '--mantine-primary-color-light-color': `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;

  const defaultPlaceholder = asSingle ? displayFormat : `${displayFormat} ${separator} ${displayFormat}`;
  const hasText = text !== '';
  const toggleLabel = hasText ? UI_DATE_PICKER.clearDates : UI_DATE_PICKER.openCalendar;

  return (
    <Popover
      opened={opened}
      onDismiss={dismiss}
      position={popoverDirection === 'up' ? 'top-start' : 'bottom-start'}
      // Spec §4: a 300 ms fade on close.
      transitionProps={{ transition: 'fade', duration: 300 }}
      // The input keeps focus for typing, so no focus trap; roles are set by hand below because
      // the target is the whole field (input and toggle), not the input alone.
      trapFocus={false}
      withRoles={false}
      shadow="md"
    >
      <Popover.Target>
        <Box onPointerEnter={preloadCalendar}>
          <TextInput
            id={id}
            name={inputName}
            label={label}
            aria-label={label ? undefined : ariaLabel}
            // WAI-ARIA APG date picker: a combobox whose popup is a dialog. aria-expanded is not
            // allowed on a plain textbox (axe: aria-allowed-attr).
            role="combobox"
            aria-haspopup="dialog"
            aria-expanded={opened}
            aria-controls={opened ? dialogId : undefined}
            autoComplete="off"
            // Wide enough for the whole 'YYYY-MM-DD ~ YYYY-MM-DD' and the calendar toggle.
            miw={256}
            placeholder={placeholder ?? defaultPlaceholder}
            readOnly={readOnly}
            disabled={disabled}
            value={text}
            error={inputError}
            onFocus={() => {
              preloadCalendar();
              open();
            }}
            onClick={open}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setText(next);
              setInputError(null);
              // Show a valid typed range on the calendars; it is applied on Enter.
              const result = parse(next);
              if (result.ok && result.value.startDate !== null) {
                setDraft(toDraft(result.value));
                // Bring the typed range into view, placed as on opening (dateLooking).
                cancelLevelChoice();
                setLevel('month');
                setDisplayed(firstShownMonth(result.value, anchor, columns, dateLooking));
              }
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyTyped();
              } else if (event.key === 'Escape') {
                dismiss();
              }
            }}
            rightSectionPointerEvents="all"
            rightSection={
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={toggleLabel}
                disabled={!interactive}
                onClick={toggle}
              >
                {hasText ? <ClearIcon /> : <CalendarIcon />}
              </ActionIcon>
            }
          />
        </Box>
      </Popover.Target>
      <Popover.Dropdown
        id={dialogId}
        role="dialog"
        aria-label={UI_DATE_PICKER.calendarDialog}
        aria-describedby={notice ? noticeId : undefined}
        miw={{ base: 'auto', md: 296 }}
        // Never wider than the screen: on a phone the shortcuts wrap instead of pushing Apply off it.
        maw="calc(100vw - 16px)"
        style={colorVars}
      >
        <Stack gap="sm">
          <LazyBody part={calendar} focusOnArrival={false}>
            {({ RangeCalendar }) => (
              <RangeCalendar
                calendarProps={calendarProps}
                level={level}
                displayed={displayed}
                selectedYear={chosenYear ?? (draft[0] ? dayjs(draft[0]).year() : null)}
                rules={rules}
                color={color}
                asSingle={asSingle}
                draft={draft}
                shortcuts={shortcuts}
                onPickYear={(year) => {
                  setDisplayed(dayjs(displayed).year(year).format(ISO_DAY));
                  setChosenYear(year);
                  chooseLevelLater('year');
                }}
                onPickSingle={pickSingle}
                onPickRange={pickRange}
              />
            )}
          </LazyBody>
          {timeZone ? (
            <Text size="xs" c="dimmed">
              {UI_DATE_PICKER.timeZone(timeZone)}
            </Text>
          ) : null}
          {notice ? (
            <Text id={noticeId} role="alert" size="sm" c="red.9">
              {notice}
            </Text>
          ) : null}
          {showFooter ? (
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={dismiss}>
                {UI_DATE_PICKER.cancel}
              </Button>
              <Button
                size="xs"
                color={color}
                disabled={!(draft[0] && draft[1])}
                onClick={() => {
                  if (draft[0] && draft[1]) commit({ startDate: draft[0], endDate: draft[1] });
                }}
              >
                {UI_DATE_PICKER.apply}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
