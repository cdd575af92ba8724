import { type Transaction, transactionPageSchema } from '@contract/transaction';
import { allTransactions, setTransactionStatus } from '@mocks/data/transactions';
import { db } from '@mocks/db';
import { API, ok } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyCalendarRange } from '@/test/date-range';
import { renderList } from '@/test/list';
import { renderApp } from '@/test/render-app';
import { sent, tableRows } from '@/test/table';

const bodyRows = () => tableRows('Payouts requests');

/** The pending payout requests of the seed, as the list orders them. */
function pendingPayouts() {
  return allTransactions(db.merchants).filter((t) => t.status === 'PAY_OUT');
}

function firstCode(rows: HTMLElement[]): string {
  const cells = within(rows[0] as HTMLElement).getAllByRole('cell');
  return cells[3]?.textContent ?? '';
}

/** On the list, decides the first payout (Approve or Reject) and confirms it; returns its code. */
async function decideFirst(decision: 'Approve' | 'Reject') {
  const { user } = renderApp('/payouts', { user: 'admin' });
  const rows = await bodyRows();
  const code = firstCode(rows);
  await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: decision }));
  const dialog = await screen.findByRole('dialog', { name: `${decision} payout` });
  await user.click(within(dialog).getByRole('button', { name: decision }));
  return code;
}

