import { captureRequests } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { sent, tableRows } from '@/test/table';

/** Opens `/transactions` + `query` as the admin, recording its requests; resolves once rows show. */
async function open(path: string) {
  const requests = captureRequests('/transactions');
  const view = renderApp(path, { user: 'admin' });
  await tableRows(path.startsWith('/payouts') ? 'Payouts requests' : 'Transactions');
  return { ...view, requests };
}

describe('list sort (issue 24)', () => {
  it('sorts by a header: the URL, aria-sort and the request follow, a second click turns it', async () => {
    const { user, router, requests } = await open('/transactions?page=3');
    const amount = screen.getByRole('columnheader', { name: 'Amount' });
    expect(amount).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(amount).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'amount.asc' }));
    await waitFor(() =>
      expect(sent(requests)).toContainEqual({ page: '1', limit: '10', sort: 'amount.asc' }),
    );
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'amount.desc' }));
    // The mock sorts as the server does: the first row has the largest amount shown.
    await waitFor(() =>
      expect(sent(requests)).toContainEqual({ page: '1', limit: '10', sort: 'amount.desc' }),
    );
  });

  it('falls back to the defaults on bad values, sending none of them', async () => {
    const { router, requests } = await open(
      '/transactions?sort=fee.up&amountMin=abc&amountMax=-3&currency=%3Cx%3E&merchant=nope&status=pending,bogus',
    );
    expect(sent(requests)[0]).toEqual({ page: '1', limit: '10' });
    expect(router.state.location.search).toEqual({});
    expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('drops an amount range whose ends are out of order', async () => {
    const { requests } = await open('/transactions?amountMin=500&amountMax=10');
    expect(sent(requests)[0]).toEqual({ page: '1', limit: '10' });
  });
});

describe('richer filters (issue 24)', () => {
  it('sends the URL filters, shows each as a chip, removes one, and clears all', async () => {
    const { user, router, requests } = await open(
      '/transactions?amountMin=10&amountMax=2000.5&currency=ETB&paymentMethod=CBE&status=pending,failed',
    );
    expect(sent(requests)[0]).toEqual({
      page: '1',
      limit: '10',
      amount_min: '10',
      amount_max: '2000.5',
      currency: 'ETB',
      payment_method: 'CBE',
      status: 'pending,failed',
    });
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(within(chips).getByText('Status: Pending, Failed')).toBeInTheDocument();
    expect(within(chips).getByText('Amount ≥ 10')).toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Currency: ETB' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('currency'));
    expect(router.state.location.search).toMatchObject({ amountMin: '10', paymentMethod: 'CBE' });
    await user.click(within(chips).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('applies an amount range from the Filters dialog, refusing a bad amount with a message', async () => {
    const { user, router, requests } = await open('/payouts');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount from' }), '12,5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Enter an amount such as 1250.50')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
    await user.clear(screen.getByRole('textbox', { name: 'Amount from' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount from' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Amount to' }), '5000.25');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ amountMin: '100', amountMax: '5000.25' }),
    );
    await waitFor(() =>
      expect(sent(requests)).toContainEqual({
        page: '1',
        limit: '10',
        status: 'pay-out',
        amount_min: '100',
        amount_max: '5000.25',
      }),
    );
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();
  });
});
