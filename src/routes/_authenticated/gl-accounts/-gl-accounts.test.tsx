import { type ApprovalRequest, approvalRequestSchema } from '@contract/approval';
import { glAccountId } from '@mocks/data/gl-accounts';
import { DEMO_USERS } from '@mocks/data/users';
import { db } from '@mocks/db';
import { API, failure, ok } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { openListDialog, renderList, retryAfterFailure } from '@/test/list';
import { renderApp } from '@/test/render-app';
import { cellsOf, tableRows } from '@/test/table';

const bodyRows = () => tableRows('GL Accounts');

/** Adds an account from the list's Add form: name, type, manual entries (Allowed / Not allowed), description; submits. */
async function submitNewAccount(name: string, type: string, manual: string, description: string) {
  const { user, dialog } = await openListDialog('/gl-accounts', 'GL Accounts', 'Add Gl Account');
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), name);
  await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
  await user.click(await screen.findByRole('option', { name: type }));
  await user.click(within(dialog).getByRole('radio', { name: manual }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), description);
  await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
  return dialog;
}

describe('/gl-accounts', () => {
  it('lists the accounts newest first with the spec columns, YES/NO and coloured status', async () => {
    const { rows, columns } = await renderList('/gl-accounts', {
      heading: 'GL Accounts',
      table: 'GL Accounts',
    });
    expect(rows).toHaveLength(db.glAccounts.length);
    expect(columns).toEqual([
      'No.',
      'Gl account name',
      'Type',
      'Description',
      'Manual journal entries',
      'Status',
      'Actions',
    ]);
    expect(cellsOf(rows[0])).toEqual([
      '1',
      'Legacy Clearing Account',
      'Asset',
      'Replaced by the gateway receivables control account',
      'NO',
      'INACTIVE',
      '',
    ]);
    expect(cellsOf(rows[1])?.[4]).toBe('YES');
    const inactive = within(rows[0] as HTMLElement).getByText('INACTIVE');
    expect(inactive.closest('[data-status]')).toHaveAttribute('data-status', 'INACTIVE');
    const active = within(rows[1] as HTMLElement).getByText('ACTIVE');
    // Mantine writes the badge colour into a CSS variable; green for ACTIVE, red for INACTIVE.
    expect(active.closest('[data-status]')?.getAttribute('style')).toContain('green');
    expect(inactive.closest('[data-status]')?.getAttribute('style')).toContain('red');
  });

  it('writes the search into the URL and the request, and shows No results found', async () => {
    const requests = captureRequests('/gl-accounts');
    const { user, router } = renderApp('/gl-accounts');
    await bodyRows();
    await user.type(screen.getByRole('searchbox', { name: 'Search GL accounts' }), 'zzz{Enter}');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'zzz' }));
    expect(requests.at(-1)?.searchParams.get('search_term')).toBe('zzz');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('shows the empty state and the failed state with Retry', async () => {
    db.glAccounts = [];
    const first = renderApp('/gl-accounts');
    expect(await screen.findByText('There are no GL Accounts')).toBeInTheDocument();
    first.unmount();
    server.use(http.get(`${API}/gl-accounts`, () => failure(500, 'Internal server error'), { once: true }));
    await retryAfterFailure('/gl-accounts');
    expect(await screen.findByText('There are no GL Accounts')).toBeInTheDocument();
  });

  it('shows every spec §5 message on an empty add form and sends nothing', async () => {
    const requests = captureRequests('/gl-accounts');
    const { user } = renderApp('/gl-accounts');
    await bodyRows();
    const before = requests.length;
    await user.click(screen.getByRole('button', { name: 'Add Gl Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Gl Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Gl account type must be selected')).toBeInTheDocument();
    expect(within(dialog).getByText('You must select manual journal')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    // A blank-only name is still missing; fixing a field clears its message at once.
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '   ');
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'x');
    await waitFor(() =>
      expect(within(dialog).queryByText('Description is required')).not.toBeInTheDocument(),
    );
    expect(requests.filter((url) => url.pathname.endsWith('/gl-accounts')).length).toBe(before);
  });

  it('adds an account: POST with the spec fields, toast, and the list refreshes without a reload', async () => {
    let sentBody: unknown;
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/gl-accounts'))
        sentBody = await request.clone().json();
    });
    await submitNewAccount('Petty cash', 'Asset', 'Allowed', 'Cash box in the office');
    expect(await screen.findByText('Gl account added successfully')).toBeInTheDocument();
    expect(sentBody).toEqual({
      name: 'Petty cash',
      type: 'ASSET',
      manual_journal_entries_allowed: true,
      description: 'Cash box in the office',
      id: '',
      status: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const rows = await bodyRows();
    await waitFor(() => expect(cellsOf(rows[0])?.[1]).toBe('Petty cash'));
  });

  it('with the GL account approval rule on, the new account is sent for approval, not added (202)', async () => {
    const pending: ApprovalRequest = {
      id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      kind: 'gl-account',
      action: 'gl-account.create',
      status: 'PENDING',
      summary: 'Create GL account Petty cash',
      subject_id: null,
      amount: null,
      currency: null,
      before: null,
      after: { name: 'Petty cash' },
      requested_by: { id: '00000000-0000-4000-8000-000000000001', name: DEMO_USERS.admin.name },
      requested_at: '2026-11-26T03:00:00.000Z',
      decided_by: null,
      decided_at: null,
      reason: null,
      failure: null,
    };
    server.use(http.post(`${API}/gl-accounts`, () => ok(approvalRequestSchema, pending, 202)));
    await submitNewAccount('Petty cash', 'Asset', 'Allowed', 'Cash box in the office');
    expect(
      await screen.findByText(
        'Sent for approval: Create GL account Petty cash. A second person must approve it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Gl account added successfully')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await bodyRows()).map((row) => cellsOf(row)?.[1])).not.toContain('Petty cash');
  });

  it('keeps the add form open with what was typed when the server refuses', async () => {
    const dialog = await submitNewAccount('Transfers in Suspense', 'Liability', 'Not allowed', 'Twice');
    expect(
      await screen.findByText('A GL account named Transfers in Suspense already exists'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Gl Account' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Transfers in Suspense');
  });

  it('updates an account in the 400px Update GL Account modal, prefilled, with PUT and the id', async () => {
    let sent: { url: string; body: unknown } | undefined;
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'PUT') sent = { url: request.url, body: await request.clone().json() };
    });
    const { user } = renderApp('/gl-accounts');
    await bodyRows();
    await user.click(screen.getByRole('button', { name: 'Edit Bank Charges Expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update GL Account' });
    // Spec §9: 400px, which Mantine writes as 25rem on the modal's root.
    const root = dialog.closest<HTMLElement>('[style*="--modal-size"]');
    expect(root?.style.getPropertyValue('--modal-size')).toContain('25rem');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Bank Charges Expense');
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveValue('Expense');
    expect(within(dialog).getByRole('radio', { name: 'Allowed' })).toBeChecked();
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(name, 'Bank fees');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('GL account successfully updated')).toBeInTheDocument();
    const id = glAccountId(6);
    expect(sent?.url).toContain(`/gl-accounts/${id}`);
    expect(sent?.body).toMatchObject({ id, name: 'Bank fees', type: 'EXPENSE' });
    expect(await screen.findByText('Bank fees')).toBeInTheDocument();

    // Ours: the row's History names who renamed it and what it was called.
    await user.click(screen.getByRole('button', { name: 'History of Bank fees' }));
    const history = await screen.findByRole('dialog', { name: 'History of Bank fees' });
    expect(await within(history).findByText(/^Edited$/)).toBeInTheDocument();
    expect(history).toHaveTextContent(`Edited by ${DEMO_USERS.admin.name}`);
    expect(history).toHaveTextContent('Name: Bank Charges Expense → changed to Bank fees');
  });

  it('shows the spec §5 messages on a broken update form and sends nothing', async () => {
    const puts: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT') puts.push(request.url);
    });
    const { user } = renderApp('/gl-accounts');
    await bodyRows();
    await user.click(screen.getByRole('button', { name: 'Edit Bank Charges Expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update GL Account' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Description' }));
    // Choosing the selected type again clears it (Mantine's Select deselects).
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Expense' }));
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Gl account type must be selected')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    // The manual radio is prefilled from the account's boolean and a radio cannot be unchosen, so
    // its message ('You must select manual journal') cannot arise here; the add form shows it.
    expect(within(dialog).queryByText('You must select manual journal')).not.toBeInTheDocument();
    expect(puts).toEqual([]);
    // Each fix clears its own message at once.
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Expense' }));
    await waitFor(() =>
      expect(within(dialog).queryByText('Gl account type must be selected')).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
  });

  it('shows Add and Edit only with their permissions; History to every viewer', async () => {
    const { user } = renderApp('/gl-accounts', { user: 'support' });
    await bodyRows();
    expect(screen.queryByRole('button', { name: 'Add Gl Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^History of / })).toHaveLength(db.glAccounts.length);
    await user.click(screen.getByRole('button', { name: 'History of Bank Charges Expense' }));
    const history = await screen.findByRole('dialog', { name: 'History of Bank Charges Expense' });
    expect(await within(history).findByText('There are no Changes')).toBeInTheDocument();
  });

  it('finance, holding create and update, sees both', async () => {
    renderApp('/gl-accounts', { user: 'finance' });
    await bodyRows();
    expect(screen.getByRole('button', { name: 'Add Gl Account' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Edit / }).length).toBe(db.glAccounts.length);
  });
});
