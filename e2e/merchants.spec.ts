import { expect, test } from '@playwright/test';
import { signIn, updateScreenshot } from './support';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin', '/signin?redirect=%2Fmerchants');
  await expect(page).toHaveURL(/\/merchants/);
});

test('browses, filters, searches and pages through merchants', async ({ page }) => {
  await expect(page.getByRole('heading', { name: 'Merchants' })).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  // A header row and the default page size of ten.
  await expect(rows).toHaveCount(11);
  await expect(page.getByText(/^Showing 1 to 10 of \d+ results$/)).toBeVisible();
  await updateScreenshot(page, 'merchants');

  // Filter: written to the URL, and every row shows the filtered status.
  await page.getByRole('radio', { name: 'Pending Verification' }).click();
  await expect(page).toHaveURL(/filter=pending-verification/);
  const statusCells = page.getByRole('table').getByRole('row').locator('td:last-child');
  await expect(statusCells.first()).toHaveText('Pending Verification');
  for (const text of await statusCells.allTextContents()) expect(text).toBe('Pending Verification');

  // Paging writes `page`; the filter stays.
  await page.getByRole('radio', { name: 'All' }).click();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^Showing 11 to 20 of \d+ results$/)).toBeVisible();

  // Search by a merchant code taken from the table, applied with Enter.
  const code = (
    await page.getByRole('table').getByRole('row').nth(1).locator('td').nth(3).textContent()
  )?.trim();
  expect(code).toMatch(/\S+/);
  const search = page.getByPlaceholder('Search merchants');
  await search.fill(code ?? '');
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${code}`));
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);

  // Clearing the box removes the search.
  await search.fill('');
  await search.press('Enter');
  await expect(page).not.toHaveURL(/search=/);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(11);
});

test('a bad page size in the URL falls back to the default', async ({ page }) => {
  await page.goto('/merchants?page=abc&limit=7');
  await expect(page.getByText(/^Showing 1 to 10 of \d+ results$/)).toBeVisible();
});

test('a row opens the merchant details route', async ({ page }) => {
  // Click the business name: the row's centre is the website link, which opens a new tab instead.
  await page.getByRole('table').getByRole('row').nth(1).locator('td').nth(2).click();
  await expect(page).toHaveURL(/\/merchant-details\/[0-9a-f-]{36}$/);
  // Merchants stays highlighted in the sidebar on its detail pages.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Merchants' }),
  ).toHaveAttribute('aria-current', 'page');
});
