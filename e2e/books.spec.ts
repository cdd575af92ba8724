import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('an accountant posts a manual journal and reverses it; the journal shows both links', async ({
  page,
}) => {
  const narration = `Owner capital ${Date.now()}`;
  await signIn(page, 'finance');
  await page.goto('/journal_entry');
  await page.getByRole('button', { name: 'New journal' }).click();
  const form = page.getByRole('dialog', { name: 'New journal' });
  await form.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'ETB', exact: true }).click();
  await form.getByRole('textbox', { name: 'Narration' }).fill(narration);
  await form.getByRole('textbox', { name: 'Reference' }).fill('V-E2E');
  await form.getByRole('combobox', { name: 'GL account 1' }).click();
  await page.getByRole('option', { name: 'Settlement Bank Accounts' }).click();
  await form.getByRole('textbox', { name: 'Amount 1' }).fill('123.45');
  await form.getByRole('combobox', { name: 'GL account 2' }).click();
  await page.getByRole('option', { name: 'Owner Equity' }).click();
  await form.getByRole('textbox', { name: 'Amount 2' }).fill('123.4');
  // The running difference, then the server's rule in the form's words.
  await expect(form.getByTestId('journal-difference')).toHaveText('0.05');
  await form.getByRole('button', { name: 'Post journal' }).click();
  await expect(form.getByRole('alert')).toContainText('differ by 0.05');
  await form.getByRole('textbox', { name: 'Amount 2' }).fill('123.45');
  await expect(form.getByTestId('journal-difference')).toHaveText('Balanced');
  await form.getByRole('button', { name: 'Post journal' }).click();
  await expect(form).toBeHidden();

  // The journal's entries are in the list; a row opens the whole journal.
  await page.getByRole('searchbox', { name: 'Search by account or transaction' }).fill(narration);
  await page.getByRole('searchbox', { name: 'Search by account or transaction' }).press('Enter');
  await page.getByRole('cell', { name: 'Owner Equity' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Journal' });
  await expect(drawer.getByRole('cell', { name: 'MANUAL_JOURNAL', exact: true })).toBeVisible();
  await expect(drawer.getByRole('cell', { name: 'V-E2E' })).toBeVisible();

  await drawer.getByRole('button', { name: 'Reverse' }).click();
  const reverse = page.getByRole('dialog', { name: 'Reverse this journal' });
  await reverse.getByRole('textbox', { name: 'Reason' }).fill('Posted to the wrong account');
  await reverse.getByRole('button', { name: 'Post reversal' }).click();
  // The drawer now shows the reversal, linked back to the original.
  await expect(drawer.getByRole('cell', { name: 'REVERSAL', exact: true })).toBeVisible();
  await expect(drawer.getByRole('row', { name: /Reverses/ })).toContainText('Posted to the wrong account');
  await drawer
    .getByRole('row', { name: /Reverses/ })
    .getByRole('button')
    .click();
  await expect(drawer.getByRole('cell', { name: 'MANUAL_JOURNAL', exact: true })).toBeVisible();
  await expect(drawer.getByRole('row', { name: /Reversed by/ })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Reverse' })).toHaveCount(0);
});

test("today's trial balance shows equal totals per currency, and exports to CSV", async ({ page }) => {
  await signIn(page, 'finance');
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Trial balance', selected: true })).toBeVisible();
  const debit = page.getByTestId(/^debit-total-/);
  await expect(debit.first()).toBeVisible();
  const count = await debit.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const code = ((await debit.nth(i).getAttribute('data-testid')) ?? '').replace('debit-total-', '');
    await expect(page.getByTestId(`credit-total-${code}`)).toHaveText(await debit.nth(i).innerText());
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^trial-balance-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  expect(text.split('\r\n')[0]).toBe('Currency,GL account,Type,Debit,Credit');
  expect(text).toContain(',Total,');
});
