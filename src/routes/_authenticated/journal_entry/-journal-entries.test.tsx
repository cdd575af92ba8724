import { journalEntryTotalsSchema } from '@contract/journal-entry';
import { db } from '@mocks/db';
import { API, failure, ok } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderList, retryAfterFailure } from '@/test/list';
import { renderApp } from '@/test/render-app';
import { cellsOf, tableRows } from '@/test/table';

const bodyRows = () => tableRows('Journal Entries');

/** One currency's line of the totals under the table ('ETB', or the manual postings' label). */
async function totals(currency = 'ETB') {
  const all = await screen.findByRole('group', { name: 'Totals of the current filter' });
  const group = within(all).getByRole('group', { name: `Totals in ${currency}` });
  return {
    debit: within(group).getByTestId('total-debit').textContent,
    credit: within(group).getByTestId('total-credit').textContent,
    group,
  };
}

/** The currencies of the totals' lines, in order. */
async function totalsLines() {
  const all = await screen.findByRole('group', { name: 'Totals of the current filter' });
  return within(all)
    .getAllByRole('group')
    .map((line) => line.getAttribute('aria-label'));
}

describe('/journal_entry', () => {
  it('lists entries newest first: amount under Debit or Credit by entry type, account type, date and transaction', async () => {
    const { rows, columns } = await renderList('/journal_entry', {
      heading: 'Journal Entry',
      table: 'Journal Entries',
    });
    expect(rows).toHaveLength(10);
    expect(columns).toEqual(['No.', 'Date', 'GL account name', 'Debit', 'Credit', 'Type', 'Transaction']);
    // The newest journal: a collection of 4000 with a fee of 100 (mocks/data/journal-entries.ts).
    const lines = rows.slice(0, 3).map(cellsOf);
    expect(lines).toContainEqual([
      expect.any(String),
      expect.stringContaining('November 17, 2026'),
      'Gateway Receivables Control',
      '4,000.00ETB',
      '',
      'Asset',
      'TXN-2003-0001',
    ]);
    expect(lines).toContainEqual([
      expect.any(String),
      expect.any(String),
      'Gateway Fee Income',
      '',
      '100.00ETB',
      'Income',
      'TXN-2003-0001',
    ]);
    expect(lines.map((cells) => cells[0])).toEqual(['1', '2', '3']);
  });

  it("names who posted a payout's decision under its date, and nobody under the system's postings", async () => {
    renderApp('/journal_entry', { user: 'admin' });
    const rows = await bodyRows();
    // mocks/data/journal-entries.ts: admin rejected TXN-2002-0002's payout request.
    const dates = rows
      .filter((row) => row.textContent?.includes('TXN-2002-0002'))
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? '');
    expect(dates).toHaveLength(4);
    expect(dates.filter((d) => d.endsWith(', by Abebe Kebede'))).toHaveLength(2);
    expect(dates.filter((d) => d.includes(' by '))).toHaveLength(2);
  });

  it("links a posting's transaction to the Transactions list searched by its reference", async () => {
    const { user, router } = renderApp('/journal_entry', { user: 'admin' });
    const table = await screen.findByRole('table', { name: 'Journal Entries' });
    const [link] = await within(table).findAllByRole('link', { name: 'TXN-2003-0001' });
    expect(link).toHaveAttribute('href', '/transactions?search=TXN-2003-0001');
    await user.click(link as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect(router.state.location.search).toEqual({ search: 'TXN-2003-0001' });
  });

  it('shows the reference as text to staff who may not view transactions', async () => {
    renderApp('/journal_entry', { permissions: { 'journal-entry': { roles: ['view-journal-entry'] } } });
    const table = await screen.findByRole('table', { name: 'Journal Entries' });
    expect((await within(table).findAllByText('TXN-2003-0001')).length).toBeGreaterThan(0);
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the totals of the whole filter per currency, never added across currencies', async () => {
    renderApp('/journal_entry');
    await bodyRows();
    expect(await totalsLines()).toEqual(['Totals in ETB', 'Totals in USD']);
    const etb = await totals('ETB');
    expect([etb.debit, etb.credit]).toEqual(['9,490.75', '9,490.75']);
    expect(within(etb.group).getByText('Balanced')).toBeInTheDocument();
    const usd = await totals('USD');
    expect([usd.debit, usd.credit]).toEqual(['120.50', '120.50']);
    expect(within(usd.group).getByText('Balanced')).toBeInTheDocument();
  });

  it("shows each line in its currency's places, manual postings last, and the difference of an unbalanced one", async () => {
    server.use(
      http.get(`${API}/journal-entries/totals`, () =>
        ok(journalEntryTotalsSchema, {
          currencies: [
            {
              currency: { name_code: 'DJF', decimal_places: 0 },
              debit: '1200.000000',
              credit: '1150.000000',
              balanced: false,
            },
            {
              currency: { name_code: 'KWD', decimal_places: 3 },
              debit: '0.125000',
              credit: '0.125000',
              balanced: true,
            },
            { currency: null, debit: '0.000001', credit: '0.000001', balanced: true },
          ],
        }),
      ),
    );
    renderApp('/journal_entry');
    await bodyRows();
    expect(await totalsLines()).toEqual([
      'Totals in DJF',
      'Totals in KWD',
      'Totals in No currency (manual postings)',
    ]);
    const djf = await totals('DJF');
    expect([djf.debit, djf.credit]).toEqual(['1,200', '1,150']);
    expect(within(djf.group).getByText('Debits and credits differ by 50')).toBeInTheDocument();
    expect(within(djf.group).queryByText('Balanced')).not.toBeInTheDocument();
    const kwd = await totals('KWD');
    expect([kwd.debit, kwd.credit]).toEqual(['0.125', '0.125']);
    expect(within(kwd.group).getByText('Balanced')).toBeInTheDocument();
    // A millionth is never rounded away.
    const manual = await totals('No currency (manual postings)');
    expect([manual.debit, manual.credit]).toEqual(['0.000001', '0.000001']);
  });

  it('searches through the URL and the request; totals follow the search; a partial journal is flagged', async () => {
    const requests = captureRequests('/journal-entries');
    const totalRequests = captureRequests('/journal-entries/totals');
    const { user, router } = renderApp('/journal_entry');
    await bodyRows();
    await user.type(screen.getByRole('searchbox'), 'TXN-2001-0003{Enter}');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'TXN-2001-0003' }));
    expect(requests.at(-1)?.searchParams.get('search_term')).toBe('TXN-2001-0003');
    await waitFor(async () => expect((await bodyRows()).length).toBe(4));
    await waitFor(async () => expect((await totals()).debit).toBe('1,600.00'));
    expect(totalRequests.at(-1)?.searchParams.get('search_term')).toBe('TXN-2001-0003');
    expect((await totals()).credit).toBe('1,600.00');

    expect(await totalsLines()).toEqual(['Totals in ETB']);

    // Only one line of a journal matches: each currency's totals say they differ.
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'fee income{Enter}');
    await waitFor(async () => expect((await totals()).debit).toBe('0.00'));
    const { group } = await totals();
    expect(within(group).getByText('Debits and credits differ by -187.50')).toBeInTheDocument();
    const usd = await totals('USD');
    expect(within(usd.group).getByText('Debits and credits differ by -3.00')).toBeInTheDocument();
  });

  it('filters by entry type in the URL and the request, without a balance verdict', async () => {
    const requests = captureRequests('/journal-entries');
    const { user, router } = renderApp('/journal_entry');
    await bodyRows();
    await user.click(screen.getByRole('radio', { name: 'Credit' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ entry: 'credit' }));
    expect(requests.at(-1)?.searchParams.get('entry_type')).toBe('CREDIT');
    await waitFor(async () => expect(cellsOf((await bodyRows())[0])[3]).toBe(''));
    for (const row of await bodyRows()) expect(cellsOf(row)[3]).toBe('');
    await waitFor(async () => expect((await totals()).debit).toBe('0.00'));
    expect((await totals('USD')).credit).toBe('120.50');
    expect(screen.queryByText('Balanced')).not.toBeInTheDocument();
    expect(screen.queryByText(/differ by/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('entry'));
  });

  it('opens with the entry filter of the URL', async () => {
    const requests = captureRequests('/journal-entries');
    renderApp('/journal_entry?entry=debit&page=1');
    await bodyRows();
    expect(requests[0]?.searchParams.get('entry_type')).toBe('DEBIT');
    expect(screen.getByRole('radio', { name: 'Debit' })).toBeChecked();
  });

  it('falls back to all entries for an unknown entry filter', async () => {
    const requests = captureRequests('/journal-entries');
    renderApp('/journal_entry?entry=sideways');
    await bodyRows();
    expect(requests[0]?.searchParams.has('entry_type')).toBe(false);
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  });

  it('shows the empty state without a search, No results found with one', async () => {
    db.journalEntries = [];
    const first = renderApp('/journal_entry');
    expect(await screen.findByText('There are no Journal Entries')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Totals of the current filter' })).not.toBeInTheDocument();
    first.unmount();
    renderApp('/journal_entry?search=nothing');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.queryByText('There are no Journal Entries')).not.toBeInTheDocument();
  });

  it('says so when the totals cannot be loaded, and still lists the entries', async () => {
    server.use(http.get(`${API}/journal-entries/totals`, () => failure(500, 'Internal server error')));
    renderApp('/journal_entry');
    expect((await bodyRows()).length).toBe(10);
    expect(await screen.findByText('Totals could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('Balanced')).not.toBeInTheDocument();
  });

  it('shows the failed state with Retry', async () => {
    server.use(
      http.get(`${API}/journal-entries`, () => failure(500, 'Internal server error'), { once: true }),
    );
    await retryAfterFailure('/journal_entry');
    expect((await bodyRows()).length).toBe(10);
  });

  it('is open to support (view-journal-entry) and closed to a user without it', async () => {
    const first = renderApp('/journal_entry', { user: 'support' });
    expect((await bodyRows()).length).toBe(10);
    first.unmount();
    renderApp('/journal_entry', { permissions: { merchant: { roles: ['view-merchant'] } } });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
  });
});
