/**
 * Issue 22 in Chromium against `npm start`: finance refunds part of a payment from the transaction
 * drawer and sees the refunded amount, while an admin's console in another browser context shows
 * the new refund on Transactions without a reload (the live event stream); a chargeback opened
 * from the drawer is decided LOST on its page and the payment's balance falls by its amount.
 */
import { sub } from '@contract/decimal';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { bearerOf, signIn } from './support';

interface Payment {
  id: string;
  reference: { txn_ref: string };
  amount: string;
  transaction_method: { currency: { name_code: string; decimal_places: number } };
}

/** Successful payments, newest first, through the API with the page's token. */
async function payments(page: Page): Promise<Payment[]> {
  const response = await page.request.get('/api/v1/transactions?status=success&types=PAYMENT&limit=20', {
    headers: await bearerOf(page),
  });
  return ((await response.json()) as { data: { contents: Payment[] } }).data.contents;
}

async function signedIn(browser: Browser, who: 'admin' | 'finance') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who);
  return { context, page };
}

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Transaction details' });
const valueIn = (page: Page, label: string) =>
  drawer(page)
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test('a partial refund from the drawer shows its amount, and reaches another console without a reload', async ({
  browser,
}) => {
  const finance = await signedIn(browser, 'finance');
  const admin = await signedIn(browser, 'admin');
  try {
    // The admin watches Transactions; the stream is open once the list has loaded.
    await admin.page.goto('/transactions');
    await expect(
      admin.page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1),
    ).toBeVisible();

    const [payment] = await payments(finance.page);
    if (!payment) throw new Error('the seed has no successful payment');
    const { name_code: code } = payment.transaction_method.currency;
    await finance.page.goto(`/transactions?tx=${payment.id}`);
    await expect(drawer(finance.page).getByText('Refunds and chargebacks')).toBeVisible();
    await drawer(finance.page).getByRole('button', { name: 'Refund', exact: true }).click();
    const form = drawer(finance.page).getByRole('region', { name: 'Refund this payment' });
    await form.getByRole('textbox', { name: 'Amount' }).fill('1.50');
    await form.getByRole('textbox', { name: 'Reason' }).fill('Customer returned one item');
    await form.getByRole('button', { name: 'Refund' }).click();
    await expect(finance.page.getByText('Refund made')).toBeVisible();
    await expect(valueIn(finance.page, 'Refunded')).toHaveText(new RegExp(`^1\\.50* ${code}$`));
    await expect(valueIn(finance.page, 'Refunds')).toContainText('Customer returned one item');

    // The refund is a transaction of its own, newest of all: the admin's list shows it unprompted.
    const refundRef = new RegExp(`^${payment.reference.txn_ref}-R\\d+$`);
    await expect(admin.page.getByRole('table', { name: 'Transactions' }).getByText(refundRef)).toBeVisible({
      timeout: 15_000,
    });
  } finally {
    await finance.context.close();
    await admin.context.close();
  }
});

test('a chargeback opened from the drawer is decided LOST and the payment balance falls by its amount', async ({
  page,
}) => {
  await signIn(page, 'finance');
  const all = await payments(page);
  // Not the payment the other test refunds.
  const payment = all[1];
  if (!payment) throw new Error('the seed has too few successful payments');
  const { name_code: code } = payment.transaction_method.currency;
  await page.goto(`/transactions?tx=${payment.id}`);
  await drawer(page).getByRole('button', { name: 'Open chargeback' }).click();
  const form = drawer(page).getByRole('region', { name: 'Open a chargeback' });
  await form.getByRole('textbox', { name: 'Amount' }).fill('2');
  await form.getByRole('textbox', { name: 'Reason' }).fill('Cardholder does not recognise it');
  await form.getByLabel('Response due').fill('2026-12-31');
  await form.getByRole('button', { name: 'Open chargeback' }).click();
  await expect(page.getByText('Chargeback opened')).toBeVisible();
  await expect(valueIn(page, 'Held by open chargebacks')).toHaveText(new RegExp(`^2\\.0* ${code}$`));

  await page.goto('/disputes?status=open');
  await page
    .getByRole('table', { name: 'Chargebacks' })
    .getByRole('row')
    .filter({ hasText: payment.reference.txn_ref })
    .first()
    .click();
  await expect(
    page.getByRole('heading', { name: `Chargeback on ${payment.reference.txn_ref}` }),
  ).toBeVisible();
  const value = (label: string) =>
    page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  const before = (await value('Payment balance').textContent()) ?? '';

  await page.getByRole('button', { name: 'Decide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decide the chargeback' });
  await dialog.getByRole('radio', { name: 'Lost' }).check();
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('The bank ruled for the cardholder');
  await dialog.getByRole('button', { name: 'Record decision' }).click();
  await expect(page.getByText('Chargeback decided')).toBeVisible();
  await expect(value('Status')).toHaveText('Lost');
  await expect(value('Decided by')).toHaveText('Dawit Haile');

  // The balance shown fell by exactly the chargeback's 2 (exact decimals, as shown: "1,234.50 ETB").
  const amountOf = (text: string) => text.replace(/[^\d.]/g, '');
  await expect(value('Payment balance')).not.toHaveText(before);
  const after = (await value('Payment balance').textContent()) ?? '';
  expect(sub(amountOf(before), amountOf(after))).toBe('2');
});
