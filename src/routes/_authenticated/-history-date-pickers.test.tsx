import { screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

/** How the picker's month headers read a month: 'November 2026'. */
const monthName = (month: dayjs.Dayjs) => month.format('MMMM YYYY');

// Transactions and Payouts hold only what has happened: a calendar on the next month offers nothing.
describe.each([
  ['/transactions', 'Transactions'],
  ['/payouts', 'Payouts requests'],
])('%s date range', (path, heading) => {
  it('opens on last month and this one, never on the month to come', async () => {
    const { user } = renderApp(path, { user: 'admin' });
    await screen.findByRole('heading', { name: heading });
    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose dates' });
    const now = dayjs();
    // The calendars come with their own chunk on first use (decision 080).
    expect(
      await within(dialog).findByRole('button', { name: monthName(now.subtract(1, 'month')) }),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: monthName(now) })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: monthName(now.add(1, 'month')) })).toBeNull();
    // And says in which zone its whole days are read (the server's: UTC).
    expect(within(dialog).getByText(/^Whole days in UTC/)).toBeVisible();
  });
});
