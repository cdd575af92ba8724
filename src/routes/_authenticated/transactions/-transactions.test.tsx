import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { allTransactions } from '../../../../mocks/data/transactions';
import { db } from '../../../../mocks/db';
import { API, failure } from '../../../../mocks/http';
import { captureRequests, server } from '../../../../mocks/node';

async function bodyRows() {
  const table = await screen.findByRole('table', { name: 'Transactions' });
  return within(table).getAllByRole('row').slice(1);
}

function sent(requests: URL[]) {
  return requests.map((url) => Object.fromEntries(url.searchParams));
}

describe('/transactions', () => {
  it('lists every status by default with the spec columns, sending no status', async () => {
    const requests = captureRequests('/transactions');
    renderApp('/transactions', { user: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Transactions' })).toBeInTheDocument();
    const rows = await bodyRows();
    expect(rows).toHaveLength(10);
    expect(sent(requests)[0]).toEqual({ page: '1', limit: '10' });
    const table = screen.getByRole('table', { name: 'Transactions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Date',
      'Reference',
      'Customer Name',
      'Amount',
      'Type',
      'Currency',
      'Payment Method',
      'Status',
    ]);
    const first = allTransactions(db.merchants)[0];
    if (!first) throw new Error('the seed has no transaction');
    const cells = within(rows[0] as HTMLElement).getAllByRole('cell');
    const at = new Date(first.transaction_date);
    expect(cells[0]?.textContent).toBe(
      `${at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}${at.toLocaleDateString('en-US', { dateStyle: 'long' })}`,
    );
    expect(cells[1]?.textContent).toBe(first.reference.txn_ref);
    expect(cells[3]?.textContent).toBe(first.amount);
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  });

  it('a status filter writes ?status=, resets the page and reaches the request', async () => {
    const requests = captureRequests('/transactions');
    const { user, router } = renderApp('/transactions?page=2', { user: 'admin' });
    await bodyRows();
    await user.click(screen.getByRole('radio', { name: 'Pay Out' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'pay-out' }));
    await waitFor(() => expect(sent(requests)).toContainEqual({ page: '1', limit: '10', status: 'pay-out' }));
    await waitFor(async () => {
      const rows = await bodyRows();
      for (const row of rows) expect(within(row).getByText('Pay Out')).toBeInTheDocument();
    });
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('writes the date range into the URL and the request', async () => {
    const requests = captureRequests('/transactions');
    const { user, router } = renderApp('/transactions', { user: 'admin' });
    await bodyRows();
    await user.type(screen.getByRole('textbox', { name: 'Date range' }), '2026-11-18 ~ 2026-11-19{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ from: '2026-11-18', to: '2026-11-19' }),
    );
    await waitFor(() =>
      expect(sent(requests)).toContainEqual(
        expect.objectContaining({ from: '2026-11-18', to: '2026-11-19' }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it("shows 'There are no Transactions' when the system has none", async () => {
    db.merchants = [];
    renderApp('/transactions', { user: 'admin' });
    expect(await screen.findByText('There are no Transactions')).toBeInTheDocument();
  });

  it("shows 'No results found' when a search leaves nothing", async () => {
    renderApp('/transactions?search=nothing-matches-this', { user: 'admin' });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(await within(table).findByText('No results found')).toBeInTheDocument();
  });

  it("shows 'Failed to load resources' on a 500, and Retry loads the list", async () => {
    server.use(http.get(`${API}/transactions`, () => failure(500, 'Internal server error'), { once: true }));
    const { user } = renderApp('/transactions', { user: 'admin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load resources');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await bodyRows()).toHaveLength(10);
  });
});
