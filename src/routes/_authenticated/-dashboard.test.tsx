import { type DashboardSummary, dashboardSummarySchema } from '@contract/dashboard';
import { PERMISSIONS, toPermissionMap } from '@contract/permissions';
import { allTransactions } from '@mocks/data/transactions';
import { db } from '@mocks/db';
import { API, failure, ok } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { sent } from '@/test/table';

/** Figures chosen so that a float or a cross-currency sum would show: 0.1 + 0.2, 17 digits. */
const SUMMARY: DashboardSummary = {
  from: '2026-11-01',
  to: '2026-11-03',
  currencies: [
    {
      currency: { name_code: 'ETB', name: 'Ethiopian Birr', decimal_places: 2 },
      count: 3,
      volume: '12345678901234567.3',
      success_count: 2,
      success_volume: '0.3',
    },
    {
      currency: { name_code: 'USD', name: 'US Dollar', decimal_places: 2 },
      count: 1,
      volume: '20.01',
      success_count: 0,
      success_volume: '0',
    },
  ],
  by_status: [
    { status: 'SUCCESS', count: 2, volumes: { ETB: '0.3' } },
    { status: 'PENDING', count: 1, volumes: { USD: '20.01' } },
    { status: 'FAILED', count: 1, volumes: { ETB: '12345678901234567' } },
    { status: 'CHECKED_OUT', count: 0, volumes: {} },
    { status: 'CANCELED', count: 0, volumes: {} },
    { status: 'PAY_OUT', count: 0, volumes: {} },
  ],
  daily: [
    { date: '2026-11-01', currency: 'ETB', count: 2, volume: '0.3' },
    { date: '2026-11-03', currency: 'ETB', count: 1, volume: '12345678901234567' },
    { date: '2026-11-03', currency: 'USD', count: 1, volume: '20.01' },
  ],
  pending_payouts: { count: 3, volumes: { ETB: '1500.5', USD: '7' } },
  merchants_by_status: { ACTIVE: 1, PENDING: 0, PENDING_VERIFICATION: 2, INACTIVE: 0, DELETED: 0 },
};

const SUMMARY_PATH = `${API}/dashboard/summary`;

/** A section (card) by its heading. */
function card(name: string | RegExp) {
  return screen.findByRole('region', { name });
}

const pendingPayouts = () => allTransactions(db.merchants).filter((t) => t.status === 'PAY_OUT');
const awaitingVerification = () => db.merchants.filter((m) => m.status === 'PENDING_VERIFICATION');

