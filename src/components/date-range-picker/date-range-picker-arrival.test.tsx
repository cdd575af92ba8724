import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { DateRangePicker } from './date-range-picker';

// The calendars' module is held back until the test lets it through, as on a slow link.
const gate = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release };
});
vi.mock('./calendar', async (importOriginal) => {
  await gate.arrived;
  return importOriginal();
});

describe('DateRangePicker before its calendars have arrived (decision 080)', () => {
  it('opens at once with a busy popup, keeps focus in the input, and shows the months on arrival', async () => {
    const onChange = vi.fn();
    const { user } = renderUi(
      <DateRangePicker
        aria-label="Period"
        today="2024-03-15"
        value={{ startDate: null, endDate: null }}
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Period' });
    await user.click(input);

    const dialog = screen.getByRole('dialog', { name: 'Choose dates' });
    expect(within(dialog).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '15 March 2024' })).not.toBeInTheDocument();
    // Typing goes on while the calendars load.
    expect(input).toHaveFocus();

    gate.release();
    expect(await within(dialog).findByRole('button', { name: '15 March 2024' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    expect(input).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: '4 March 2024' }));
    await user.click(within(dialog).getByRole('button', { name: '8 March 2024' }));
    expect(onChange).toHaveBeenCalledWith({ startDate: '2024-03-04', endDate: '2024-03-08' });
  });
});
