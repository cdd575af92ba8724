import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { renderApp } from '@/test/render-app';

type Router = ReturnType<typeof renderApp>['router'];

/**
 * On a list with a Date range picker: opens its calendar (the shortcuts show), clicks the day
 * `first` (Apply stays disabled with one end) and then `second`; nothing is applied before Apply
 * (the URL's search is still `before`); then clicks Apply.
 */
export async function applyCalendarRange(
  user: UserEvent,
  router: Router,
  [first, second]: [string, string],
  before: Record<string, string>,
) {
  await user.click(screen.getByRole('combobox', { name: 'Date range' }));
  const calendar = screen.getByRole('dialog', { name: 'Choose dates' });
  // The calendars come with their own chunk on first use (decision 080).
  expect(await within(calendar).findByRole('button', { name: 'Last 7 days' })).toBeInTheDocument();
  const apply = within(calendar).getByRole('button', { name: 'Apply' });
  await user.click(within(calendar).getByRole('button', { name: first }));
  expect(apply).toBeDisabled();
  await user.click(within(calendar).getByRole('button', { name: second }));
  expect(router.state.location.search).toEqual(before);
  await user.click(apply);
}
