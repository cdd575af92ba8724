import { DEMO_ACCOUNTS } from '@contract/demo/users';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './support';

/** An admin token for reading what the seed made, as the console would see it. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/auth/login', {
    form: { username: DEMO.admin.email, password: DEMO.admin.password },
  });
  return (await login.json()).data.access_token as string;
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/api/v1/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()).data as T;
}

/** Picks an option of a Mantine Select by the field's label and the option's text. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('adds a GL account and updates it', async ({ page }) => {
  const name = `E2E Petty Cash ${Date.now()}`;
  await signIn(page, 'finance');
  await page.goto('/gl-accounts');
  await expect(page.getByRole('heading', { name: 'GL Accounts' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Gl Account' }).click();
  const add = page.getByRole('dialog', { name: 'Add Gl Account' });
  // The spec §5 messages first.
  await add.getByRole('button', { name: 'Submit' }).click();
  await expect(add.getByText('Name is required')).toBeVisible();
  await expect(add.getByText('You must select manual journal')).toBeVisible();
  await add.getByRole('textbox', { name: 'Name' }).fill(name);
  await choose(page, add, 'Type', 'Asset');
  await add.getByRole('radio', { name: 'Allowed', exact: true }).check();
  await add.getByRole('textbox', { name: 'Description' }).fill('Cash box at the head office');
  await add.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Gl account added successfully')).toBeVisible();
  await expect(add).toBeHidden();

  // The list refreshed without a reload: the new account is first (newest first).
  const table = page.getByRole('table', { name: 'GL Accounts' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Cash box at the head office');
  await expect(row).toContainText('YES');
  await expect(row).toContainText('ACTIVE');

  await page.getByRole('searchbox', { name: 'Search GL accounts' }).fill(name);
  await page.getByRole('searchbox', { name: 'Search GL accounts' }).press('Enter');
  await expect(page).toHaveURL(/search=/);
  await expect(table.getByRole('row')).toHaveCount(2);

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const update = page.getByRole('dialog', { name: 'Update GL Account' });
  await expect(update.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await update.getByRole('textbox', { name: 'Description' }).fill('Cash box, counted every Friday');
  await update.getByRole('radio', { name: 'Not allowed' }).check();
  await update.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('GL account successfully updated')).toBeVisible();
  await expect(update).toBeHidden();
  await expect(row).toContainText('Cash box, counted every Friday');
  await expect(row).toContainText('NO');

  // Ours: the row's history, newest first, with who changed what.
  await row.getByRole('button', { name: `History of ${name}` }).click();
  const history = page.getByRole('dialog', { name: `History of ${name}` });
  const events = history.locator('ol > li');
  await expect(events).toHaveCount(2);
  const finance = DEMO_ACCOUNTS.finance.name;
  await expect(events.nth(0)).toContainText(`Edited by ${finance}`);
  await expect(events.nth(0)).toContainText(
    'Description: Cash box at the head office → changed to Cash box, counted every Friday',
  );
  await expect(events.nth(0)).toContainText('Manual journal entries: Yes → changed to No');
  await expect(events.nth(1)).toContainText(`Created by ${finance}`);
  await expect(events.nth(1)).toContainText('Type: Asset');
});

interface Named {
  id: string;
  name: string;
}
interface ChargeRow extends Named {
  amount: string;
  is_range: boolean;
  charge_calculation_method: 'FLAT' | 'PERCENT';
  currency: { name_code: string };
}

test('stages two account mappings, one with only type and GL account, and submits them', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const method = (await apiGet<{ contents: Named[] }>(request, token, 'payment-methods?page=1&limit=100'))
    .contents[0];
  // A flat charge that is not ranged: the dropdown shows its amount as its kind.
  const charge = (
    await apiGet<{ contents: ChargeRow[] }>(request, token, 'charges?page=1&limit=100')
  ).contents.find((c) => !c.is_range && c.charge_calculation_method === 'FLAT');
  if (!method || !charge) throw new Error('the seed has no payment method or no flat charge');
  // As the console shows a numeric(24,6) amount: trailing zeros dropped down to two places.
  const [whole, fraction = ''] = charge.amount.split('.');
  const chargeAmount = `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
  const chargeOption = `${charge.name} (${chargeAmount}, ${charge.currency.name_code})`;

  await signIn(page, 'admin');
  await page.goto('/account-mappings');
  await expect(page.getByRole('heading', { name: 'Account Mapping' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Account Mappings' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('button', { name: 'Add Account Mapping' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Account Mapping' });
  await expect(modal.getByText('No data added Yet, Add one')).toBeVisible();

  await choose(page, modal, 'Payment method', method.name);
  await choose(page, modal, 'Gl account', 'Gateway Fee Income');
  await choose(page, modal, 'Charge', chargeOption);
  await choose(page, modal, 'Financial account type', 'Income From Charge');
  await modal.getByRole('button', { name: 'Add', exact: true }).click();

  await choose(page, modal, 'Gl account', 'Customer Payment References');
  await choose(page, modal, 'Financial account type', 'Receive Reference');
  await modal.getByRole('button', { name: 'Add', exact: true }).click();

  const staged = modal.getByRole('table', { name: 'Mappings to add' });
  await expect(staged.getByRole('row')).toHaveCount(3);
  await expect(staged.getByRole('row').nth(1)).toContainText(method.name);
  await expect(staged.getByRole('row').nth(2)).toContainText('Customer Payment References');
  await expect(staged.getByRole('row').nth(2).getByRole('cell').nth(3)).toHaveText('---');

  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/account-mappings'),
  );
  await modal.getByRole('button', { name: 'Submit' }).click();
  const response = await answered;
  expect(response.status()).toBe(201);
  // What the server stored: the first row with its payment method and charge, the second without.
  expect((await response.json()).data).toEqual([
    expect.objectContaining({
      financial_account_type: 'INCOME_FROM_CHARGE',
      payment_method_id: method.id,
      charge_id: charge.id,
    }),
    expect.objectContaining({
      financial_account_type: 'RECEIVE_REFERENCE',
      payment_method_id: null,
      charge_id: null,
      gl_account: { name: 'Customer Payment References' },
    }),
  ]);
  await expect(page.getByText('Account mapping added successfully')).toBeVisible();
  await expect(modal).toBeHidden();

  // Newest first: the two new mappings lead the refreshed list.
  const rows = table.getByRole('row');
  const firstTwo = [await rows.nth(1).innerText(), await rows.nth(2).innerText()].join('\n');
  expect(firstTwo).toContain('Receive Reference');
  expect(firstTwo).toContain('Income From Charge');
  expect(firstTwo).toContain(method.name);
  expect(firstTwo).toContain(chargeAmount);
});

interface PayoutRow {
  id: string;
  amount: string;
  reference: { txn_ref: string };
  transaction_method: { currency: { name_code: string } };
}

test('approves a payout and finds its journal entries, debits equal to credits', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const pending = await apiGet<{ contents: PayoutRow[] }>(
    request,
    token,
    'transactions?status=pay-out&page=1&limit=1',
  );
  const payout = pending.contents[0];
  if (!payout) throw new Error('the seed has no pending payout');
  const ref = payout.reference.txn_ref;

  await signIn(page, 'finance');
  await page.goto(`/payouts?search=${encodeURIComponent(ref)}`);
  const payoutRow = page
    .getByRole('table', { name: 'Payouts requests' })
    .getByRole('row')
    .filter({ hasText: ref });
  await payoutRow.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: 'Approve payout' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Successfully Approved')).toBeVisible();

  await page.goto('/journal_entry');
  await expect(page.getByRole('heading', { name: 'Journal Entry' })).toBeVisible();
  const search = page.getByRole('searchbox');
  await search.fill(ref);
  await search.press('Enter');
  await expect(page).toHaveURL(/search=/);

  // The request's journal (payable to suspense) and the approval's (suspense to cash): four lines.
  const table = page.getByRole('table', { name: 'Journal Entries' });
  await expect(table.getByRole('row')).toHaveCount(5);
  for (const row of await table.getByRole('row').all()) {
    if ((await row.getByRole('cell').count()) > 0) await expect(row).toContainText(ref);
  }
  await expect(table).toContainText('Transfers in Suspense');
  await expect(table).toContainText('Gateway Receivables Control');
  await expect(table).toContainText('Merchant Payables');

  // One line, in the payout's currency: nothing of another currency is added in.
  const totals = page.getByRole('group', { name: 'Totals of the current filter' });
  const code = payout.transaction_method.currency.name_code;
  await expect(totals.getByRole('group')).toHaveCount(1);
  const line = totals.getByRole('group', { name: `Totals in ${code}` });
  const debit = await line.getByTestId('total-debit').innerText();
  const credit = await line.getByTestId('total-credit').innerText();
  expect(debit).toBe(credit);
  // Shown with thousands grouped, as every amount in the console.
  expect(Number(debit.replaceAll(',', ''))).toBeCloseTo(2 * Number(payout.amount), 6);
  await expect(line.getByText('Balanced')).toBeVisible();

  // Only the debits of it: half of the total, no balance verdict.
  // The segmented control's radio inputs are hidden behind their labels; click the label.
  await page.getByLabel('Entry type').getByText('Debit', { exact: true }).click();
  await expect(page).toHaveURL(/entry=debit/);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(totals.getByText('Balanced')).toBeHidden();

  // The payout's detail names who approved it: the signed-in finance user.
  await page.goto(`/transactions?tx=${payout.id}`);
  const drawer = page.getByRole('dialog', { name: 'Transaction details' });
  const approvedBy = drawer.locator('dt', { hasText: 'Approved by' }).locator('xpath=following-sibling::dd');
  await expect(approvedBy).toHaveText(new RegExp(`^${DEMO_ACCOUNTS.finance.name}, \\d{1,2}:\\d{2} [AP]M, `));
});
