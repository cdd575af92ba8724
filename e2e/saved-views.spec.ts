import { expect, test } from '@playwright/test';
import { bearerOf, rowsShown, signIn } from './support';

/** The header texts of a table. */
function headers(page: import('@playwright/test').Page, table: string) {
  return page.getByRole('table', { name: table }).getByRole('columnheader').allTextContents();
}

test('hides a column, saves the view, and after a reload finds both again', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/transactions?status=failed&sort=amount.desc');
  await rowsShown(page, 'Transactions');
  const name = `Failed by amount ${Date.now()}`;
  try {
    await page.getByRole('button', { name: 'Columns' }).click();
    const picker = page.getByRole('group', { name: 'Columns shown' });
    // The box follows the saved choice, which reaches it through the query cache's notification
    // (a setTimeout): `uncheck()` checks the box's state right after its click and, under load,
    // found it not yet changed. Click, then wait for it like any other asynchronous change.
    const customerName = picker.getByRole('checkbox', { name: 'Customer Name' });
    await customerName.click();
    await expect(customerName).not.toBeChecked();
    await expect(page.getByRole('columnheader', { name: 'Customer Name' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('View saved')).toBeVisible();

    // Another visit: the plain list, reloaded. The column choice comes from the server.
    await page.goto('/transactions');
    await page.reload();
    await rowsShown(page, 'Transactions');
    await expect.poll(() => headers(page, 'Transactions')).not.toContain('Customer Name');
    expect(await headers(page, 'Transactions')).toContain('Reference');

    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name }).click();
    await expect(page).toHaveURL(/status=failed/);
    await expect(page).toHaveURL(/sort=amount\.desc/);
    await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  } finally {
    // Other specs read the admin's Transactions columns: put them back.
    const headersWithToken = { headers: await bearerOf(page) };
    await page.request.delete('/api/v1/list-preferences?list=transactions', headersWithToken);
  }
});
