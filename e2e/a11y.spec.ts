import { expect, test } from '@playwright/test';
import { axeViolations, rowsShown, signIn } from './support';

test('sign-in has no accessibility violations', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('merchants list has no accessibility violations', async ({ page }) => {
  await signIn(page, 'admin', '/signin?redirect=%2Fmerchants');
  await expect(page.getByText(/^Showing 1 to 10 of \d+ results$/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the 403 and not-found pages have no accessibility violations', async ({ page }) => {
  await signIn(page, 'finance');
  await page.goto('/merchants');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('transactions, payouts, merchant details and the ledger screens, with their dialogs, pass an axe scan', async ({
  page,
}) => {
  // Ten screens and dialogs, each scanned whole: past the default minute on a 2-core machine while the
  // unit suite runs beside it.
  test.slow();
  await signIn(page, 'admin');
  const scan = async (where: string) => expect(await axeViolations(page), where).toEqual([]);

  await page.goto('/transactions');
  await rowsShown(page, 'Transactions');
  await scan('transactions');
  await page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1).click();
  await expect(page.getByRole('dialog', { name: 'Transaction details' })).toBeVisible();
  await scan('transaction details');

  await page.goto('/payouts');
  await expect(page.getByRole('button', { name: 'Approve' }).first()).toBeVisible();
  await scan('payouts');
  await page.getByRole('button', { name: 'Reject' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan('reject confirmation');
  await page.keyboard.press('Escape');

  // An inactive merchant: its details offer the filled Activate button.
  await page.goto('/merchants?filter=inactive');
  await rowsShown(page, 'Merchants');
  // The business name: the row's centre is the website link, which opens a new tab.
  await page.getByRole('table', { name: 'Merchants' }).getByRole('row').nth(1).locator('td').nth(2).click();
  await expect(page).toHaveURL(/\/merchant-details\//);
  await expect(page.getByRole('button', { name: 'Activate' })).toBeVisible();
  await scan('merchant details');

  await page.goto('/gl-accounts');
  await rowsShown(page, 'GL Accounts');
  await scan('gl accounts');
  await page.getByRole('button', { name: 'Add Gl Account' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Gl Account' })).toBeVisible();
  await scan('gl account form');
  await page.keyboard.press('Escape');

  await page.goto('/account-mappings');
  await rowsShown(page, 'Account Mapping');
  await scan('account mappings');
  await page.getByRole('button', { name: 'Add Account Mapping' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan('account mapping form');
  await page.keyboard.press('Escape');

  await page.goto('/journal_entry');
  await expect(page.getByText('Balanced').first()).toBeVisible();
  await scan('journal entry');
});
