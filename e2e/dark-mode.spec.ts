import { expect, type Page, test } from '@playwright/test';
import { axeViolations, rowsShown, signIn } from './support';

async function chooseTheme(page: Page, name: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('radiogroup', { name: 'Theme' }).getByText(name, { exact: true }).click();
  await page.keyboard.press('Escape');
}

test('dark mode: chosen from the user menu, kept after a reload, and every screen passes an axe scan in it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, 'admin');
  await chooseTheme(page, 'Dark');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

  const scan = async (where: string) => expect(await axeViolations(page), where).toEqual([]);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await scan('dashboard');

  await page.goto('/merchants');
  await rowsShown(page, 'Merchants');
  await scan('merchants');
  await page.getByRole('table', { name: 'Merchants' }).getByRole('row').nth(1).locator('td').nth(2).click();
  await expect(page).toHaveURL(/\/merchant-details\//);
  await scan('merchant details');

  await page.goto('/transactions');
  await rowsShown(page, 'Transactions');
  await scan('transactions');
  await page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1).click();
  await expect(page.getByRole('dialog', { name: 'Transaction details' })).toBeVisible();
  await scan('transaction details');

  await page.goto('/payouts');
  await expect(page.getByRole('button', { name: 'Approve' }).first()).toBeVisible();
  await scan('payouts');

  await page.goto('/payment-methods');
  await rowsShown(page, 'Payment Methods');
  await scan('payment methods');
  await page.getByRole('button', { name: 'Detail of Mastercard' }).click();
  await expect(page.getByRole('heading', { name: 'Mastercard' })).toBeVisible();
  await scan('payment method detail');

  await page.goto('/gateway-accounts');
  await rowsShown(page, 'Gateway Accounts');
  await scan('gateway accounts');

  await page.goto('/currency');
  await rowsShown(page, 'Currencies');
  await scan('currency');
  await page.getByRole('link', { name: 'Detail of ETB' }).click();
  await rowsShown(page, 'Charges');
  await scan('currency detail');

  await page.goto('/gl-accounts');
  await rowsShown(page, 'GL Accounts');
  await scan('gl accounts');

  await page.goto('/account-mappings');
  await expect(page.getByRole('heading', { name: 'Account Mapping' })).toBeVisible();
  await scan('account mappings');

  await page.goto('/journal_entry');
  await expect(page.getByText('Balanced').first()).toBeVisible();
  await scan('journal entries');

  await chooseTheme(page, 'Light');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});
