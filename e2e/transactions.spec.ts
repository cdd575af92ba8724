import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeViolations, DEMO, signIn } from './support';

interface TransactionRow {
  id: string;
  transaction_date: string;
  reference: { txn_ref: string };
  status: string;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/auth/login', {
    form: { username: DEMO.admin.email, password: DEMO.admin.password },
  });
  return (await login.json()).data.access_token as string;
}

/** Every row of `GET /transactions` for a query, all pages, as the server orders them. */
async function listAll(request: APIRequestContext, token: string, query: string): Promise<TransactionRow[]> {
  const rows: TransactionRow[] = [];
  for (let page = 1; ; page++) {
    const response = await request.get(`/api/v1/transactions?${query}&limit=100&page=${page}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const data = (await response.json()).data as { contents: TransactionRow[]; total_pages: number };
    rows.push(...data.contents);
    if (page >= data.total_pages) return rows;
  }
}

/**
 * The reference of a successful payment that nothing has refunded or disputed: other specs refund
 * and dispute payments, and their journals carry the payment's reference too.
 */
async function untouchedPayment(request: APIRequestContext, token: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const page = await request.get('/api/v1/transactions?status=success&types=payment&limit=20', { headers });
  for (const row of ((await page.json()).data as { contents: TransactionRow[] }).contents) {
    const money = await request.get(`/api/v1/transactions/${row.id}/refunds`, { headers });
    const held = (await money.json()).data as {
      refunds: unknown[];
      disputed_amount: string;
      charged_back_amount: string;
    };
    if (
      held.refunds.length === 0 &&
      Number(held.disputed_amount) === 0 &&
      Number(held.charged_back_amount) === 0
    )
      return row.reference.txn_ref;
  }
  throw new Error('no successful payment is untouched by refunds and chargebacks');
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function bodyRows(page: Page) {
  return page.getByRole('table', { name: 'Transactions' }).locator('tbody tr');
}

/** RFC 4180 lines: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  return records;
}

test('status, search and date range land in the URL, the list follows, and a reload keeps them', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const [pending] = await listAll(request, token, 'status=pending');
  if (!pending) throw new Error('the seed has no pending transaction');
  const day = pending.transaction_date.slice(0, 10);

  await signIn(page, 'admin');
  await page.goto('/transactions');
  await expect(bodyRows(page)).toHaveCount(10);

  await page.getByRole('radio', { name: 'Pending' }).check();
  await expect(page).toHaveURL(/[?&]status=pending/);
  await expect(bodyRows(page).first()).toContainText('Pending');
  for (const row of await bodyRows(page).all()) await expect(row).toContainText('Pending');

  const search = page.getByRole('searchbox', { name: 'Search transaction by reference or customer name' });
  await search.fill(pending.reference.txn_ref);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]search=${pending.reference.txn_ref}`));
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(pending.reference.txn_ref);

  const range = page.getByRole('combobox', { name: 'Date range' });
  await range.fill(`${day} ~ ${nextDay(day)}`);
  await range.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]from=${day}`));
  await expect(page).toHaveURL(new RegExp(`[?&]to=${nextDay(day)}`));
  await expect(bodyRows(page)).toHaveCount(1);

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Pending' })).toBeChecked();
  await expect(search).toHaveValue(pending.reference.txn_ref);
  await expect(range).toHaveValue(`${day} ~ ${nextDay(day)}`);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(pending.reference.txn_ref);

  // A day range that leaves the transaction out empties the list.
  await range.fill(`${nextDay(day)} ~ ${nextDay(nextDay(day))}`);
  await range.press('Enter');
  await expect(page.getByText('No results found')).toBeVisible();
});

test('the drawer opens from a row, stays open on reload, and closes', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/transactions');
  const first = bodyRows(page).first();
  const reference = (await first.locator('td').nth(1).innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/[?&]tx=[0-9a-f-]{36}/);
  const drawer = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(reference, { exact: true })).toBeVisible();

  expect(await axeViolations(page)).toEqual([]);

  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Transaction details' })).toBeVisible();
  await expect(drawer.getByText(reference, { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/tx=/);
});

test("a successful payment's drawer leads to its balanced journal entries, and a posting leads back", async ({
  page,
  request,
}) => {
  const untouched = await untouchedPayment(request, await adminToken(request));
  await signIn(page, 'admin');
  await page.goto(`/transactions?search=${untouched}`);
  const first = bodyRows(page).first();
  await expect(first).toContainText(untouched);
  const reference = (await first.locator('td').nth(1).innerText()).trim();
  const amount = (await first.locator('td').nth(3).innerText()).trim();
  await first.click();
  const drawer = page.getByRole('dialog', { name: 'Transaction details' });
  await drawer.getByRole('link', { name: 'View journal entries' }).click();

  await expect(page).toHaveURL(new RegExp(`/journal_entry\\?search=${reference}$`));
  const table = page.getByRole('table', { name: 'Journal Entries' });
  const rows = table.locator('tbody tr');
  // The collection: the gateway's receivable debited the whole amount, the merchant's payable and
  // (when there is one) the fee credited.
  await expect(rows.first()).toContainText(reference);
  const count = await rows.count();
  expect(count).toBeGreaterThanOrEqual(2);
  for (const row of await rows.all()) await expect(row).toContainText(reference);
  const totals = page.getByRole('group', { name: 'Totals of the current filter' });
  await expect(totals.getByText('Balanced')).toBeVisible();
  await expect(totals.getByTestId('total-debit')).toHaveText(amount);
  await expect(totals.getByTestId('total-credit')).toHaveText(amount);

  await rows.first().getByRole('link', { name: reference }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions\\?search=${reference}$`));
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(reference);
});

