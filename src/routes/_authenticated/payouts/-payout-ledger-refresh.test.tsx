import { API, failure } from '@mocks/http';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { dashboardQueries } from '@/queries/dashboard';
import { gatewayAccountQueries } from '@/queries/gateway-accounts';
import { journalEntryQueries } from '@/queries/journal-entries';
import { renderApp } from '@/test/render-app';

/**
 * A payout decision posts journals and moves a gateway balance, so the screens that show the
 * ledger must not keep serving what they cached before it (src/queries/transactions.ts).
 */
async function withLedgerCached(path = '/payouts') {
  const app = renderApp(path, { user: 'admin' });
  const queries = {
    journalList: journalEntryQueries.list({ page: 1, limit: 10 }),
    journalTotals: journalEntryQueries.totals({}),
    dashboard: dashboardQueries.summary({}),
    gatewayAccounts: gatewayAccountQueries.list({ page: 1, limit: 10 }),
  };
  await Promise.all([
    app.queryClient.prefetchQuery(queries.journalList),
    app.queryClient.prefetchQuery(queries.journalTotals),
    app.queryClient.prefetchQuery(queries.dashboard),
    app.queryClient.prefetchQuery(queries.gatewayAccounts),
  ]);
  for (const options of Object.values(queries)) {
    expect(app.queryClient.getQueryState(options.queryKey)?.status).toBe('success');
  }
  const invalidated = () =>
    Object.fromEntries(
      Object.entries(queries).map(([name, options]) => [
        name,
        app.queryClient.getQueryState(options.queryKey)?.isInvalidated,
      ]),
    );
  return { ...app, invalidated };
}

async function decideFirst(user: ReturnType<typeof renderApp>['user'], command: 'Approve' | 'Reject') {
  const table = await screen.findByRole('table', { name: 'Payouts requests' });
  const first = within(table).getAllByRole('row')[1];
  if (!first) throw new Error('no payout request');
  await user.click(within(first).getByRole('button', { name: command }));
  const dialog = await screen.findByRole('dialog', { name: `${command} payout` });
  await user.click(within(dialog).getByRole('button', { name: command }));
}

const ALL_STALE = { journalList: true, journalTotals: true, dashboard: true, gatewayAccounts: true };
const ALL_FRESH = { journalList: false, journalTotals: false, dashboard: false, gatewayAccounts: false };

describe('a payout decision refreshes the ledger views', () => {
  it('approve invalidates the journal entries list and totals, the dashboard summary and the gateway accounts', async () => {
    const { user, invalidated } = await withLedgerCached();
    expect(invalidated()).toEqual(ALL_FRESH);
    await decideFirst(user, 'Approve');
    expect(await screen.findByText('Successfully Approved')).toBeInTheDocument();
    await waitFor(() => expect(invalidated()).toEqual(ALL_STALE));
  });

  it('reject does the same', async () => {
    const { user, invalidated } = await withLedgerCached();
    await decideFirst(user, 'Reject');
    expect(await screen.findByText('Successfully Rejected')).toBeInTheDocument();
    await waitFor(() => expect(invalidated()).toEqual(ALL_STALE));
  });

  it('a refusal other than 409 leaves them alone: nothing was posted', async () => {
    server.use(http.post(`${API}/payout/transactions/:id`, () => failure(500, 'Internal server error')));
    const { user, invalidated } = await withLedgerCached();
    await decideFirst(user, 'Approve');
    expect(await screen.findByText('Server error. Try again later')).toBeInTheDocument();
    expect(invalidated()).toEqual(ALL_FRESH);
  });
});
