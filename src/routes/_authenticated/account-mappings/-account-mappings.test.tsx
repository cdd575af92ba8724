import { glAccountId } from '@mocks/data/gl-accounts';
import { db } from '@mocks/db';
import { API, failure } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderList } from '@/test/list';
import { renderApp } from '@/test/render-app';
import { cellsOf, tableRows } from '@/test/table';

const bodyRows = (name = 'Account Mappings') => tableRows(name);

/** The JSON bodies of the POSTs to account-mappings, as the handler received them (read when asked). */
function capturePosts() {
  const requests: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && request.url.endsWith('/account-mappings'))
      requests.push(request.clone());
  });
  return {
    count: () => requests.length,
    bodies: () => Promise.all(requests.map((r) => r.json() as Promise<unknown>)),
  };
}

async function openModal(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Add Account Mapping' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Account Mapping' });
  // The form shows once the payment methods are in.
  await within(dialog).findByRole('combobox', { name: 'Payment method' });
  return dialog;
}

async function choose(user: UserEvent, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Picks each field's option, in order, then Add stages the row. */
async function stageRow(user: UserEvent, dialog: HTMLElement, picks: Record<string, string>) {
  for (const [label, option] of Object.entries(picks)) await choose(user, dialog, label, option);
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
}

/** The list, then the Add modal on it, with the POSTs it sends recorded. */
async function openModalOnList() {
  const posts = capturePosts();
  const view = renderApp('/account-mappings');
  await bodyRows();
  return { ...view, posts, dialog: await openModal(view.user) };
}

/** Stages one row a [GL account, financial account type] pair, in order. */
async function stageRows(
  user: UserEvent,
  dialog: HTMLElement,
  rows: ReadonlyArray<readonly [string, string]>,
) {
  for (const [account, type] of rows) {
    await stageRow(user, dialog, { 'Gl account': account, 'Financial account type': type });
  }
}

/**
 * Gives the first charge the server's numeric(24,6) form of 2.5 and answers its dropdown text, which
 * shows the amount as the console formats it.
 */
function firstChargeAt2_5() {
  const charge = db.charges[0];
  if (!charge) throw new Error('the seed has no charge');
  db.charges = db.charges.map((c) => (c.id === charge.id ? { ...c, amount: '2.500000' } : c));
  // A flat fee: its amount with two places, then the currency's code.
  return `${charge.name} (2.50, ${charge.currency.name_code})`;
}

/** The body of a staged Income From Charge mapping to Gateway Fee Income. */
function incomeFromCharge(methodId: string | undefined, chargeId: string | undefined) {
  return {
    financial_account_type: 'INCOME_FROM_CHARGE',
    gl_account_id: glAccountId(5),
    payment_method_id: methodId,
    charge_id: chargeId,
  };
}

/** Submits the staged mappings: the spec's toast shows; resolves to the POST bodies sent. */
async function submitMappings(user: UserEvent, dialog: HTMLElement, posts: ReturnType<typeof capturePosts>) {
  await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Account mapping added successfully')).toBeInTheDocument();
  return posts.bodies();
}

describe('/account-mappings', () => {
  it('lists the mappings with the spec columns, dashes where a value is absent', async () => {
    db.accountMappings = db.accountMappings.map((m) =>
      m.charge ? { ...m, charge: { ...m.charge, amount: '2.500000' } } : m,
    );
    // The demo's nineteen mappings, on one page.
    const { rows, columns } = await renderList('/account-mappings?limit=20', {
      heading: 'Account Mapping',
      table: 'Account Mappings',
    });
    expect(rows).toHaveLength(db.accountMappings.length);
    expect(columns).toEqual([
      'No.',
      'Financial account type',
      'Payment method',
      'Charge amount',
      'GL account name',
      'Currency',
    ]);
    const all = rows.map(cellsOf);
    expect(all).toContainEqual([
      expect.any(String),
      'Transfer Suspense',
      '---',
      '---',
      'Transfers in Suspense',
      '---',
    ]);
    // A charge by its name and kind: a percentage with its % suffix.
    expect(all).toContainEqual([
      expect.any(String),
      'Income From Charge',
      '---',
      'Card processing fee (2.5%)',
      'Gateway Fee Income',
      'Ethiopian Birr',
    ]);
    // Two ranged charges (their own amounts are both 0) are told apart by name, kind and currency.
    expect(all).toContainEqual([
      expect.any(String),
      'Income From Charge',
      '---',
      'Bank transfer fee (Ranged, Flat)',
      'Gateway Fee Income',
      'Ethiopian Birr',
    ]);
    expect(all).toContainEqual([
      expect.any(String),
      'Income From Charge',
      '---',
      'USD transfer fee (Ranged, Percentage)',
      'Gateway Fee Income',
      'US Dollar',
    ]);
    expect(all).toContainEqual([
      expect.any(String),
      'Receive Control',
      db.paymentMethods[0]?.name,
      '---',
      'Gateway Receivables Control',
      '---',
    ]);
  });

  it('marks a superseded mapping, and only that one', async () => {
    const [first] = db.accountMappings;
    if (!first) throw new Error('the seed has no mapping');
    db.accountMappings = db.accountMappings.map((m) => (m.id === first.id ? { ...m, in_force: false } : m));
    renderApp('/account-mappings?limit=20', { user: 'admin' });
    const rows = await bodyRows();
    const marked = rows.filter((row) => within(row).queryByText('Superseded'));
    expect(marked).toHaveLength(1);
    expect(
      within(marked[0] as HTMLElement).getByTitle(
        'A newer mapping with the same type, payment method and charge is in force',
      ),
    ).toHaveTextContent('Superseded');
    expect(cellsOf(marked[0])[4]).toBe(first.gl_account.name);
  });

  it('shows the empty state, and Add only with create-account-mapping', async () => {
    db.accountMappings = [];
    const first = renderApp('/account-mappings', { user: 'support' });
    expect(await screen.findByText('There are no Account Mappings')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Account Mapping' })).not.toBeInTheDocument();
    first.unmount();
    renderApp('/account-mappings', { user: 'finance' });
    expect(await screen.findByRole('button', { name: 'Add Account Mapping' })).toBeInTheDocument();
  });

  it('opens the 850px modal, loading the dropdowns with page 1 and limit 100; empty list text; Submit does nothing', async () => {
    const methods = captureRequests('/payment-methods');
    const glAccounts = captureRequests('/gl-accounts');
    const charges = captureRequests('/charges');
    const { user, posts, dialog } = await openModalOnList();
    const root = dialog.closest<HTMLElement>('[style*="--modal-size"]');
    // 850px, which Mantine writes in rem.
    expect(root?.style.getPropertyValue('--modal-size')).toContain('53.125rem');
    for (const requests of [methods, glAccounts, charges]) {
      await waitFor(() => expect(requests.at(-1)?.searchParams.get('limit')).toBe('100'));
      expect(requests.at(-1)?.searchParams.get('page')).toBe('1');
    }
    expect(within(dialog).getByText('No data added Yet, Add one')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    // Give a request, had one been started, the time to reach the mock.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(posts.count()).toBe(0);
    expect(screen.getByRole('dialog', { name: 'Add Account Mapping' })).toBeInTheDocument();
  });

  it('asks for the GL account and the financial account type before staging a row', async () => {
    const { user } = renderApp('/account-mappings');
    const dialog = await openModal(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Gl account must be selected')).toBeInTheDocument();
    expect(within(dialog).getByText('Financial account type must be selected')).toBeInTheDocument();
    expect(within(dialog).getByText('No data added Yet, Add one')).toBeInTheDocument();
    await choose(user, dialog, 'Gl account', 'Gateway Receivables Control');
    await waitFor(() =>
      expect(within(dialog).queryByText('Gl account must be selected')).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByText('Financial account type must be selected')).toBeInTheDocument();
  });

  it('the charge dropdown names each charge with its kind and currency, so ranged charges differ', async () => {
    const { user, dialog } = await openModalOnList();
    await user.click(within(dialog).getByRole('combobox', { name: 'Charge' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(
      expect.arrayContaining([
        'Wallet transaction fee (5.00, ETB)',
        'Card processing fee (2.5%, ETB)',
        'Bank transfer fee (Ranged, Flat, ETB)',
        'USD transfer fee (Ranged, Percentage, USD)',
      ]),
    );
  });

  it('stages rows (dropping payment method and charge unless both are chosen), removes one, and submits the list', async () => {
    const posts = capturePosts();
    const { user } = renderApp('/account-mappings');
    await bodyRows();
    const chargeOption = firstChargeAt2_5();
    const dialog = await openModal(user);
    const method = db.paymentMethods[0];
    const charge = db.charges[0];

    // Both chosen: kept.
    await stageRow(user, dialog, {
      'Payment method': method?.name ?? '',
      'Gl account': 'Gateway Fee Income',
      Charge: chargeOption,
      'Financial account type': 'Income From Charge',
    });
    expect(cellsOf((await bodyRows('Mappings to add'))[0])).toEqual([
      '1',
      'Income From Charge',
      'Gateway Fee Income',
      method?.name,
      chargeOption,
      '',
    ]);

    // Only a payment method: the hint says so, and the row keeps only type and GL account.
    await choose(user, dialog, 'Payment method', method?.name ?? '');
    expect(within(dialog).getByRole('note')).toHaveTextContent('kept only together');
    await stageRow(user, dialog, {
      'Gl account': 'Settlement Bank Accounts',
      'Financial account type': 'Receive Reference',
    });
    await waitFor(async () => expect(await bodyRows('Mappings to add')).toHaveLength(2));
    expect(cellsOf((await bodyRows('Mappings to add'))[1])).toEqual([
      '2',
      'Receive Reference',
      'Settlement Bank Accounts',
      '---',
      '---',
      '',
    ]);

    // A third row, removed again before sending.
    await stageRow(user, dialog, {
      'Gl account': 'Bank Charges Expense',
      'Financial account type': 'Receive Control',
    });
    await waitFor(async () => expect(await bodyRows('Mappings to add')).toHaveLength(3));
    await user.click(within(dialog).getByRole('button', { name: 'Remove mapping 3' }));
    await waitFor(async () => expect(await bodyRows('Mappings to add')).toHaveLength(2));

    expect(await submitMappings(user, dialog, posts)).toEqual([
      [
        incomeFromCharge(method?.id, charge?.id),
        { financial_account_type: 'RECEIVE_REFERENCE', gl_account_id: glAccountId(0) },
      ],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list refreshes without a reload: the two new mappings are on it.
    await waitFor(async () =>
      expect((await bodyRows()).map(cellsOf)).toContainEqual([
        expect.any(String),
        'Receive Reference',
        '---',
        '---',
        'Settlement Bank Accounts',
        '---',
      ]),
    );
    // Some twenty dropdown picks: more than the default budget on a busy machine.
  }, 40_000);

  it('refuses to stage a row that repeats a staged row’s type, payment method and charge', async () => {
    const { user, posts, dialog } = await openModalOnList();
    await stageRows(user, dialog, [
      ['Gateway Receivables Control', 'Receive Reference'],
      // Another GL account, the same key: the server would refuse the list.
      ['Bank Charges Expense', 'Receive Reference'],
    ]);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Row 1 already maps this financial account type with the same payment method and charge',
    );
    expect(await bodyRows('Mappings to add')).toHaveLength(1);
    // What was typed stays, so one change makes it another key.
    await choose(user, dialog, 'Financial account type', 'Receive Control');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(async () => expect(await bodyRows('Mappings to add')).toHaveLength(2));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(posts.count()).toBe(0);
  });

  it('asks before a close would drop staged rows: Keep editing keeps them, Discard sends nothing', async () => {
    const posts = capturePosts();
    const { user } = renderApp('/account-mappings');
    await bodyRows();
    const closed = () =>
      waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Add Account Mapping' })).not.toBeInTheDocument(),
      );
    // Nothing staged: Cancel closes at once.
    let dialog = await openModal(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await closed();

    dialog = await openModal(user);
    await stageRow(user, dialog, {
      'Gl account': 'Gateway Receivables Control',
      'Financial account type': 'Receive Reference',
    });
    await waitFor(async () => expect(await bodyRows('Mappings to add')).toHaveLength(1));
    await user.keyboard('{Escape}');
    const question = await within(dialog).findByRole('alertdialog', {
      name: 'Close without adding the 1 staged mapping?',
    });
    const keep = within(question).getByRole('button', { name: 'Keep editing' });
    expect(keep).toHaveFocus();
    await user.click(keep);
    expect(within(dialog).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await bodyRows('Mappings to add')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await within(dialog).findByRole('alertdialog')).getByRole('button', { name: 'Discard' }),
    );
    await closed();
    expect(posts.count()).toBe(0);
    // Opened again, the list starts empty and closes without asking.
    dialog = await openModal(user);
    expect(within(dialog).getByText('No data added Yet, Add one')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await closed();
  });

  it('keeps the staged list when the server refuses one item, marking that row', async () => {
    const { user, posts, dialog } = await openModalOnList();
    // Two keys: one list may not map a key twice (the server would refuse the repeat instead).
    await stageRows(user, dialog, [
      ['Gateway Receivables Control', 'Receive Reference'],
      ['Bank Charges Expense', 'Receive Control'],
    ]);
    await waitFor(async () => expect(await bodyRows('Mappings to add')).toHaveLength(2));
    // Someone deactivates the second row's account meanwhile.
    db.glAccounts = db.glAccounts.map((a) =>
      a.name === 'Bank Charges Expense' ? { ...a, status: 'INACTIVE' } : a,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('[1].gl_account_id: Gl account is inactive')).toBeInTheDocument();
    expect(posts.count()).toBe(1);
    expect(screen.getByRole('dialog', { name: 'Add Account Mapping' })).toBeInTheDocument();
    const rows = await bodyRows('Mappings to add');
    expect(rows).toHaveLength(2);
    expect(rows[0]).not.toHaveAttribute('data-refused');
    expect(rows[1]).toHaveAttribute('data-refused');
    expect(within(rows[1] as HTMLElement).getByText('Refused by the server')).toBeInTheDocument();

    // Remove the refused row and send the rest.
    await user.click(within(dialog).getByRole('button', { name: 'Remove mapping 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Account mapping added successfully')).toBeInTheDocument();
    expect((await posts.bodies())[1]).toEqual([
      { financial_account_type: 'RECEIVE_REFERENCE', gl_account_id: glAccountId(1) },
    ]);
  });

  it('toasts a failed dropdown load and offers Retry for the payment methods', async () => {
    server.use(
      http.get(`${API}/payment-methods`, () => failure(500, 'Internal server error'), { once: true }),
      http.get(`${API}/charges`, () => failure(403, 'You do not have permission to do this'), { once: true }),
    );
    const { user } = renderApp('/account-mappings');
    await bodyRows();
    await user.click(screen.getByRole('button', { name: 'Add Account Mapping' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Account Mapping' });
    expect(await screen.findByText('Server error. Try again later')).toBeInTheDocument();
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    expect(within(dialog).getByText('Failed to load resources')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Payment method' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('combobox', { name: 'Payment method' })).toBeInTheDocument();
  });

  it('lets finance (create-account-mapping, no view-payment-method or view-charge) fill the form and add a mapping', async () => {
    const posts = capturePosts();
    const { user } = renderApp('/account-mappings', { user: 'finance' });
    await bodyRows();
    const chargeOption = firstChargeAt2_5();
    const dialog = await openModal(user);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    const method = db.paymentMethods[0];
    await stageRow(user, dialog, {
      'Payment method': method?.name ?? '',
      'Gl account': 'Gateway Fee Income',
      Charge: chargeOption,
      'Financial account type': 'Income From Charge',
    });
    await waitFor(async () => expect(await bodyRows('Mappings to add')).toHaveLength(1));
    expect(await submitMappings(user, dialog, posts)).toEqual([
      [incomeFromCharge(method?.id, db.charges[0]?.id)],
    ]);
  });

  it('shows the form only when payment methods exist', async () => {
    db.paymentMethods = [];
    const { user } = renderApp('/account-mappings');
    await bodyRows();
    await user.click(screen.getByRole('button', { name: 'Add Account Mapping' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Account Mapping' });
    expect(await within(dialog).findByText(/Add a payment method first/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Gl account' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('No data added Yet, Add one')).toBeInTheDocument();
  });
});