test('Export CSV downloads every row the filter selects, all pages', async ({ page, request }) => {
  const token = await adminToken(request);
  const all = await listAll(request, token, 'status=success');
  const newest = all[0];
  if (!newest) throw new Error('the seed has no successful transaction');
  // A month of successful transactions: more than one page of the screen.
  const to = newest.transaction_date.slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
  const expected = await listAll(request, token, `status=success&from=${from}&to=${to}`);
  expect(expected.length).toBeGreaterThan(10);

  await signIn(page, 'admin');
  await page.goto(`/transactions?status=success&from=${from}&to=${to}`);
  await expect(bodyRows(page)).toHaveCount(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`transactions-${from}-to-${to}.csv`);
  const path = await file.path();
  const [header, ...rows] = parseCsv(await readFile(path, 'utf8'));
  expect(header?.[0]).toBe('Transaction ID');
  const status = header?.indexOf('Status') ?? -1;
  expect(rows.map((r) => r[0])).toEqual(expected.map((t) => t.id));
  for (const row of rows) expect(row[status]).toBe('SUCCESS');
});

test('?reference= finds one transaction by its exact reference, even beside a search', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const [target] = await listAll(request, token, 'status=success');
  if (!target) throw new Error('the seed has no successful transaction');
  await signIn(page, 'admin');
  // The server refuses search_term and reference together; the console sends the reference alone.
  await page.goto(`/transactions?search=zzz-no-match&reference=${target.reference.txn_ref}`);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(target.reference.txn_ref);
});

test('the date picker: pick a range on the calendar and see from/to in the URL', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/transactions');
  await expect(bodyRows(page).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Date range' }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose dates' });
  await expect(calendar).toBeVisible();
  // WCAG 2.1 A and AA with the list, the filters and the open calendar on screen.
  expect(await axeViolations(page)).toEqual([]);

  // Go to the year level, choose a month there (applied after spec §4's 250 ms), then two days.
  const month = new Date();
  const monthName = month.toLocaleString('en-US', { month: 'long' });
  const year = month.getFullYear();
  await calendar.getByRole('button', { name: `${monthName} ${year}`, exact: true }).click();
  // Two columns show two years of months; the first is the displayed year.
  await calendar.getByRole('button', { name: 'Jan', exact: true }).first().click();
  await expect(calendar.getByRole('button', { name: `January ${year}`, exact: true })).toBeVisible();
  const apply = calendar.getByRole('button', { name: 'Apply', exact: true });
  await calendar.getByRole('button', { name: `10 January ${year}`, exact: true }).click();
  await expect(apply).toBeDisabled();
  await calendar.getByRole('button', { name: `3 January ${year}`, exact: true }).click();
  // Spec §2: this screen's picker has a footer, so the range waits for Apply.
  await expect(apply).toBeEnabled();
  await expect(page).not.toHaveURL(/from=/);
  await apply.click();
  // The earlier day becomes the start.
  await expect(page).toHaveURL(new RegExp(`from=${year}-01-03`));
  await expect(page).toHaveURL(new RegExp(`to=${year}-01-10`));
  await expect(page.getByRole('combobox', { name: 'Date range' })).toHaveValue(
    `${year}-01-03 ~ ${year}-01-10`,
  );
  await expect(calendar).toBeHidden();

  // The toggle clears input and value.
  await page.getByRole('button', { name: 'Clear dates' }).click();
  await expect(page).not.toHaveURL(/from=/);
});
