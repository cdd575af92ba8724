import { expect, test } from '@playwright/test';
import { rowsShown, signIn } from './support';

/** The Amount cells of a table, as shown ("1,284.00"), read as exact decimal text without grouping. */
async function amounts(page: import('@playwright/test').Page, table: string, column: number) {
  const cells = await page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((rows, at) => rows.map((row) => row.children[at]?.textContent ?? ''), column);
  return cells.map((text) => text.replace(/,/g, ''));
}

/** "1234.5" < "99.75"? Compared as decimals by their digits, never through floats. */
function decimalAtLeast(a: string, b: string): boolean {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  if (ai.length !== bi.length) return ai.length > bi.length;
  if (ai !== bi) return ai > bi;
  const places = Math.max(af.length, bf.length);
  return af.padEnd(places, '0') >= bf.padEnd(places, '0');
}

test('sorts Transactions by amount on the server and filters by an amount range', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/transactions');
  await rowsShown(page, 'Transactions');

  const header = page.getByRole('columnheader', { name: 'Amount' });
  await header.getByRole('button', { name: 'Amount' }).click();
  await expect(page).toHaveURL(/sort=amount\.asc/);
  await header.getByRole('button', { name: 'Amount' }).click();
  await expect(page).toHaveURL(/sort=amount\.desc/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(async () => {
      const shown = await amounts(page, 'Transactions', 3);
      return shown.length > 1 && shown.every((a, i) => i === 0 || decimalAtLeast(shown[i - 1] ?? '0', a));
    })
    .toBe(true);

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('textbox', { name: 'Amount from' }).fill('100');
  await page.getByRole('textbox', { name: 'Amount to' }).fill('500.50');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/amountMin=(%22)?100/);
  await expect(page).toHaveURL(/amountMax=(%22)?500\.5/);
  const chips = page.getByRole('group', { name: 'Active filters' });
  await expect(chips.getByText('Amount ≥ 100')).toBeVisible();
  await expect
    .poll(async () => {
      const shown = await amounts(page, 'Transactions', 3);
      return shown.length > 0 && shown.every((a) => decimalAtLeast(a, '100') && decimalAtLeast('500.50', a));
    })
    .toBe(true);

  // The view is the URL: a reload keeps the order and the range.
  await page.reload();
  await rowsShown(page, 'Transactions');
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');
  await chips.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).not.toHaveURL(/amountMin/);
});

test('sorts Merchants by business name on the server, and a reload keeps it', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/merchants');
  await rowsShown(page, 'Merchants');

  // The name cells of the page in the order shown. A merchant without business details has no name
  // (NULL): after every name ascending, before them descending. Names compare by code point, as the
  // database's C collation does.
  const ordered = (direction: 'asc' | 'desc') => async () => {
    const cells = await page
      .getByRole('table', { name: 'Merchants' })
      .locator('tbody tr td:nth-child(3)')
      .allTextContents();
    const unnamed = (cell: string) => cell.endsWith('No business details');
    const named = cells.filter((cell) => !unnamed(cell));
    const nullsAt =
      direction === 'asc' ? cells.slice(named.length) : cells.slice(0, cells.length - named.length);
    const inOrder = named.every((name, i) =>
      i === 0 ? true : direction === 'asc' ? (named[i - 1] ?? '') <= name : (named[i - 1] ?? '') >= name,
    );
    return (
      cells.length > 1 && nullsAt.every(unnamed) && inOrder && (direction === 'desc' || named.length > 1)
    );
  };

  const header = page.getByRole('columnheader', { name: 'Business name' });
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await header.getByRole('button', { name: 'Business name' }).click();
  await expect(page).toHaveURL(/sort=name\.asc/);
  await expect.poll(ordered('asc')).toBe(true);
  await header.getByRole('button', { name: 'Business name' }).click();
  await expect(page).toHaveURL(/sort=name\.desc/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(ordered('desc')).toBe(true);

  await page.reload();
  await rowsShown(page, 'Merchants');
  await expect(page.getByRole('columnheader', { name: 'Business name' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect.poll(ordered('desc')).toBe(true);
});
