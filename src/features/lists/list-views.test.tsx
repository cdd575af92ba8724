import { MOCK_USER_IDS } from '@mocks/data/users';
import { db, type MockListView } from '@mocks/db';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_COLUMNS } from '@/test/list';
import { renderApp } from '@/test/render-app';
import { columnHeaders, tableRows } from '@/test/table';

/** The admin's choice as the mock keeps it: by the token's subject and the list id. */
function preferenceOf(list: string): string[] | undefined {
  return db.listPreferences.get(`${MOCK_USER_IDS.admin} ${list}`);
}

async function openTransactions(path = '/transactions') {
  const app = renderApp(path, { user: 'admin' });
  await tableRows('Transactions');
  return app;
}

function sharedView(overrides: Partial<MockListView> = {}): MockListView {
  return {
    id: '5d1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b',
    list: 'transactions',
    name: 'Failed, largest first',
    search: { status: 'failed', sort: 'amount.desc' },
    columns: null,
    shared: true,
    owner: { id: '0b9f5c8e-7d6a-4c3b-9e2f-1a0b9c8d7e6f', name: 'Sara Bekele' },
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

describe('column picker (issue 24)', () => {
  it('hides a column, keeps the choice on the server, and shows it again after a new start', async () => {
    const { user, unmount } = await openTransactions();
    expect(columnHeaders('Transactions')).toEqual(TRANSACTION_COLUMNS);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = await screen.findByRole('group', { name: 'Columns shown' });
    await user.click(within(picker).getByRole('checkbox', { name: 'Customer Name' }));

    await waitFor(() =>
      expect(columnHeaders('Transactions')).toEqual(TRANSACTION_COLUMNS.filter((h) => h !== 'Customer Name')),
    );
    await waitFor(() =>
      expect(preferenceOf('transactions')).toEqual(
        TRANSACTION_COLUMNS.map(idOf).filter((id) => id !== 'customer'),
      ),
    );
    unmount();

    // Another browser: the choice comes from the server.
    await openTransactions();
    await waitFor(() => expect(columnHeaders('Transactions')).not.toContain('Customer Name'));
  }, 40_000);

  it('cannot hide the reference, and moves a column up', async () => {
    const { user } = await openTransactions();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = await screen.findByRole('group', { name: 'Columns shown' });
    expect(within(picker).getByRole('checkbox', { name: 'Reference' })).toBeDisabled();
    await user.click(within(picker).getByRole('button', { name: 'Move Amount up' }));
    await waitFor(() =>
      expect(columnHeaders('Transactions').slice(0, 4)).toEqual([
        'Date',
        'Reference',
        'Amount',
        'Customer Name',
      ]),
    );
    await waitFor(() =>
      expect(preferenceOf('transactions')?.slice(0, 4)).toEqual([
        'transaction_date',
        'reference',
        'amount',
        'customer',
      ]),
    );
  });

  it('resets to the list’s own columns', async () => {
    db.listPreferences.set(`${MOCK_USER_IDS.admin} transactions`, ['reference', 'amount']);
    const { user } = await openTransactions();
    await waitFor(() => expect(columnHeaders('Transactions')).toEqual(['Reference', 'Amount']));
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = await screen.findByRole('group', { name: 'Columns shown' });

    await user.click(within(picker).getByRole('button', { name: 'Reset columns' }));
    await waitFor(() => expect(columnHeaders('Transactions')).toEqual(TRANSACTION_COLUMNS));
    await waitFor(() => expect(preferenceOf('transactions')).toBeUndefined());
  });

  it('works from the keyboard: Enter opens it on its first box, Space hides that column', async () => {
    const { user } = await openTransactions();
    screen.getByRole('button', { name: 'Columns' }).focus();
    await user.keyboard('{Enter}');
    const picker = await screen.findByRole('group', { name: 'Columns shown' });
    // Its rows are loaded on first use (decision 057); focus lands on the first box all the same.
    await waitFor(() => expect(within(picker).getByRole('checkbox', { name: 'Date' })).toHaveFocus());
    await user.keyboard(' ');
    await waitFor(() => expect(columnHeaders('Transactions')).not.toContain('Date'));
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Columns shown' })).not.toBeInTheDocument(),
    );
  });

  it('leaves columns it does not own in place (the payouts row number and actions)', async () => {
    const { user } = renderApp('/payouts', { user: 'admin' });
    await tableRows('Payouts requests');
    const before = columnHeaders('Payouts requests');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = await screen.findByRole('group', { name: 'Columns shown' });
    await user.click(within(picker).getByRole('checkbox', { name: 'Type' }));
    await waitFor(() => expect(columnHeaders('Payouts requests')).not.toContain('Type'));
    const after = columnHeaders('Payouts requests');
    expect(after[0]).toBe(before[0]);
    expect(after.at(-1)).toBe(before.at(-1));
    expect(after).toHaveLength(before.length - 1);
  });
});

describe('columns on every list screen (issue 24)', () => {
  /** The only table on the screen's column headers. */
  const headers = () =>
    within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);

  it.each([
    { path: '/users', list: 'users', header: 'E-mail', id: 'email' },
    { path: '/gl-accounts', list: 'gl-accounts', header: 'Description', id: 'description' },
    { path: '/audit-log', list: 'audit-log', header: 'Address', id: 'address' },
    { path: '/roles', list: 'roles', header: 'Permissions', id: 'permissions' },
  ])('$path hides $header and keeps the choice', async ({ path, list, header, id }) => {
    const { user } = renderApp(path, { user: 'admin' });
    await screen.findByRole('table');
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row').length).toBeGreaterThan(1),
    );
    expect(headers()).toContain(header);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = await screen.findByRole('group', { name: 'Columns shown' });
    await user.click(within(picker).getByRole('checkbox', { name: header }));
    await waitFor(() => expect(headers()).not.toContain(header));
    await waitFor(() => expect(preferenceOf(list)).not.toContain(id));
    expect(preferenceOf(list)?.length).toBeGreaterThan(0);
  });
});

