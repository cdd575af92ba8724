import { mockId } from '@mocks/data/merchants';
import { API, failure } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderList, TRANSACTION_COLUMNS } from '@/test/list';
import { renderApp } from '@/test/render-app';
import { sent, tableRows } from '@/test/table';

function transactionsPath(index: number, query = '') {
  return `/merchant-details/${mockId(1, index + 1)}?tab=transactions${query}`;
}

// The detail and its transactions are two calls: allow for a loaded machine.
const bodyRows = () => tableRows('Transactions', 3000);

describe('/merchant-details/{id}?tab=transactions', () => {
  it('lists the merchant’s transactions with the spec columns', async () => {
    const { rows, columns } = await renderList(transactionsPath(1), { table: 'Transactions', timeout: 3000 });
    expect(rows).toHaveLength(10);
    expect(columns).toEqual(TRANSACTION_COLUMNS);
    const cells = within(rows[0] as HTMLElement).getAllByRole('cell');
    // Time first, then the long en-US date.
    expect(cells[0]).toHaveTextContent(/^\d{1,2}:30 (AM|PM)November 20, 2026$/);
    expect(cells.slice(1).map((c) => c.textContent)).toEqual([
      'TXN-1002-0002',
      '+251933445566', // no name: the phone number
      '2,501.07', // grouped and padded to ETB's places; the currency has its own column (spec §2)
      'Payout',
      'ETB',
      'Commercial Bank of Ethiopia',
      'Pending',
    ]);
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[6]).toHaveTextContent('Internal');
    expect(
      within(rows[1] as HTMLElement)
        .getByText('Failed')
        .closest('[data-status]'),
    ).toHaveStyle({
      '--badge-color': 'var(--mantine-color-red-light-color)',
    });
    expect(screen.getByText('Showing 1 to 10 of 10 results')).toBeInTheDocument();
  });

  it('writes the status filter to the URL and sends it', async () => {
    const requests = captureRequests(`/merchants/${mockId(1, 2)}/transactions`);
    const { router, user } = renderApp(transactionsPath(1, '&page=1'), { user: 'admin' });
    await bodyRows();
    expect(sent(requests)).toContainEqual({ page: '1', limit: '10' });
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ tab: 'transactions', status: 'failed' }),
    );
    await waitFor(() => expect(sent(requests)).toContainEqual({ page: '1', limit: '10', status: 'failed' }));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(3));
    for (const row of await bodyRows()) expect(row).toHaveTextContent('Failed');
  });

  it('pages from the URL', async () => {
    const requests = captureRequests(`/merchants/${mockId(1, 3)}/transactions`);
    renderApp(transactionsPath(2, '&page=2'), { user: 'admin' });
    expect(await screen.findByText('Showing 11 to 17 of 17 results')).toBeInTheDocument();
    expect(sent(requests)).toContainEqual({ page: '2', limit: '10' });
  });

  it('shows the empty state when the merchant has no transactions at all', async () => {
    renderApp(transactionsPath(5), { user: 'admin' });
    expect(await screen.findByText('There are no Transactions', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Transactions' })).not.toBeInTheDocument();
  });

  it('shows a filtered nothing as an empty table, not the empty state', async () => {
    renderApp(transactionsPath(0, '&status=canceled'), { user: 'admin' });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.queryByText('There are no Transactions')).not.toBeInTheDocument();
  });

  it('shows Failed to load resources with Retry on a 500, and Retry loads', async () => {
    server.use(http.get(`${API}/merchants/:id/transactions`, () => failure(500, 'boom')));
    const { user } = renderApp(transactionsPath(1), { user: 'admin' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load resources');
    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await bodyRows()).toHaveLength(10);
  });
});
