import { type Transaction, transactionDetailSchema, transactionPageSchema } from '@contract/transaction';
import { TRANSACTION_CSV_COLUMNS } from '@contract/transaction-csv';
import { allTransactions, setTransactionStatus } from '@mocks/data/transactions';
import { db } from '@mocks/db';
import { API, failure, ok } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyCalendarRange } from '@/test/date-range';
import { captureDownloads } from '@/test/downloads';
import { renderList, TRANSACTION_COLUMNS } from '@/test/list';
import { renderApp } from '@/test/render-app';
import { sent, tableRows } from '@/test/table';

const bodyRows = () => tableRows('Transactions');

/** Opens the list at `/transactions` + `query` as the admin, recording its requests; resolves once rows show. */
async function openTransactions(query = '') {
  const requests = captureRequests('/transactions');
  const view = renderApp(`/transactions${query}`, { user: 'admin' });
  await bodyRows();
  return { ...view, requests };
}

describe('/transactions', () => {
  it('lists every status by default with the spec columns, sending no status', async () => {
    const requests = captureRequests('/transactions');
    const { rows, columns } = await renderList('/transactions', {
      heading: 'Transactions',
      table: 'Transactions',
    });
    expect(rows).toHaveLength(10);
    expect(sent(requests)[0]).toEqual({ page: '1', limit: '10' });
    expect(columns).toEqual(TRANSACTION_COLUMNS);
    const first = allTransactions(db.merchants)[0];
    if (!first) throw new Error('the seed has no transaction');
    const cells = within(rows[0] as HTMLElement).getAllByRole('cell');
    const at = new Date(first.transaction_date);
    expect(cells[0]?.textContent).toBe(
      `${at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}${at.toLocaleDateString('en-US', { dateStyle: 'long' })}`,
    );
    expect(cells[1]?.textContent).toBe(first.reference.txn_ref);
    // "1284.00" as sent, grouped for ETB's two places.
    expect(first.amount).toBe('1284.00');
    expect(cells[3]?.textContent).toBe('1,284.00');
    // The currency's code, as Payouts and every amount name it (not 'Ethiopian Birr' here only).
    expect(cells[5]?.textContent).toBe('ETB');
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  });

  it('a status filter writes ?status=, resets the page and reaches the request', async () => {
    const { requests, user, router } = await openTransactions('?page=2');
    await user.click(screen.getByRole('radio', { name: 'Pay Out' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'pay-out' }));
    await waitFor(() => expect(sent(requests)).toContainEqual({ page: '1', limit: '10', status: 'pay-out' }));
    const payOuts = allTransactions(db.merchants).filter((t) => t.status === 'PAY_OUT');
    expect(payOuts.length).toBeGreaterThan(0);
    // The count first: a loop over no rows would pass while showing nothing.
    await waitFor(async () => expect(await bodyRows()).toHaveLength(Math.min(10, payOuts.length)));
    for (const row of await bodyRows()) expect(within(row).getByText('Pay Out')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('writes the date range into the URL and the request', async () => {
    const { requests, user, router } = await openTransactions();
    // Pasted, not typed key by key: what is under test is the URL and the request; typing is the
    // picker's own test, and 24 keystrokes each re-rendering the list ran past 15 s on a busy machine.
    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.paste('2026-11-18 ~ 2026-11-19');
    await user.keyboard('{Enter}');
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

  it('picks a range on the calendar and applies it with the footer (spec §2: shortcuts and a footer)', async () => {
    const { requests, user, router } = await openTransactions('?from=2026-11-18&to=2026-11-19');
    // Both ends are picked, but nothing changes before Apply.
    await applyCalendarRange(user, router, ['17 November 2026', '15 November 2026'], {
      from: '2026-11-18',
      to: '2026-11-19',
    });
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ from: '2026-11-15', to: '2026-11-17' }),
    );
    await waitFor(() =>
      expect(sent(requests)).toContainEqual({ page: '1', limit: '10', from: '2026-11-15', to: '2026-11-17' }),
    );
    // Cancel leaves the applied range.
    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.click(screen.getByRole('button', { name: '20 November 2026' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Choose dates' })).not.toBeInTheDocument(),
    );
    expect(router.state.location.search).toEqual({ from: '2026-11-15', to: '2026-11-17' });
  });

  it.each([
    ['a lone from', 'from=2026-11-18'],
    ['a lone to', 'to=2026-11-19'],
    ['from after to', 'from=2026-11-19&to=2026-11-18'],
    ['a day that does not exist', 'from=2026-02-30&to=2026-03-02'],
  ])('drops %s from the URL and the request, and lists unfiltered', async (_, query) => {
    const requests = captureRequests('/transactions');
    const { router } = renderApp(`/transactions?status=success&${query}`, { user: 'admin' });
    expect(await bodyRows()).toHaveLength(10);
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'success' }));
    // The page shown, then the next one prefetched, both without the dropped dates.
    await waitFor(() =>
      expect(sent(requests)).toEqual([
        { page: '1', limit: '10', status: 'success' },
        { page: '2', limit: '10', status: 'success' },
      ]),
    );
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveValue('');
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

function firstTransaction() {
  const first = allTransactions(db.merchants)[0];
  if (!first) throw new Error('the seed has no transaction');
  return first;
}

describe('/transactions: neighbouring pages', () => {
  it('prefetches the next page, so Next paints from the cache without a request', async () => {
    const requests = captureRequests('/transactions');
    const { user } = renderApp('/transactions', { user: 'admin' });
    await bodyRows();
    await waitFor(() =>
      expect(sent(requests)).toEqual([
        { page: '1', limit: '10' },
        { page: '2', limit: '10' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    // Page 2 is on screen at once (not dimmed), and only page 3 is asked for, ahead of time.
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('table', { name: 'Transactions' })).not.toHaveAttribute('aria-busy');
    await waitFor(() => expect(sent(requests)).toHaveLength(3));
    expect(sent(requests)[2]).toEqual({ page: '3', limit: '10' });
  });

  it('paging and searching are history entries: Back and Forward walk through them', async () => {
    const { user, router } = renderApp('/transactions', { user: 'admin' });
    await bodyRows();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    await user.type(
      screen.getByPlaceholderText('Search transaction by reference or customer name'),
      'Tigist{Enter}',
    );
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Tigist' }));

    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    expect(await screen.findByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(router.state.location.pathname).toBe('/transactions');
    router.history.forward();
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
  });

  it('arriving on a deep page prefetches the pages either side', async () => {
    const requests = captureRequests('/transactions');
    renderApp('/transactions?page=3&status=success', { user: 'admin' });
    await bodyRows();
    await waitFor(() => expect(sent(requests)).toHaveLength(3));
    expect(sent(requests)).toEqual([
      { page: '3', limit: '10', status: 'success' },
      { page: '4', limit: '10', status: 'success' },
      { page: '2', limit: '10', status: 'success' },
    ]);
  });

  it('prefetches nothing past the last page', async () => {
    const requests = captureRequests('/transactions');
    renderApp('/transactions?reference=12345', { user: 'admin' });
    await screen.findByRole('table', { name: 'Transactions' });
    await screen.findByText('No results found');
    // Let a prefetch that should not happen have its chance to be sent.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent(requests)).toEqual([{ page: '1', limit: '10', reference: '12345' }]);
  });
});

describe('/transactions: ?reference=', () => {
  it('finds by exact reference, sent as `reference`', async () => {
    const requests = captureRequests('/transactions');
    const target = allTransactions(db.merchants)[7];
    if (!target) throw new Error('the seed has too few transactions');
    const { router } = renderApp(`/transactions?reference=${target.reference.txn_ref}`, { user: 'admin' });
    const rows = await bodyRows();
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByText(target.reference.txn_ref)).toBeInTheDocument();
    expect(sent(requests)).toEqual([{ page: '1', limit: '10', reference: target.reference.txn_ref }]);
    expect(router.state.location.search).toEqual({ reference: target.reference.txn_ref });
  });

  it('sends only the reference when the URL also has a search (the server takes one), and a typed search replaces it', async () => {
    const requests = captureRequests('/transactions');
    const target = firstTransaction();
    const { user, router } = renderApp(`/transactions?search=Abebe&reference=${target.reference.txn_ref}`, {
      user: 'admin',
    });
    expect(await bodyRows()).toHaveLength(1);
    expect(sent(requests)).toEqual([{ page: '1', limit: '10', reference: target.reference.txn_ref }]);

    const box = screen.getByPlaceholderText('Search transaction by reference or customer name');
    await user.clear(box);
    await user.type(box, 'Tigist{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'Tigist' }));
    await waitFor(() =>
      expect(sent(requests)).toContainEqual({ page: '1', limit: '10', search_term: 'Tigist' }),
    );
  });

  it('keeps a numeric reference as text', async () => {
    const requests = captureRequests('/transactions');
    renderApp('/transactions?reference=12345', { user: 'admin' });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(await within(table).findByText('No results found')).toBeInTheDocument();
    expect(sent(requests)).toEqual([{ page: '1', limit: '10', reference: '12345' }]);
  });

  it.each([
    ['blank', '%20%20'],
    ['longer than the server takes', 'R'.repeat(201)],
    ['not text', '%7B%22a%22%3A1%7D'],
  ])('drops a %s reference from the URL and the request', async (_, reference) => {
    const requests = captureRequests('/transactions');
    const { router } = renderApp(`/transactions?reference=${reference}`, { user: 'admin' });
    expect(await bodyRows()).toHaveLength(10);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() =>
      expect(sent(requests)).toEqual([
        { page: '1', limit: '10' },
        { page: '2', limit: '10' },
      ]),
    );
  });
});

describe('/transactions: CSV export', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('downloads every filtered row (all pages) with the URL filters and no paging', async () => {
    const requests = captureRequests('/transactions/export');
    const downloads = captureDownloads();
    const { user } = renderApp('/transactions?status=success&page=2&limit=20&from=2026-01-01&to=2026-12-31', {
      user: 'admin',
    });
    await bodyRows();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.names).toEqual(['transactions-2026-01-01-to-2026-12-31.csv']));
    expect(sent(requests)).toEqual([{ status: 'success', from: '2026-01-01', to: '2026-12-31' }]);
    const lines = (await downloads.blobs[0]?.text())?.split('\r\n') ?? [];
    expect(lines[0]).toBe(TRANSACTION_CSV_COLUMNS.map((c) => c.header).join(','));
    const expected = allTransactions(db.merchants).filter(
      (t) =>
        t.status === 'SUCCESS' && t.transaction_date >= '2026-01-01' && t.transaction_date < '2027-01-01',
    );
    // More rows than one page of the screen: the export is the whole result.
    expect(expected.length).toBeGreaterThan(20);
    const rows = lines.slice(1, -1);
    expect(rows.map((line) => line.split(',')[0])).toEqual(expected.map((t) => t.id));
    expect(lines.at(-1)).toBe('');
  });

  it('sends the search too', async () => {
    const requests = captureRequests('/transactions/export');
    captureDownloads();
    const first = firstTransaction();
    const { user } = renderApp(`/transactions?search=${first.reference.txn_ref}`, { user: 'admin' });
    await bodyRows();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(sent(requests)).toEqual([{ search_term: first.reference.txn_ref }]));
  });

  it('sends the reference instead of the search, as the list does', async () => {
    const requests = captureRequests('/transactions/export');
    captureDownloads();
    const first = firstTransaction();
    const { user } = renderApp(`/transactions?search=Abebe&reference=${first.reference.txn_ref}`, {
      user: 'admin',
    });
    await bodyRows();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(sent(requests)).toEqual([{ reference: first.reference.txn_ref }]));
  });

  it("toasts the server's message when the export is refused, and saves nothing", async () => {
    const downloads = captureDownloads();
    server.use(
      http.get(`${API}/transactions/export`, () => failure(403, 'You do not have permission to do this'), {
        once: true,
      }),
    );
    const { user } = renderApp('/transactions', { user: 'admin' });
    await bodyRows();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    expect(downloads.names).toEqual([]);
  });

  it('toasts the server error text on a 500', async () => {
    captureDownloads();
    server.use(
      http.get(`${API}/transactions/export`, () => failure(500, 'Internal server error'), { once: true }),
    );
    const { user } = renderApp('/transactions', { user: 'admin' });
    await bodyRows();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Server error. Try again later')).toBeInTheDocument();
  });
});

/**
 * The list (and each detail) answers exactly `rows`, so a test shows what it names: the seed's
 * first row may or may not have a payment method.
 */
function serveTransactions(rows: Transaction[]) {
  server.use(
    http.get(`${API}/transactions`, () =>
      ok(transactionPageSchema, { contents: rows, total: rows.length, total_pages: 1, is_empty: false }),
    ),
    http.get(`${API}/transactions/:id`, ({ params }) => {
      const row = rows.find((t) => t.id === params.id);
      return row
        ? ok(transactionDetailSchema, { ...row, decision: null })
        : failure(404, 'Transaction not found');
    }),
  );
}

function withMethod(t: Transaction, payment_method: Transaction['transaction_method']['payment_method']) {
  return { ...t, transaction_method: { ...t.transaction_method, payment_method } };
}

describe('/transactions: detail drawer', () => {
  it("shows the payment method as name (code), and 'Internal' when there is none", async () => {
    const [a, b] = allTransactions(db.merchants);
    if (!a || !b) throw new Error('the seed has too few transactions');
    const internal = withMethod(a, null);
    const telebirr = withMethod(b, { name: 'telebirr', code: 'TELEBIRR' });
    serveTransactions([internal, telebirr]);
    const { user } = renderApp('/transactions', { user: 'admin' });
    const rows = await bodyRows();
    expect(rows).toHaveLength(2);
    const paymentMethod = async () => {
      const drawer = await screen.findByRole('dialog', { name: 'Transaction details' });
      return within(drawer).getByText('Payment Method', { selector: 'dt' }).nextElementSibling?.textContent;
    };
    await user.click(within(rows[0] as HTMLElement).getByText(internal.reference.txn_ref));
    expect(await paymentMethod()).toBe('Internal');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Transaction details' })).not.toBeInTheDocument(),
    );
    await user.click(within(rows[1] as HTMLElement).getByText(telebirr.reference.txn_ref));
    expect(await paymentMethod()).toBe('telebirr (TELEBIRR)');
  });

  it('opens from a row with ?tx=, shows every field, and closes', async () => {
    const first = firstTransaction();
    const { user, router } = renderApp('/transactions?status=all', { user: 'admin' });
    const rows = await bodyRows();
    await user.click(within(rows[0] as HTMLElement).getByText(first.reference.txn_ref));
    await waitFor(() => expect(router.state.location.search).toEqual({ tx: first.id }));
    const drawer = await screen.findByRole('dialog', { name: 'Transaction details' });
    const value = (label: string) =>
      within(drawer).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    const at = new Date(first.transaction_date);
    expect(value('Transaction ID')).toBe(first.id);
    expect(value('Reference')).toBe(first.reference.txn_ref);
    expect(value('Date')).toBe(
      `${at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}, ${at.toLocaleDateString('en-US', { dateStyle: 'long' })}`,
    );
    const code = first.transaction_method.currency.name_code;
    expect([first.amount, first.fee, code]).toEqual(['1284.00', '0', 'ETB']);
    expect(value('Amount')).toBe('1,284.00 ETB');
    expect(value('Fee')).toBe('0.00 ETB');
    expect(value('Currency')).toBe(`${first.transaction_method.currency.name} (${code})`);
    expect(value('Customer First Name')).toBe(first.against.customer.first_name ?? '---');
    expect(value('Customer Phone Number')).toBe(first.against.customer.phone_number ?? '---');
    expect(value('Merchant')).toBe(first.merchant?.name ?? '---');
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it("links the merchant and the transaction's journal entries, and the ledger link opens them", async () => {
    const first = firstTransaction();
    if (!first.merchant) throw new Error('the first seeded transaction has no merchant');
    const { user, router } = renderApp(`/transactions?tx=${first.id}`, { user: 'admin' });
    const drawer = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(await within(drawer).findByRole('link', { name: first.merchant.name })).toHaveAttribute(
      'href',
      `/merchant-details/${first.merchant.id}`,
    );
    const ledger = within(drawer).getByRole('link', { name: 'View journal entries' });
    expect(ledger).toHaveAttribute('href', `/journal_entry?search=${first.reference.txn_ref}`);
    await user.click(ledger);
    await waitFor(() => expect(router.state.location.pathname).toBe('/journal_entry'));
    expect(router.state.location.search).toEqual({ search: first.reference.txn_ref });
    expect(await screen.findByRole('searchbox')).toHaveValue(first.reference.txn_ref);
  });

  it("names who approved or rejected a payout, and when; 'Not recorded' when nobody was", async () => {
    const [rejected, approved] = allTransactions(db.merchants).filter((t) => t.status === 'PAY_OUT');
    if (!rejected || !approved) throw new Error('the seed has too few payout requests');
    const at = '2026-11-20T09:05:00.000Z';
    setTransactionStatus(db.merchants, rejected.id, 'CANCELED', {
      at,
      by: { id: '0b6f2f4e-5d1c-4c3a-9a51-3a0f8f1e0a09', name: 'Hana Tesfaye' },
    });
    setTransactionStatus(db.merchants, approved.id, 'SUCCESS');
    const when = new Date(at);
    const time = `${when.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}, ${when.toLocaleDateString('en-US', { dateStyle: 'long' })}`;
    const value = (drawer: HTMLElement, label: string) =>
      within(drawer).queryByText(label, { selector: 'dt' })?.nextElementSibling?.textContent;

    const first = renderApp(`/transactions?tx=${rejected.id}`, { user: 'admin' });
    let drawer = await screen.findByRole('dialog', { name: 'Transaction details' });
    await waitFor(() => expect(value(drawer, 'Rejected by')).toBe(`Hana Tesfaye, ${time}`));
    expect(value(drawer, 'Approved by')).toBeUndefined();
    first.unmount();

    renderApp(`/transactions?tx=${approved.id}`, { user: 'admin' });
    drawer = await screen.findByRole('dialog', { name: 'Transaction details' });
    await waitFor(() => expect(value(drawer, 'Approved by')).toMatch(/^Not recorded, /));
  });

  it('shows no decision for a transaction that is not a decided payout', async () => {
    const first = firstTransaction();
    renderApp(`/transactions?tx=${first.id}`, { user: 'admin' });
    const drawer = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(await within(drawer).findByRole('link', { name: 'View journal entries' })).toBeInTheDocument();
    expect(
      within(drawer).queryByText(/^(Approved|Rejected) by$/, { selector: 'dt' }),
    ).not.toBeInTheDocument();
  });

  it('offers no ledger link to staff who may not view journal entries', async () => {
    const first = firstTransaction();
    renderApp(`/transactions?tx=${first.id}`, {
      user: 'admin',
      permissions: { transaction: { roles: ['view-transactions'] } },
    });
    const drawer = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(await within(drawer).findByText(first.reference.txn_ref)).toBeInTheDocument();
    expect(within(drawer).queryByText('Ledger', { selector: 'dt' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('link')).not.toBeInTheDocument();
  });

  it('opens from a link, loading GET transactions/{id}', async () => {
    const last = allTransactions(db.merchants).at(-1);
    if (!last) throw new Error('the seed has no transaction');
    const detail = captureRequests(`/transactions/${last.id}`);
    renderApp(`/transactions?tx=${last.id}`, { user: 'admin' });
    const drawer = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(await within(drawer).findByText(last.reference.txn_ref)).toBeInTheDocument();
    expect(detail).toHaveLength(1);
  });

  it('says so when the transaction does not exist, and offers to close rather than a Retry', async () => {
    const { user, router } = renderApp('/transactions?tx=33333333-3333-4333-8333-333333333333', {
      user: 'admin',
    });
    const drawer = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(await within(drawer).findByText('Transaction not found')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('offers Retry when loading the transaction failed for another reason', async () => {
    server.use(
      http.get(`${API}/transactions/:id`, () => failure(500, 'Internal server error'), { once: true }),
    );
    renderApp('/transactions?tx=33333333-3333-4333-8333-333333333333', { user: 'admin' });
    const drawer = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(await within(drawer).findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('ignores a malformed ?tx=', async () => {
    const { router } = renderApp('/transactions?tx=nope', { user: 'admin' });
    await bodyRows();
    expect(screen.queryByRole('dialog', { name: 'Transaction details' })).not.toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
  });
});
