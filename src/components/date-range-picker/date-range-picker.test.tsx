import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderUi } from '@/test/render-ui';
import {
  DateRangePicker,
  type DateRangePickerProps,
  type DateRangeValue,
  loadCalendar,
} from './date-range-picker';

const TODAY = '2024-03-15';

/** A screen that owns the value, as a list route would, with a spy on every change. */
function Harness({
  initial = { startDate: null, endDate: null },
  onChange,
  ...props
}: Partial<DateRangePickerProps> & { initial?: DateRangeValue; onChange: (v: DateRangeValue) => void }) {
  const [value, setValue] = useState<DateRangeValue>(initial);
  return (
    <>
      <DateRangePicker
        aria-label="Period"
        today={TODAY}
        {...props}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

function setup(props: Partial<DateRangePickerProps> & { initial?: DateRangeValue } = {}) {
  const onChange = vi.fn<(v: DateRangeValue) => void>();
  const utils = renderUi(<Harness onChange={onChange} {...props} />);
  return { onChange, input: screen.getByRole('combobox', { name: 'Period' }), ...utils };
}

/** happy-dom's window is 1024px wide; this makes it a phone's for one test. */
function phoneScreen() {
  type HappyWindow = { happyDOM?: { setViewport(viewport: { width: number; height: number }): void } };
  const happyDOM = (window as unknown as HappyWindow).happyDOM;
  if (!happyDOM) throw new Error('This test needs the happy-dom environment');
  happyDOM.setViewport({ width: 390, height: 844 });
  onTestFinished(() => happyDOM.setViewport({ width: 1024, height: 768 }));
}

const day = (name: string) => screen.getByRole('button', { name });

/**
 * Clicks with the component's timers stopped, so a test reads the screen at exact moments of the
 * 250 ms delay instead of racing it (a busy machine once took longer than that to finish a click).
 */
function chooseWithClockStopped(target: HTMLElement) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  fireEvent.click(target);
}

const advanceClock = (ms: number) => act(() => vi.advanceTimersByTime(ms));

// The calendars load on first use (decision 080); here they are there from the start, as once a
// list page has been used. Their arrival in an open popup: date-range-picker-arrival.test.tsx.
beforeAll(() => loadCalendar());

describe('DateRangePicker', () => {
  it('opens a dialog with two months on focus and closes on an outside click or Escape', async () => {
    const { user, input } = setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(input);
    expect(screen.getByRole('dialog', { name: 'Choose dates' })).toBeInTheDocument();
    // Two months: March and April 2024 are both on screen.
    expect(day('15 March 2024')).toBeInTheDocument();
    expect(day('15 April 2024')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(input);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is a combobox announcing its dialog, with named month arrows', async () => {
    const { user, input } = setup();
    expect(input).toHaveAttribute('aria-haspopup', 'dialog');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', screen.getByRole('dialog').id);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(day('15 May 2024')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(day('15 March 2024')).toBeInTheDocument();
  });

  it('commits a range on the second click, earlier date first, and closes', async () => {
    const { user, input, onChange } = setup();
    await user.click(input);
    await user.click(day('20 March 2024'));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(day('5 March 2024'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ startDate: '2024-03-05', endDate: '2024-03-20' });
    expect(input).toHaveValue('2024-03-05 ~ 2024-03-20');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('starts a new selection when a complete range is clicked', async () => {
    const { user, input, onChange } = setup({
      showFooter: true,
      initial: { startDate: '2024-03-01', endDate: '2024-03-03' },
    });
    await user.click(input);
    await user.click(day('10 March 2024'));
    // Only one end now: Apply waits for the second.
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.click(day('12 March 2024'));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ startDate: '2024-03-10', endDate: '2024-03-12' });
  });

  it('with the footer, enables Apply only with both ends; Cancel closes without a change', async () => {
    const { user, input, onChange } = setup({ showFooter: true });
    await user.click(input);
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.click(day('4 March 2024'));
    expect(apply).toBeDisabled();
    await user.click(day('8 March 2024'));
    expect(apply).toBeEnabled();
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveValue('');

    await user.click(input);
    await user.click(day('4 March 2024'));
    await user.click(day('8 March 2024'));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ startDate: '2024-03-04', endDate: '2024-03-08' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('applies a shortcut period computed from today', async () => {
    const { user, input, onChange } = setup({ showShortcuts: true });
    await user.click(input);
    for (const name of ['Today', 'Yesterday', 'Last 7 days', 'Last 30 days', 'This month', 'Last month']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ startDate: '2024-03-09', endDate: '2024-03-15' });
    expect(input).toHaveValue('2024-03-09 ~ 2024-03-15');
  });

  it('applies a typed range on Enter, by the display format and separator', async () => {
    const { user, input, onChange } = setup({ displayFormat: 'DD/MM/YYYY' });
    await user.type(input, '01/02/2024 ~ 10/02/2024{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ startDate: '2024-02-01', endDate: '2024-02-10' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('applies a typed single date on Enter with asSingle, and a range cut at its midpoint', async () => {
    const single = setup({ asSingle: true });
    await single.user.type(single.input, '2024-02-29{Enter}');
    expect(single.onChange).toHaveBeenCalledExactlyOnceWith({
      startDate: '2024-02-29',
      endDate: '2024-02-29',
    });
    single.unmount();

    const range = setup();
    await range.user.type(range.input, '2024-02-012024-02-10{Enter}');
    expect(range.onChange).toHaveBeenCalledExactlyOnceWith({
      startDate: '2024-02-01',
      endDate: '2024-02-10',
    });
    expect(range.input).toHaveValue('2024-02-01 ~ 2024-02-10');
  });

  it('with the footer, a shortcut fills the range and waits for Apply', async () => {
    const { user, input, onChange } = setup({ showFooter: true, showShortcuts: true });
    await user.click(input);
    await user.click(screen.getByRole('button', { name: 'Last month' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ startDate: '2024-02-01', endDate: '2024-02-29' });
  });

  it.each([
    ['a reversed range', '2024-03-10 ~ 2024-03-02'],
    ['garbage', 'garbage'],
  ])(
    'refuses %s on Enter: says what and why under the field, and shows the applied value again',
    async (_, typed) => {
      const { user, input, onChange } = setup({
        initial: { startDate: '2024-03-01', endDate: '2024-03-03' },
        showFooter: true,
      });
      await user.clear(input);
      await user.type(input, `${typed}{Enter}`);
      expect(onChange).not.toHaveBeenCalled();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(
        `"${typed}" was not applied. Enter two valid dates as YYYY-MM-DD ~ YYYY-MM-DD, the first before the second`,
      );
      // The box reads as the range the list still uses, not as the refused text.
      expect(input).toHaveValue('2024-03-01 ~ 2024-03-03');
      // Typing again clears the message.
      await user.type(input, 'x');
      expect(input).not.toHaveAttribute('aria-invalid', 'true');
    },
  );

  it('refuses a typed date outside minDate and maxDate with the reason, showing the applied value again', async () => {
    const { user, input, onChange } = setup({ asSingle: true, minDate: '2024-03-05' });
    await user.type(input, '2024-03-01{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveAccessibleDescription(
      '"2024-03-01" was not applied. The date is outside the allowed period',
    );
    expect(input).toHaveValue('');
  });

  it('states the time zone of its whole days under the calendars (UTC unless told)', async () => {
    const { user, input } = setup();
    await user.click(input);
    expect(within(screen.getByRole('dialog')).getByText(/^Whole days in UTC/)).toBeInTheDocument();
  });

  describe('on a phone (390px)', () => {
    it('shows one month, so the popup with its shortcuts, Cancel and Apply fits the screen', async () => {
      phoneScreen();
      const { user, input } = setup({ showShortcuts: true, showFooter: true });
      await user.click(input);
      const dialog = screen.getByRole('dialog', { name: 'Choose dates' });
      expect(within(dialog).getByRole('button', { name: 'March 2024' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'April 2024' })).not.toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Last 7 days' })).toBeInTheDocument();
    });
  });

  it('Enter on the shown value closes with no change and no error, even a one-day range', async () => {
    const { user, input, onChange } = setup({ showShortcuts: true });
    await user.click(input);
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ startDate: '2024-03-15', endDate: '2024-03-15' });
    expect(input).toHaveValue('2024-03-15 ~ 2024-03-15');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(input);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(input).not.toHaveAccessibleDescription();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(input).toHaveValue('2024-03-15 ~ 2024-03-15');
  });

  it('moves the calendars to a valid range as it is typed', async () => {
    const { user, input, onChange } = setup();
    await user.click(input);
    expect(screen.queryByRole('button', { name: '4 July 2023' })).not.toBeInTheDocument();
    await user.type(input, '2023-07-04 ~ 2023-07-09');
    const dialog = screen.getByRole('dialog', { name: 'Choose dates' });
    expect(within(dialog).getByRole('button', { name: 'July 2023' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'August 2023' })).toBeInTheDocument();
    expect(day('4 July 2023')).toHaveAttribute('data-selected');
    expect(day('9 July 2023')).toHaveAttribute('data-selected');
    // Shown, not applied: Enter applies it.
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows six weeks (42 cells) in every month, spec §9', async () => {
    // February 2026 starts on a Sunday and has 28 days: four weeks unless the calendar pads it.
    const { user, input } = setup({ startFrom: '2026-02-01' });
    await user.click(input);
    const months = within(screen.getByRole('dialog')).getAllByRole('table');
    expect(months).toHaveLength(2);
    for (const month of months) {
      const weeks = within(month).getAllByRole('row').slice(1);
      expect(weeks).toHaveLength(6);
      expect(weeks.flatMap((week) => within(week).getAllByRole('cell'))).toHaveLength(42);
    }
  });

  it('defaults the placeholder to the display format and separator', () => {
    const range = setup();
    expect(range.input).toHaveAttribute('placeholder', 'YYYY-MM-DD ~ YYYY-MM-DD');
    range.unmount();
    const single = setup({ asSingle: true, displayFormat: 'DD/MM/YYYY' });
    expect(single.input).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    single.unmount();
    const other = setup({ separator: 'to' });
    expect(other.input).toHaveAttribute('placeholder', 'YYYY-MM-DD to YYYY-MM-DD');
    other.unmount();
    const given = setup({ placeholder: 'Any period' });
    expect(given.input).toHaveAttribute('placeholder', 'Any period');
  });

  it("colours the selection with the badges' purple (violet) for primaryColor purple", async () => {
    const { user, input } = setup({ primaryColor: 'purple' });
    await user.click(input);
    expect(screen.getByRole('dialog').style.getPropertyValue('--mantine-primary-color-filled')).toBe(
      'var(--mantine-color-violet-filled)',
    );
  });

  it('the toggle button clears a filled input and the value', async () => {
    const { user, input, onChange } = setup({ initial: { startDate: '2024-03-01', endDate: '2024-03-03' } });
    expect(input).toHaveValue('2024-03-01 ~ 2024-03-03');
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ startDate: null, endDate: null });
    expect(input).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Open calendar' })).toBeInTheDocument();
  });

  it('asSingle shows one month and applies on the first click', async () => {
    const { user, input, onChange } = setup({ asSingle: true, showFooter: true });
    await user.click(input);
    expect(screen.queryByRole('button', { name: '15 April 2024' })).not.toBeInTheDocument();
    await user.click(day('7 March 2024'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ startDate: '2024-03-07', endDate: '2024-03-07' });
    expect(input).toHaveValue('2024-03-07');
  });

  it('a disabled date cannot be picked and a range enclosing one is rejected', async () => {
    const { user, input, onChange } = setup({
      disabledDates: [{ startDate: '2024-03-10', endDate: '2024-03-12' }],
    });
    await user.click(input);
    expect(day('11 March 2024')).toBeDisabled();
    await user.click(day('5 March 2024'));
    await user.click(day('20 March 2024'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The range includes dates that cannot be chosen; pick a range without them',
    );
    // The picker stays open for another try.
    await user.click(day('13 March 2024'));
    await user.click(day('20 March 2024'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ startDate: '2024-03-13', endDate: '2024-03-20' });
  });

  it('disables days outside minDate and maxDate', async () => {
    const { user, input } = setup({ minDate: '2024-03-05', maxDate: '2024-04-20' });
    await user.click(input);
    expect(day('4 March 2024')).toBeDisabled();
    expect(day('5 March 2024')).toBeEnabled();
    expect(day('21 April 2024')).toBeDisabled();
  });

  it('chooses a year from 12 a page, those outside the minDate and maxDate years disabled', async () => {
    const { user, input } = setup({ minDate: '2016-06-01', maxDate: '2023-02-01', startFrom: '2022-03-01' });
    await user.click(input);
    await user.click(screen.getByRole('button', { name: 'March 2022' }));
    await user.click(screen.getByRole('button', { name: '2022' }));
    const page = screen.getByRole('group', { name: '2016 – 2027' });
    expect(within(page).getAllByRole('button')).toHaveLength(12);
    expect(within(page).getByRole('button', { name: '2016' })).toBeEnabled();
    expect(within(page).getByRole('button', { name: '2023' })).toBeEnabled();
    expect(within(page).getByRole('button', { name: '2024' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous years' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next years' })).toBeDisabled();
    await user.click(within(page).getByRole('button', { name: '2017' }));
    // Back on Mantine's month chooser for the chosen year, after spec §4's 250 ms.
    await waitFor(() => expect(screen.queryByRole('group', { name: '2016 – 2027' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '2017' })).toBeInTheDocument();
  });

  it('applies a year choice after 250 ms, showing the chosen year pressed meanwhile', async () => {
    const { user, input } = setup({ startFrom: '2022-03-01' });
    await user.click(input);
    await user.click(screen.getByRole('button', { name: 'March 2022' }));
    await user.click(screen.getByRole('button', { name: '2022' }));
    const page = screen.getByRole('group', { name: '2016 – 2027' });
    chooseWithClockStopped(within(page).getByRole('button', { name: '2019' }));
    // Still on the year grid for 249 ms, with the choice marked.
    advanceClock(249);
    const stillShown = screen.getByRole('group', { name: '2016 – 2027' });
    expect(within(stillShown).getByRole('button', { name: '2019' })).toHaveAttribute('aria-pressed', 'true');
    advanceClock(1);
    expect(screen.queryByRole('group', { name: '2016 – 2027' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2019' })).not.toHaveAttribute('aria-pressed');
  });

  it('applies a month choice after 250 ms', async () => {
    const { user, input } = setup({ startFrom: '2022-03-01' });
    await user.click(input);
    await user.click(screen.getByRole('button', { name: 'March 2022' }));
    // Two columns show 2022 and 2023; the first is the displayed year.
    chooseWithClockStopped(screen.getAllByRole('button', { name: 'Jul' })[0] as HTMLElement);
    // The month chooser stays for 249 ms, then the calendars show the chosen month.
    advanceClock(249);
    expect(screen.getAllByRole('button', { name: 'Jul' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: '15 July 2022' })).not.toBeInTheDocument();
    advanceClock(1);
    expect(screen.getByRole('button', { name: '15 July 2022' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Jul' })).not.toBeInTheDocument();
  });

  it.each([
    ['forward', '2024-03-10', '2024-03-20', ['March 2024', 'April 2024']],
    ['backward', '2024-03-10', '2024-03-20', ['February 2024', 'March 2024']],
    // The midpoint (March 15) is nearer the start of March: February beside it.
    ['middle', '2024-03-10', '2024-03-20', ['February 2024', 'March 2024']],
    // A range over a month end: both ends on screen.
    ['middle', '2024-03-25', '2024-04-08', ['March 2024', 'April 2024']],
  ] as const)('dateLooking %s shows %s ~ %s in the months %j', async (dateLooking, start, end, months) => {
    const { user, input } = setup({ dateLooking, initial: { startDate: start, endDate: end } });
    await user.click(input);
    const dialog = screen.getByRole('dialog', { name: 'Choose dates' });
    for (const month of months)
      expect(within(dialog).getByRole('button', { name: month })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('table')).toHaveLength(2);
  });

  it('pages the year chooser', async () => {
    const { user, input } = setup({ startFrom: '2022-03-01' });
    await user.click(input);
    await user.click(screen.getByRole('button', { name: 'March 2022' }));
    await user.click(screen.getByRole('button', { name: '2022' }));
    await user.click(screen.getByRole('button', { name: 'Next years' }));
    expect(screen.getByRole('group', { name: '2028 – 2039' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous years' }));
    await user.click(screen.getByRole('button', { name: 'Previous years' }));
    expect(screen.getByRole('group', { name: '2004 – 2015' })).toBeInTheDocument();
  });

  it('starts the week on Sunday by default and on the day given by startWeekOn', async () => {
    const { user, input, unmount } = setup();
    await user.click(input);
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('Su');
    unmount();
    const other = setup({ startWeekOn: 'mon' });
    await other.user.click(other.input);
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('Mo');
  });

  it('read-only takes no typing, but the calendar opens and picks (the reference picker)', async () => {
    const { user, input, onChange } = setup({ readOnly: true });
    expect(input).toHaveAttribute('readonly');
    await user.type(input, '2024-03-01 ~ 2024-03-05');
    expect(input).toHaveValue('');
    expect(screen.getByRole('dialog', { name: 'Choose dates' })).toBeInTheDocument();
    await user.click(day('4 March 2024'));
    await user.click(day('8 March 2024'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ startDate: '2024-03-04', endDate: '2024-03-08' });
    expect(input).toHaveValue('2024-03-04 ~ 2024-03-08');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Enter on the read-only text closes quietly, and the toggle still clears.
    await user.click(input);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(onChange).toHaveBeenLastCalledWith({ startDate: null, endDate: null });
    expect(input).toHaveValue('');
  });

  it('neither opens nor clears when disabled', async () => {
    const { user, input, onChange } = setup({
      disabled: true,
      initial: { startDate: '2024-03-01', endDate: '2024-03-03' },
    });
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear dates' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