describe('/ (Dashboard)', () => {
  it("admin sees each currency's volume, count and success rate exactly as the server sums them", async () => {
    server.use(http.get(SUMMARY_PATH, () => ok(dashboardSummarySchema, SUMMARY)));
    renderApp('/?from=2026-11-01&to=2026-11-03', { user: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    const etb = within(await card('Ethiopian Birr (ETB)'));
    expect(etb.getByText('12,345,678,901,234,567.30', { exact: false })).toBeInTheDocument();
    expect(etb.getByText('3 transactions')).toBeInTheDocument();
    expect(etb.getByText('66.7%')).toBeInTheDocument();
    expect(etb.getByText('2 of 3 successful')).toBeInTheDocument();
    expect(etb.getByText('0.30 ETB')).toBeInTheDocument();

    const usd = within(await card('US Dollar (USD)'));
    expect(usd.getByText('20.01', { exact: false })).toBeInTheDocument();
    expect(usd.getByText('1 transaction')).toBeInTheDocument();
    expect(usd.getByText('0.0%')).toBeInTheDocument();
  });

  it('shows every status with its count and per-currency volume, and the daily chart with a currency switch', async () => {
    server.use(http.get(SUMMARY_PATH, () => ok(dashboardSummarySchema, SUMMARY)));
    const { user } = renderApp('/?from=2026-11-01&to=2026-11-03', { user: 'admin' });
    const table = await screen.findByRole('table', { name: 'Transactions by status' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Status', 'Transactions', 'Volume (ETB)', 'Volume (USD)']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Success', '2', '0.30', '0.00'],
      ['Pending', '1', '0.00', '20.01'],
      ['Failed', '1', '12,345,678,901,234,567.00', '0.00'],
      ['Checked Out', '0', '0.00', '0.00'],
      ['Canceled', '0', '0.00', '0.00'],
      ['Pay Out', '0', '0.00', '0.00'],
    ]);

    expect(await card('Daily volume (ETB)')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'USD' }));
    expect(await card('Daily volume (USD)')).toBeInTheDocument();
  });

  it('admin sees pending payouts (the count the bell shows, amounts per currency) and merchants awaiting verification, linked to their screens', async () => {
    server.use(http.get(SUMMARY_PATH, () => ok(dashboardSummarySchema, SUMMARY)));
    renderApp('/', { user: 'admin' });
    const payouts = within(await card('Pending payouts'));
    expect(await payouts.findByText(String(pendingPayouts().length))).toBeInTheDocument();
    expect(await payouts.findByText('1,500.50 ETB')).toBeInTheDocument();
    expect(payouts.getByText('7.00 USD')).toBeInTheDocument();
    expect(payouts.getByRole('link', { name: 'Review payouts' })).toHaveAttribute('href', '/payouts');

    const merchants = within(await card('Merchants awaiting verification'));
    expect(await merchants.findByText(String(awaitingVerification().length))).toBeInTheDocument();
    expect(merchants.getByRole('link', { name: 'Review merchants' })).toHaveAttribute(
      'href',
      '/merchants?filter=pending-verification',
    );
  });

  it('the merchants link opens the list filtered to Pending Verification', async () => {
    const { user, router } = renderApp('/', { user: 'admin' });
    const merchants = within(await card('Merchants awaiting verification'));
    await user.click(merchants.getByRole('link', { name: 'Review merchants' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchants'));
    expect(router.state.location.search).toEqual({ filter: 'pending-verification' });
    const table = await screen.findByRole('table');
    const statuses = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('[data-status]')?.getAttribute('data-status'));
    expect(statuses.length).toBe(Math.min(10, awaitingVerification().length));
    expect(new Set(statuses)).toEqual(new Set(['PENDING_VERIFICATION']));
  });

  it('support (no uma_protection) gets the two waiting cards and no period figures, without calling the summary', async () => {
    const summaryCalls = captureRequests('/dashboard/summary');
    renderApp('/', { user: 'support' });
    const payouts = within(await card('Pending payouts'));
    expect(await payouts.findByText(String(pendingPayouts().length))).toBeInTheDocument();
    expect(within(await card('Merchants awaiting verification')).getByRole('link')).toBeInTheDocument();
    expect(payouts.queryByText(/ETB$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Period' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Ethiopian Birr/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(summaryCalls).toEqual([]);
  });

  it('finance (no view-merchant) gets only the pending payouts card', async () => {
    const merchantCalls = captureRequests('/api/v1/merchants');
    renderApp('/', { user: 'finance' });
    const payouts = within(await card('Pending payouts'));
    expect(await payouts.findByText(String(pendingPayouts().length))).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Merchants awaiting verification' })).not.toBeInTheDocument();
    expect(merchantCalls).toEqual([]);
  });

  it('a user with uma_protection only gets the period figures, without the waiting cards or amounts the server leaves out', async () => {
    const summaryCalls = captureRequests('/dashboard/summary');
    const listCalls = [captureRequests('/api/v1/transactions'), captureRequests('/api/v1/merchants')];
    renderApp('/', { user: 'admin', permissions: toPermissionMap([PERMISSIONS.dashboard]) });
    expect(await card('Ethiopian Birr (ETB)')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Transactions by status' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Period' })).toBeInTheDocument();
    expect(summaryCalls).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Pending payouts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Merchants awaiting verification' })).not.toBeInTheDocument();
    expect(document.querySelector('[data-field="pending-amounts"]')).toBeNull();
    expect(screen.queryByText(/no dashboard figures/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(listCalls.flat()).toEqual([]);
  });

  it('shows the pending amounts only when the summary carries them', async () => {
    server.use(
      http.get(SUMMARY_PATH, () =>
        ok(dashboardSummarySchema, { ...SUMMARY, pending_payouts: null, merchants_by_status: null }),
      ),
    );
    renderApp('/', { user: 'admin' });
    const payouts = within(await card('Pending payouts'));
    expect(await payouts.findByText(String(pendingPayouts().length))).toBeInTheDocument();
    await card('Ethiopian Birr (ETB)');
    expect(payouts.queryByText('1,500.50 ETB')).not.toBeInTheDocument();
    expect(document.querySelector('[data-field="pending-amounts"]')).toBeNull();
  });

  it('a user with none of the permissions gets a plain home page, not an error', async () => {
    const calls = captureRequests('');
    renderApp('/', { user: 'admin', permissions: {} });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your account has no dashboard figures. Open the screens you work with from the menu.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows placeholders while the figures load', async () => {
    server.use(
      http.get(SUMMARY_PATH, async () => {
        await delay('infinite');
        return failure(500, 'never');
      }),
    );
    renderApp('/', { user: 'admin' });
    expect(
      await screen.findByLabelText('Transactions', { selector: '[aria-busy="true"]' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Ethiopian Birr/ })).not.toBeInTheDocument();
  });

  it('a failed load shows Failed to load resources with Retry, and Retry loads the figures', async () => {
    server.use(http.get(SUMMARY_PATH, () => failure(500, 'Server error'), { once: true }));
    const { user } = renderApp('/', { user: 'admin' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load resources')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await card('Ethiopian Birr (ETB)')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load resources')).not.toBeInTheDocument();
  });

  it('failed waiting counts show Failed to load resources with Retry in their cards, not over the page', async () => {
    // One call answers both counts (the bell's, decision 024).
    server.use(http.get(`${API}/dashboard/waiting`, () => failure(500, 'Server error'), { once: true }));
    const { user } = renderApp('/', { user: 'support' });
    const payouts = within(await card('Pending payouts'));
    const alert = await payouts.findByRole('alert');
    expect(within(alert).getByText('Failed to load resources')).toBeInTheDocument();
    const merchants = within(await card('Merchants awaiting verification'));
    expect(
      within(await merchants.findByRole('alert')).getByText('Failed to load resources'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await payouts.findByText(String(pendingPayouts().length))).toBeInTheDocument();
    expect(await merchants.findByText(String(awaitingVerification().length))).toBeInTheDocument();
    expect(payouts.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a period without transactions says so', async () => {
    const requests = captureRequests('/dashboard/summary');
    renderApp('/?from=2020-01-01&to=2020-01-31', { user: 'admin' });
    expect(await screen.findByText('No transactions in this period')).toBeInTheDocument();
    expect(sent(requests)).toEqual([{ from: '2020-01-01', to: '2020-01-31' }]);
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('2020-01-01 ~ 2020-01-31');
    // The waiting cards are about now, not the period.
    expect(
      await within(await card('Pending payouts')).findByText(String(pendingPayouts().length)),
    ).toBeVisible();
  });

  it('without a period in the URL asks for the default and shows the range the server used', async () => {
    const requests = captureRequests('/dashboard/summary');
    renderApp('/', { user: 'admin' });
    await card('Ethiopian Birr (ETB)');
    expect(sent(requests)).toEqual([{}]);
    // The mock backend's today is 2026-11-21 (mocks/data/dashboard.ts).
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('2026-10-23 ~ 2026-11-21');
  });

  it.each([
    ['reversed', '?from=2026-11-20&to=2026-11-01'],
    ['not a day', '?from=2026-02-30&to=2026-03-01'],
    ['one bound', '?from=2026-11-01'],
    ['text', '?from=yesterday&to=today'],
  ])('a %s period in the URL falls back to the default', async (_case, query) => {
    const requests = captureRequests('/dashboard/summary');
    renderApp(`/${query}`, { user: 'admin' });
    await card('Ethiopian Birr (ETB)');
    expect(sent(requests)).toEqual([{}]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('choosing a period writes it into the URL and the request; clearing it returns to the default', async () => {
    const requests = captureRequests('/dashboard/summary');
    const { user, router } = renderApp('/', { user: 'admin' });
    await card('Ethiopian Birr (ETB)');
    const input = screen.getByRole('combobox', { name: 'Period' });
    await user.clear(input);
    // Pasted, not typed key by key: what is under test is the URL and the request; typing is the
    // picker's own test, and 24 keystrokes each re-rendering the list ran past 15 s on a busy machine.
    await user.paste('2026-11-18 ~ 2026-11-20');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ from: '2026-11-18', to: '2026-11-20' }),
    );
    await waitFor(() => expect(sent(requests)).toContainEqual({ from: '2026-11-18', to: '2026-11-20' }));
    const inRange = allTransactions(db.merchants).filter((t) => {
      const day = t.transaction_date.slice(0, 10);
      return day >= '2026-11-18' && day <= '2026-11-20';
    });
    const etb = within(await card('Ethiopian Birr (ETB)'));
    expect(await etb.findByText(`${inRange.length} transactions`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });
});
