/** The date-range picker's texts (spec §2 "Date picker", §4, §5); the wording beyond the spec's labels is ours. */
export const UI_DATE_PICKER = {
  shortcuts: {
    today: 'Today',
    yesterday: 'Yesterday',
    last7Days: 'Last 7 days',
    last30Days: 'Last 30 days',
    thisMonth: 'This month',
    lastMonth: 'Last month',
  },
  shortcutsLabel: 'Shortcuts',
  cancel: 'Cancel',
  apply: 'Apply',
  openCalendar: 'Open calendar',
  clearDates: 'Clear dates',
  calendarDialog: 'Choose dates',
  previousYears: 'Previous years',
  nextYears: 'Next years',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  invalidDate: (format: string) => `Enter a valid date as ${format}`,
  invalidRange: (format: string, separator: string) =>
    `Enter two valid dates as ${format} ${separator} ${format}, the first before the second`,
  /** Why typed text was not applied; the box shows the applied value again. */
  refused: (typed: string, reason: string) => `"${typed}" was not applied. ${reason}`,
  timeZone: (zone: string) => `Whole days in ${zone}: from 00:00 on the first day to 24:00 on the last`,
  outOfBounds: 'The date is outside the allowed period',
  disabledDate: 'This date cannot be chosen',
  enclosesDisabled: 'The range includes dates that cannot be chosen; pick a range without them',
} as const;
