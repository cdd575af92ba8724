import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { cellsOf, tableRows } from '@/test/table';

const actionsOf = async () => (await tableRows('Audit records')).map((row) => cellsOf(row)?.[4]);

describe('/audit-log', () => {
  it('lists the log newest first and filters by outcome and action through the URL', async () => {
    const { user, router } = renderApp('/audit-log');
    expect(await actionsOf()).toEqual([
      'payout.approve',
      'role.update',
      'auth.sign-in',
      'currency.update',
      'auth.sign-in',
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Failure' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ outcome: 'failure' }));
    await waitFor(async () => expect(await actionsOf()).toEqual(['auth.sign-in']));

    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'All outcomes' }));
    const action = screen.getByPlaceholderText('Action or group, e.g. user');
    await user.type(action, 'auth');
    await user.tab();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ action: 'auth' }));
    await waitFor(async () => expect(await actionsOf()).toEqual(['auth.sign-in', 'auth.sign-in']));
  });

  it('reads its filters from the URL and drops bad values', async () => {
    const { router } = renderApp(
      '/audit-log?search=Dawit&outcome=maybe&from=2026-02-30&to=2026-11-30&page=0',
    );
    expect(await actionsOf()).toEqual(['payout.approve']);
    expect(router.state.location.search).toEqual({ search: 'Dawit' });
  });

  it('finds records in a date range, and shows the 403 page without view-audit-log', async () => {
    renderApp('/audit-log?from=2026-11-18&to=2026-11-18');
    await waitFor(async () => expect(await actionsOf()).toEqual(['currency.update', 'auth.sign-in']));
    renderApp('/audit-log', { user: 'support' });
    expect(await screen.findAllByText(/permission/i)).not.toHaveLength(0);
  });
});
