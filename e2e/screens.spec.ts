import { expect, type Page, test } from '@playwright/test';
import { signIn, updateScreenshot } from './support';

/** A screen's table has at least one data row (the header row is row 0). */
async function expectRows(page: Page, table: string) {
  await expect(page.getByRole('table', { name: table }).getByRole('row').nth(1)).toBeVisible();
}

// The seeded screens as the admin opens them, one after another; with UPDATE_SCREENSHOTS=1 this
// run also refreshes the README's pictures.
test('the seeded screens open with data for the admin', async ({ page }) => {
  await signIn(page, 'admin');

  await page.goto('/transactions');
  await expectRows(page, 'Transactions');
  await updateScreenshot(page, 'transactions');
  await page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1).click();
  await expect(page.getByRole('dialog', { name: 'Transaction details' })).toBeVisible();
  await updateScreenshot(page, 'transaction-details');

  await page.goto('/payouts');
  await expect(page.getByRole('heading', { name: 'Payouts requests' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' }).first()).toBeVisible();
  await updateScreenshot(page, 'payouts');

  await page.goto('/currency');
  await page.getByRole('link', { name: 'Detail of ETB' }).click();
  await expectRows(page, 'Charges');
  await updateScreenshot(page, 'currency-detail');

  await page.goto('/payment-methods');
  await expectRows(page, 'Payment Methods');
  await updateScreenshot(page, 'payment-methods');

  await page.goto('/gl-accounts');
  await expectRows(page, 'GL Accounts');
  await updateScreenshot(page, 'gl-accounts');

  await page.goto('/journal_entry');
  await expect(page.getByRole('heading', { name: 'Journal Entry' })).toBeVisible();
  await expect(page.getByText('Balanced').first()).toBeVisible();
  await updateScreenshot(page, 'journal-entries');
});
