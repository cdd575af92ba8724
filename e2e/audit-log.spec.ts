import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('a change made in the console is in the audit log; filters narrow it; the filtered log exports as CSV', async ({
  page,
}) => {
  const roleName = `Audited readers ${Date.now()}`;
  await signIn(page, 'admin');

  // A change: a custom role.
  await page.goto('/roles');
  await page.getByRole('button', { name: 'Add Role' }).click();
  const addRole = page.getByRole('dialog', { name: 'Add Role' });
  await addRole.getByRole('textbox', { name: 'Role name' }).fill(roleName);
  await addRole
    .getByRole('group', { name: 'GL accounts' })
    .getByRole('checkbox', { name: 'view-gl-account' })
    .check();
  await addRole.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(roleName)).toBeVisible();

  // Found in the log, by the admin, with what the role became.
  await page.goto('/audit-log');
  const table = page.getByRole('table', { name: 'Audit records' });
  const created = table.getByRole('row').filter({ hasText: roleName });
  await expect(created).toContainText('role.create');
  await expect(created).toContainText('Abebe Kebede');

  // Filters: the person and the action group, in the URL.
  await page.getByRole('searchbox', { name: 'Person: name or e-mail' }).fill('admin@example.com');
  await page.getByRole('searchbox', { name: 'Person: name or e-mail' }).press('Enter');
  await page.getByPlaceholder('Action or group, e.g. user').fill('role');
  await page.getByPlaceholder('Action or group, e.g. user').press('Tab');
  await expect(page).toHaveURL(/action=role/);
  await expect(table.getByRole('row').nth(1)).toContainText('role.create');
  await expect(table.getByRole('row').filter({ hasText: 'auth.sign-in' })).toHaveCount(0);

  // The filtered log as a file.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(
    'ID,Time (UTC),Person,E-mail,Person ID,Address,Action,Resource type,Resource ID,Outcome,Before,After',
  );
  expect(lines.some((line) => line.includes(',role.create,') && line.includes(roleName))).toBe(true);
  expect(lines.some((line) => line.includes('auth.sign-in'))).toBe(false);
});
