import { expect, type Page, test } from '@playwright/test';
import { DEMO, sidebar, signIn } from './support';

/** Signs in by hand (the demo helper expects to leave /signin, which a one-time password does not). */
async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an admin adds a person with a custom role; the role decides what they see; deactivating signs them out', async ({
  browser,
  page,
}) => {
  const stamp = Date.now();
  const roleName = `Ledger readers ${stamp}`;
  const email = `new.person.${stamp}@example.org`;
  await signIn(page, 'admin');

  // A custom role from the matrix: GL accounts only.
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

  // A person holding it, with a one-time password shown once.
  await page.goto('/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  const addUser = page.getByRole('dialog', { name: 'Add User' });
  await addUser.getByRole('textbox', { name: 'Name' }).fill('Hana Girma');
  await addUser.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await addUser.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: roleName }).click();
  // The multi-select's dropdown stays open over the form; close it.
  await page.keyboard.press('Escape');
  await addUser.getByRole('button', { name: 'Submit' }).click();
  const shown = page.getByRole('dialog', { name: 'One-time password' });
  const oneTime = (await shown.getByTestId('one-time-password').textContent())?.trim() ?? '';
  expect(oneTime.length).toBeGreaterThanOrEqual(12);
  await shown.getByRole('button', { name: 'Done' }).click();

  // The person, in a browser of their own: the one-time password, then their own.
  const theirs = await browser.newContext();
  const person = await theirs.newPage();
  await signInWith(person, email, oneTime);
  await expect(person.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await person.getByLabel('New password', { exact: true }).fill('short');
  await person.getByLabel('Repeat the new password').fill('short');
  await person.getByRole('button', { name: 'Save and continue' }).click();
  await expect(person.getByText('The new password must be at least 12 characters')).toBeVisible();
  await person.getByLabel('New password', { exact: true }).fill('a long enough password');
  await person.getByLabel('Repeat the new password').fill('a long enough password');
  await person.getByRole('button', { name: 'Save and continue' }).click();
  await expect(person).not.toHaveURL(/set-password|signin/);

  // Only what the role grants: GL Accounts; elsewhere the 403 page.
  await expect(sidebar(person).getByRole('link')).toHaveText(['GL Accounts']);
  await person.goto('/merchants');
  await expect(person.getByText('403')).toBeVisible();
  await person.goto('/gl-accounts');
  await expect(person.getByRole('heading', { name: 'GL Accounts' })).toBeVisible();

  // The admin deactivates them: their open console is signed out at its next call.
  await page.goto('/users');
  await page.getByRole('searchbox').fill(email);
  await page.getByRole('searchbox').press('Enter');
  await page.getByRole('cell', { name: email }).click();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate user' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Deactivate user' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Activate' })).toBeVisible();

  await person.getByRole('searchbox').fill('anything');
  await person.getByRole('searchbox').press('Enter');
  await expect(person).toHaveURL(/\/signin/);
  await theirs.close();
});

test('the last user administrator cannot be deactivated', async ({ page, request }) => {
  await signIn(page, 'admin');
  const login = await request.post('/api/v1/auth/login', {
    form: { username: DEMO.admin.email, password: DEMO.admin.password },
  });
  const token = (await login.json()).data.access_token as string;
  const list = await request.get('/api/v1/users?search_term=admin%40example.com', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const adminId = (await list.json()).data.contents[0].id as string;

  await page.goto(`/user-detail/${adminId}`);
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate user' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.getByText(/last active person who can manage users/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Deactivate' })).toBeVisible();
});