describe('saved views (issue 24)', () => {
  it('applies a shared view from the menu: its search goes into the URL', async () => {
    db.listViews = [sharedView()];
    const { user, router } = await openTransactions('/transactions?page=2');
    await user.click(screen.getByRole('button', { name: 'Views' }));
    expect(await screen.findByText('Shared with everyone')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: /Failed, largest first/ }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ status: 'failed', sort: 'amount.desc' }),
    );
  });

  it('saves the current filters, sort and columns under a name', async () => {
    const { user } = await openTransactions('/transactions?status=pending&sort=amount.asc&page=3');
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save current view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pending by amount');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Share with everyone' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(db.listViews).toHaveLength(1));
    expect(db.listViews[0]).toMatchObject({
      list: 'transactions',
      name: 'Pending by amount',
      shared: true,
      search: { status: 'pending', sort: 'amount.asc', limit: 10 },
    });
    expect(db.listViews[0]?.search).not.toHaveProperty('page');
  });

  it('saves from the keyboard: the dialog opens with focus in Name, Enter saves', async () => {
    const { user } = await openTransactions('/transactions?status=failed');
    screen.getByRole('button', { name: 'Views' }).focus();
    await user.keyboard('{Enter}');
    const save = await screen.findByRole('menuitem', { name: 'Save current view…' });
    // Up from the top goes round to the last item, the save (no views yet, so no Manage).
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(save).toHaveFocus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());
    await user.keyboard('Failed only{Enter}');
    await waitFor(() => expect(db.listViews).toHaveLength(1));
    expect(db.listViews[0]).toMatchObject({
      name: 'Failed only',
      shared: false,
      search: { status: 'failed' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save view' })).not.toBeInTheDocument());
  });

  it('manages one’s own views: shares one from its dialog', async () => {
    const admin = { id: MOCK_USER_IDS.admin, name: 'Abebe Kebede' };
    db.listViews = [sharedView({ owner: admin, shared: false, name: 'Mine' })];
    const { user } = await openTransactions();
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Manage my views…' }));
    const dialog = await screen.findByRole('dialog', { name: 'My saved views' });
    expect(await within(dialog).findByRole('textbox', { name: 'Name' })).toHaveValue('Mine');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Share with everyone' }));
    await waitFor(() => expect(db.listViews[0]?.shared).toBe(true));
    expect(within(dialog).getByRole('button', { name: 'Delete Mine' })).toBeEnabled();
  });

  it('shows the server’s refusal of a name already used', async () => {
    const admin = { id: MOCK_USER_IDS.admin, name: 'Abebe Kebede' };
    db.listViews = [sharedView({ owner: admin, shared: false, name: 'Mine' })];
    const { user } = await openTransactions();
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save current view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('You already have a saved view with this name on this list'),
    ).toBeInTheDocument();
  });

  it('opens a ?view= link: the view’s search replaces the URL', async () => {
    db.listViews = [sharedView()];
    const app = renderApp(`/transactions?view=${sharedView().id}`, { user: 'admin' });
    await tableRows('Transactions');
    await waitFor(
      () => expect(app.router.state.location.search).toEqual({ status: 'failed', sort: 'amount.desc' }),
      { timeout: 5000 },
    );
  });

  it('falls back to the list as it is for a bad or unknown view id', async () => {
    const bad = renderApp('/transactions?view=nope&status=failed', { user: 'admin' });
    await waitFor(() => expect(bad.router.state.location.search).toEqual({ status: 'failed' }));
    expect(await screen.findByText(/That saved view was not found/)).toBeInTheDocument();
    bad.unmount();

    const unknown = renderApp('/transactions?view=11111111-1111-4111-8111-111111111111', { user: 'admin' });
    await tableRows('Transactions');
    await waitFor(() => expect(unknown.router.state.location.search).toEqual({}), { timeout: 5000 });
  });
});

/** The column ids of the transaction headers, in the same order. */
function idOf(header: string): string {
  const ids: Record<string, string> = {
    Date: 'transaction_date',
    Reference: 'reference',
    'Customer Name': 'customer',
    Amount: 'amount',
    Type: 'type',
    Currency: 'currency',
    'Payment Method': 'paymentMethod',
    Status: 'status',
  };
  return ids[header] ?? header;
}
