import { expect, test } from '@playwright/test';
import { axeViolations, bearerOf, rowsShown, signIn } from './support';

/** The command palette, the keyboard shortcuts and the merchant timeline (issue 24, decision 046). */
test('finds a merchant by code from the palette and opens it; the palette and the timeline pass an axe scan', async ({
  page,
}) => {
  // Three axe scans and two screens: on a loaded machine this takes longer than the default minute.
  test.slow();
  await signIn(page, 'admin');
  // A merchant of the seed, by way of the API, so the test does not depend on the seed's names.
  const answer = await page.request.get('/api/v1/merchants?page=2&limit=1', {
    headers: await bearerOf(page),
  });
  const merchant = (await answer.json()).data.contents[0] as {
    id: string;
    merchant_code: string;
    business_detail: { name: string } | null;
  };
  const name = merchant.business_detail?.name ?? merchant.merchant_code;

  // The console's shell (and with it the palette's shortcut) is up once its header button shows.
  await expect(page.getByRole('button', { name: /Search and go to/ })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  const search = page.getByRole('textbox', { name: /Go to a screen/ });
  await expect(search).toBeFocused();
  await search.fill(merchant.merchant_code);
  const found = page.getByRole('dialog').getByRole('button', { name: new RegExp(name) });
  await expect(found).toBeVisible();
  expect(await axeViolations(page), 'the palette').toEqual([]);
  await found.click();
  await expect(page).toHaveURL(new RegExp(`/merchant-details/${merchant.id}`));
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first()).toBeVisible();
  expect(await axeViolations(page), 'the timeline').toEqual([]);
});

test('j, k and Enter walk and open a list; ? lists the shortcuts', async ({ page }) => {
  await signIn(page, 'admin', '/signin?redirect=%2Fmerchants');
  await rowsShown(page, 'Merchants');
  const rows = page.getByRole('table', { name: 'Merchants' }).locator('[data-list-row]');
  await page.keyboard.press('j');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(rows.nth(1)).toBeFocused();

  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page), 'the shortcuts dialog').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox')).toBeFocused();
  await page.keyboard.press('j');
  await expect(page.getByRole('searchbox')).toHaveValue('j');
  await page.getByRole('searchbox').fill('');

  await rows.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/merchant-details\//);
});