describe('/payouts', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the pending payout requests with the spec columns, asking for status=pay-out', async () => {
    const requests = captureRequests('/transactions');
    const { rows, columns } = await renderList('/payouts', {
      heading: 'Payouts requests',
      table: 'Payouts requests',
    });
    expect(rows).toHaveLength(Math.min(10, pendingPayouts().length));
    expect(sent(requests)[0]).toMatchObject({ status: 'pay-out', page: '1', limit: '10' });
    expect(columns).toEqual([
      // The selection's checkboxes (issue 24): the header is a checkbox, no text.
      '',
      'No.',
      'Transaction Time',
      'Transaction code',
      'Customer',
      'Amount',
      'Type',
      'Currency',
      'Payment type',
      'Status',
      'Actions',
    ]);
    const first = pendingPayouts()[0];
    if (!first) throw new Error('the seed has no payout request');
    const cells = within(rows[0] as HTMLElement).getAllByRole('cell');
    expect(cells[1]?.textContent).toBe('1');
    expect(cells[3]?.textContent).toBe(first.reference.txn_ref);
    expect(first.amount).toBe('7534.35');
    expect(cells[5]?.textContent).toBe('7,534.35');
    expect(cells[7]?.textContent).toBe('ETB');
    expect(cells[9]?.textContent).toBe('Pay Out');
  });

  it("shows the payment method's code as Payment type, and 'Internal' when there is none", async () => {
    const [a, b] = pendingPayouts();
    if (!a || !b) throw new Error('the seed has too few payout requests');
    const withMethod = (
      t: Transaction,
      payment_method: Transaction['transaction_method']['payment_method'],
    ) => ({
      ...t,
      transaction_method: { ...t.transaction_method, payment_method },
    });
    // Exactly these rows: whether the seed's first one has a method must not decide what is tested.
    const contents = [withMethod(a, null), withMethod(b, { name: 'Visa', code: 'VISA' })];
    server.use(
      http.get(`${API}/transactions`, () =>
        ok(transactionPageSchema, { contents, total: 2, total_pages: 1, is_empty: false }),
      ),
    );
    renderApp('/payouts', { user: 'admin' });
    const rows = await bodyRows();
    expect(rows).toHaveLength(2);
    const paymentType = (row: HTMLElement | undefined) =>
      within(row as HTMLElement).getAllByRole('cell')[8]?.textContent;
    expect(paymentType(rows[0])).toBe('Internal');
    expect(paymentType(rows[1])).toBe('VISA');
  });

  it('writes the search and the date range into the URL and the request, and removes them when cleared', async () => {
    const requests = captureRequests('/transactions');
    const { user, router } = renderApp('/payouts', { user: 'admin' });
    await bodyRows();
    await user.type(
      screen.getByPlaceholderText('Search transaction by reference or customer name'),
      'Abebe{Enter}',
    );
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'Abebe' }));
    await waitFor(() =>
      expect(sent(requests)).toContainEqual(
        expect.objectContaining({ search_term: 'Abebe', status: 'pay-out' }),
      ),
    );

    const input = screen.getByRole('combobox', { name: 'Date range' });
    // Pasted, not typed key by key: what is under test is the URL and the request; typing is the
    // picker's own test, and 24 keystrokes each re-rendering the list ran past 15 s on a busy machine.
    await user.click(input);
    await user.paste('2026-11-18 ~ 2026-11-20');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ from: '2026-11-18', to: '2026-11-20' }),
    );
    await waitFor(() =>
      expect(sent(requests)).toContainEqual(
        expect.objectContaining({ from: '2026-11-18', to: '2026-11-20', status: 'pay-out' }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('from'));
    expect(router.state.location.search).not.toHaveProperty('to');
  });

  it('applies a range picked on the calendar with the footer, as Transactions does', async () => {
    const requests = captureRequests('/transactions');
    const { user, router } = renderApp('/payouts?from=2026-11-18&to=2026-11-19', { user: 'admin' });
    await bodyRows();
    await applyCalendarRange(user, router, ['15 November 2026', '17 November 2026'], {
      from: '2026-11-18',
      to: '2026-11-19',
    });
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ from: '2026-11-15', to: '2026-11-17' }),
    );
    await waitFor(() =>
      expect(sent(requests)).toContainEqual(
        expect.objectContaining({ from: '2026-11-15', to: '2026-11-17', status: 'pay-out' }),
      ),
    );
  });

  it('drops a lone end of the range from the URL and the request', async () => {
    const requests = captureRequests('/transactions');
    const { router } = renderApp('/payouts?to=2026-11-19&search=Abebe', { user: 'admin' });
    await bodyRows();
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Abebe' }));
    // The page shown, then the next one prefetched, both without the dropped `to`.
    await waitFor(() =>
      expect(sent(requests)).toEqual([
        { page: '1', limit: '10', search_term: 'Abebe', status: 'pay-out' },
        { page: '2', limit: '10', search_term: 'Abebe', status: 'pay-out' },
      ]),
    );
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveValue('');
  });

  it('approves after confirmation: toast, and the row leaves the list without a reload', async () => {
    const code = await decideFirst('Approve');
    expect(await screen.findByText('Successfully Approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(code)).not.toBeInTheDocument());
    expect(allTransactions(db.merchants).find((t) => t.reference.txn_ref === code)?.status).toBe('SUCCESS');
  });

  it('rejects with command=reject', async () => {
    const requests = captureRequests('');
    const code = await decideFirst('Reject');
    expect(await screen.findByText('Successfully Rejected')).toBeInTheDocument();
    const post = requests.find((url) => url.pathname.includes('/payout/transactions/'));
    expect(post?.searchParams.get('command')).toBe('reject');
    await waitFor(() => expect(screen.queryByText(code)).not.toBeInTheDocument());
    expect(allTransactions(db.merchants).find((t) => t.reference.txn_ref === code)?.status).toBe('CANCELED');
  });

  it('on a 409 shows the server message and refetches the list', async () => {
    const { user } = renderApp('/payouts', { user: 'admin' });
    const rows = await bodyRows();
    const code = firstCode(rows);
    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve payout' });
    // Someone else decided it meanwhile.
    const target = allTransactions(db.merchants).find((t) => t.reference.txn_ref === code);
    if (!target) throw new Error('row not in the seed');
    setTransactionStatus(db.merchants, target.id, 'CANCELED');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Payout is no longer pending')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(code)).not.toBeInTheDocument());
  });

  it('support sees no Approve or Reject', async () => {
    renderApp('/payouts', { user: 'support' });
    const rows = await bodyRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('copies the transaction code and says so', async () => {
    const { user } = renderApp('/payouts', { user: 'admin' });
    const rows = await bodyRows();
    const code = firstCode(rows);
    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: `Copy ${code}` }));
    expect(await screen.findByText('Transaction code copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(code);
  });

  it('says so when the code cannot be copied', async () => {
    const { user } = renderApp('/payouts', { user: 'admin' });
    const rows = await bodyRows();
    const code = firstCode(rows);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(
      new DOMException('Denied', 'NotAllowedError'),
    );
    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: `Copy ${code}` }));
    expect(await screen.findByText('Could not copy the transaction code')).toBeInTheDocument();
    expect(screen.queryByText('Transaction code copied to clipboard')).not.toBeInTheDocument();
  });
});
