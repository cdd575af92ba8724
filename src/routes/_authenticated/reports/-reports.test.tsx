import { utcDay } from '@contract/books';
import { screen, waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { reportSearchSchema } from './index';

describe('/reports', () => {
  it('opens on the trial balance as of today: each currency’s debit and credit totals are equal', async () => {
    renderApp('/reports', { user: 'finance' });
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Trial balance' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Trial balance ETB' });
    const debit = within(table).getByTestId('debit-total-ETB').textContent;
    expect(debit).not.toBe('');
    expect(within(table).getByTestId('credit-total-ETB').textContent).toBe(debit);
    expect(screen.getAllByText('Debits equal credits').length).toBeGreaterThan(0);
  });

  it('keeps the report and its dates in the URL', async () => {
    const { router, user } = renderApp('/reports?report=income-statement&from=2026-11-01&to=2026-11-20', {
      user: 'finance',
    });
    expect(await screen.findByRole('tab', { name: 'Income statement' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('tab', { name: 'Balance sheet' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({
        report: 'balance-sheet',
        from: '2026-11-01',
        to: '2026-11-20',
      }),
    );
  });

  it('bad values fall back: an unknown report, an impossible date, a range the wrong way round, a bad id', () => {
    const parse = (search: Record<string, unknown>) => v.parse(reportSearchSchema, search);
    expect(parse({ report: 'cash-flow', as_of: '2026-02-30', gl_account: 'nope', page: -2 })).toEqual({
      report: 'trial-balance',
      as_of: undefined,
      from: undefined,
      to: undefined,
      gl_account: undefined,
      currency: undefined,
      merchant: undefined,
      page: 1,
    });
    expect(parse({ report: 'income-statement', from: '2026-11-20', to: '2026-11-01' })).toMatchObject({
      from: undefined,
      to: undefined,
    });
  });

  it('with a bad date in the URL the screen shows today’s trial balance', async () => {
    renderApp('/reports?report=nonsense&as_of=2026-13-45', { user: 'finance' });
    expect(await screen.findByRole('tab', { name: 'Trial balance' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByDisplayValue(utcDay(new Date()))).toBeVisible();
  });

  it('is refused without view-reports (support), and not in their sidebar', async () => {
    renderApp('/reports', { user: 'support' });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reports' })).toBeNull();
  });
});
