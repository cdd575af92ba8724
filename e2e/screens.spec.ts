import { expect, test } from '@playwright/test';
import { rowsShown, signIn, updateScreenshot } from './support';

// The seeded screens as the admin opens them, one after another; with UPDATE_SCREENSHOTS=1 this
// run also refreshes the README's pictures.
test('the seeded screens open with data for the admin', async ({ page }) => {
  await signIn(page, 'admin');

  await page.goto('/transactions');
  await rowsShown(page, 'Transactions');
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
  await rowsShown(page, 'Charges');
  await updateScreenshot(page, 'currency-detail');

  await page.goto('/payment-methods');
  await rowsShown(page, 'Payment Methods');
  await updateScreenshot(page, 'payment-methods');

  // A method's History tab (ours): activate Mastercard and deactivate it again, as it was.
  await page.getByRole('button', { name: 'Detail of Mastercard' }).click();
  await expect(page.getByRole('heading', { name: 'Mastercard' })).toBeVisible();
  for (const [action, title] of [
    ['Activate', 'Activate payment method'],
    ['Deactivate', 'Deactivate payment method'],
  ] as const) {
    await page.getByRole('button', { name: action, exact: true }).click();
    await page.getByRole('dialog', { name: title }).getByRole('button', { name: action }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeHidden();
  }
  await page.getByRole('tab', { name: 'History' }).click();
  const events = page.getByRole('region', { name: 'History' }).locator('ol > li');
  await expect(events.nth(0)).toContainText('Deactivated by');
  await expect(events.nth(1)).toContainText('Activated by');
  // The two toasts close by themselves (3 s); the picture is of the history, not of them.
  await expect(page.getByText('Successfully Deactivated')).toBeHidden({ timeout: 10_000 });
  await updateScreenshot(page, 'payment-method-history');

  await page.goto('/gl-accounts');
  await rowsShown(page, 'GL Accounts');
  await updateScreenshot(page, 'gl-accounts');

  await page.goto('/journal_entry');
  await expect(page.getByRole('heading', { name: 'Journal Entry' })).toBeVisible();
  await expect(page.getByText('Balanced').first()).toBeVisible();
  await updateScreenshot(page, 'journal-entries');
});
