import { waitingCountsSchema } from '@contract/dashboard';
import { PERMISSIONS, toPermissionMap } from '@contract/permissions';
import { mockId } from '@mocks/data/merchants';
import { allTransactions } from '@mocks/data/transactions';
import { MOCK_USER_IDS } from '@mocks/data/users';
import { db } from '@mocks/db';
import { API, failure, ok } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

const pendingPayouts = () => allTransactions(db.merchants).filter((t) => t.status === 'PAY_OUT');
const awaitingVerification = () => db.merchants.filter((m) => m.status === 'PENDING_VERIFICATION');
const bothCounts = () => pendingPayouts().length + awaitingVerification().length;

/** The bell's button once its badge shows `total`, without opening the panel. */
const bellShowing = (total: number) =>
  // A whole screen renders first (the Dashboard's charts are slow in jsdom).
  screen.findByRole('button', { name: `Notifications: ${total} waiting` }, { timeout: 5_000 });

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

  // The pages: 59 on the Dashboard, 38 on Payouts, 21 on a merchant's page, none on a
  // fresh Merchants or GL Accounts page, for the same person at the same moment.
  it.each(['/', '/payouts', '/merchants', '/gl-accounts', `/merchant-details/${mockId(1, 2)}`])(
    'shows the same total on %s before its panel is opened',
    async (path) => {
      renderApp(path, { user: 'admin' });
      expect(await bellShowing(bothCounts())).toBeInTheDocument();
    },
  );

  it('asks for its counts itself, in one call, and for no list', async () => {
    const waitingCalls = captureRequests('/api/v1/dashboard/waiting');
    const listCalls = [captureRequests('/api/v1/merchants'), captureRequests('/api/v1/transactions')];
    renderApp('/journal_entry', { user: 'admin' });
    expect(await bellShowing(bothCounts())).toBeInTheDocument();
    expect(waitingCalls).toHaveLength(1);
    expect(listCalls).toEqual([[], []]);
  });

  it('counts approval requests waiting for me: someone else made them, and they link to the inbox', async () => {
    const asked = {
      id: '99999999-9999-4999-8999-999999999999',
      kind: 'payout',
      action: 'payout.approve',
      status: 'PENDING',
      summary: 'Approve payout PO-1',
      subject_id: null,
      amount: '10',
      currency: 'ETB',
      before: null,
      after: null,
      requested_by: { id: MOCK_USER_IDS.admin, name: 'Abebe Kebede' },
      requested_at: '2026-11-25T10:00:00.000Z',
      decided_by: null,
      decided_at: null,
      reason: null,
      failure: null,
    } as const;
    db.approvalRequests = [asked];
    const finance = renderApp('/transactions', { user: 'finance' });
    expect(await bellShowing(pendingPayouts().length + 1)).toBeInTheDocument();
    const panel = await openBell(finance.user);
    expect(await countOf(panel, 'Approval requests waiting for you')).toBe(1);
    expect(within(panel).getByRole('link', { name: /^Approval requests waiting for you/ })).toHaveAttribute(
      'href',
      '/approvals?status=PENDING',
    );
    finance.unmount();
    // The maker's own request is not waiting for them.
    const admin = renderApp('/transactions', { user: 'admin' });
    expect(await countOf(await openBell(admin.user), 'Approval requests waiting for you')).toBe(0);
  });

  it('finance sees only pending payouts; a user with neither permission sees no notifications', async () => {
    const finance = renderApp('/transactions', { user: 'finance' });
    // finance cannot see merchants: the badge counts payouts alone.
    expect(await bellShowing(pendingPayouts().length)).toBeInTheDocument();
    const panel = await openBell(finance.user);
    expect(await countOf(panel, 'Pending payouts')).toBe(pendingPayouts().length);
    expect(within(panel).queryByText('Merchants awaiting verification')).not.toBeInTheDocument();
    finance.unmount();

    const merchantsOnly = renderApp('/merchants', {
      permissions: toPermissionMap([PERMISSIONS.viewMerchant]),
    });
    expect(await bellShowing(awaitingVerification().length)).toBeInTheDocument();
    const merchantPanel = await openBell(merchantsOnly.user);
    expect(await countOf(merchantPanel, 'Merchants awaiting verification')).toBe(
      awaitingVerification().length,
    );
    expect(within(merchantPanel).queryByText('Pending payouts')).not.toBeInTheDocument();
    merchantsOnly.unmount();

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
    expect(await bellShowing(bothCounts())).toBeInTheDocument();
    panel = await openBell(user);
    await waitFor(async () => expect(await countOf(panel, 'Pending payouts')).toBe(before - 1));
  });

  it('follows a merchant status change: activating a merchant awaiting verification drops the badge', async () => {
    const before = bothCounts();
    // The second merchant awaits verification.
    const { user } = renderApp(`/merchant-details/${mockId(1, 2)}`, { user: 'admin' });
    expect(await bellShowing(before)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate merchant' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Merchant activated successfully')).toBeInTheDocument();
    expect(await bellShowing(before - 1)).toBeInTheDocument();
  });

  it('a badge past 99 reads 99+, and the button still names the whole count', async () => {
    server.use(
      http.get(`${API}/dashboard/waiting`, () =>
        ok(waitingCountsSchema, {
          pending_payouts: 120,
          merchants_awaiting_verification: 30,
          approvals_waiting: null,
        }),
      ),
    );
    renderApp('/gl-accounts', { user: 'admin' });
    const bell = await bellShowing(150);
    expect(bell.querySelector('.mantine-Indicator-indicator')).toHaveTextContent(/^99\+$/);
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
    server.use(http.get(`${API}/dashboard/waiting`, () => failure(500, 'Server error'), { once: true }));
    const { user } = renderApp('/transactions', { user: 'admin' });
    const panel = await openBell(user);
    const alerts = await within(panel).findAllByRole('alert');
    const alert = alerts[1] as HTMLElement;
    expect(within(alert).getByText('Merchants awaiting verification')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await countOf(panel, 'Merchants awaiting verification')).toBe(awaitingVerification().length);
  });
});
