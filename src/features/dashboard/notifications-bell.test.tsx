import { allTransactions } from '@mocks/data/transactions';
import { db } from '@mocks/db';
import { API, failure } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

const pendingPayouts = () => allTransactions(db.merchants).filter((t) => t.status === 'PAY_OUT');
const awaitingVerification = () => db.merchants.filter((m) => m.status === 'PENDING_VERIFICATION');

async function openBell(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
  return screen.findByRole('dialog', { name: /^Notifications/ });
}

/** The count shown at the end of a panel entry. */
async function countOf(panel: HTMLElement, name: string) {
  const link = within(panel).getByRole('link', { name: new RegExp(`^${name}`) });
  await waitFor(() => expect(link.textContent).toMatch(/\d+$/));
  return Number(/(\d+)$/.exec(link.textContent ?? '')?.[1]);
}

describe('notifications bell', () => {
  it('admin: opening it shows pending payouts and merchants awaiting verification with their counts and links', async () => {
    const { user } = renderApp('/transactions', { user: 'admin' });
    const panel = await openBell(user);
    expect(await countOf(panel, 'Pending payouts')).toBe(pendingPayouts().length);
    expect(await countOf(panel, 'Merchants awaiting verification')).toBe(awaitingVerification().length);
    expect(within(panel).getByRole('link', { name: /^Pending payouts/ })).toHaveAttribute('href', '/payouts');
    expect(within(panel).getByRole('link', { name: /^Merchants awaiting verification/ })).toHaveAttribute(
      'href',
      '/merchants?filter=pending-verification',
    );
    // Once known, the total is in the button's name (and on its badge).
    const total = pendingPayouts().length + awaitingVerification().length;
    expect(screen.getByRole('button', { name: `Notifications: ${total} waiting` })).toBeInTheDocument();
  });

  it('asks nothing until it is opened', async () => {
    const merchantCalls = captureRequests('/api/v1/merchants');
    const transactionCalls = captureRequests('/api/v1/transactions');
    const { user } = renderApp('/journal_entry', { user: 'admin' });
    await screen.findByRole('button', { name: 'Notifications' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(merchantCalls).toEqual([]);
    expect(transactionCalls).toEqual([]);
    await openBell(user);
    await waitFor(() => expect(merchantCalls).toHaveLength(1));
    expect(merchantCalls[0]?.searchParams.get('status')).toBe('PENDING_VERIFICATION');
    expect(transactionCalls[0]?.searchParams.get('status')).toBe('pay-out');
  });

  it('on the Payouts screen it already knows the pending count from the list on screen', async () => {
    renderApp('/payouts', { user: 'finance' });
    expect(
      await screen.findByRole('button', { name: `Notifications: ${pendingPayouts().length} waiting` }),
    ).toBeInTheDocument();
  });

  it('finance sees only pending payouts; a user with neither permission sees no notifications', async () => {
    const finance = renderApp('/transactions', { user: 'finance' });
    const panel = await openBell(finance.user);
    expect(await countOf(panel, 'Pending payouts')).toBe(pendingPayouts().length);
    expect(within(panel).queryByText('Merchants awaiting verification')).not.toBeInTheDocument();
    finance.unmount();

    const calls = captureRequests('');
    const nobody = renderApp('/', { user: 'admin', permissions: {} });
    const empty = await openBell(nobody.user);
    expect(within(empty).getByText('No notifications')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('follows a payout decision: the count drops without a reload', async () => {
    const { user } = renderApp('/transactions', { user: 'admin' });
    let panel = await openBell(user);
    const before = await countOf(panel, 'Pending payouts');
    await user.click(within(panel).getByRole('link', { name: /^Pending payouts/ }));
    const table = await screen.findByRole('table', { name: 'Payouts requests' });
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Approve payout' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    expect(await screen.findByText('Successfully Approved')).toBeInTheDocument();
    panel = await openBell(user);
    await waitFor(async () => expect(await countOf(panel, 'Pending payouts')).toBe(before - 1));
  });

  it('a link closes the panel and opens its screen', async () => {
    const { user, router } = renderApp('/transactions', { user: 'admin' });
    const panel = await openBell(user);
    await countOf(panel, 'Merchants awaiting verification');
    await user.click(within(panel).getByRole('link', { name: /^Merchants awaiting verification/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchants'));
    expect(router.state.location.search).toEqual({ filter: 'pending-verification' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a failed count offers Retry', async () => {
    server.use(http.get(`${API}/merchants`, () => failure(500, 'Server error'), { once: true }));
    const { user } = renderApp('/transactions', { user: 'admin' });
    const panel = await openBell(user);
    const alert = await within(panel).findByRole('alert');
    expect(within(alert).getByText('Merchants awaiting verification')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await countOf(panel, 'Merchants awaiting verification')).toBe(awaitingVerification().length);
  });
});
