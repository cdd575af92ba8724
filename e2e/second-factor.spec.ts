import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { bearerOf, signIn } from './support';

/** Signs in by hand: a one-time password or a second factor keeps the page on its next step. */
async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a person turns on two-step sign-in on My account and signs in again with a code from the shown key', async ({
  browser,
  page,
}) => {
  const email = `two.step.${Date.now()}@example.org`;
  await signIn(page, 'admin');
  // Arranged through the API: a person holding Finance, with a one-time password.
  const headers = await bearerOf(page);
  const roles = (await (await page.request.get('/api/v1/roles?limit=100', { headers })).json()) as {
    data: { contents: { id: string; built_in: string | null }[] };
  };
  const finance = roles.data.contents.find((r) => r.built_in === 'finance')?.id;
  const created = await page.request.post('/api/v1/users', {
    headers,
    data: { name: 'Dawit Bekele', email, role_ids: [finance] },
  });
  expect(created.status()).toBe(201);
  const oneTime = ((await created.json()) as { data: { one_time_password: string } }).data.one_time_password;

  const context = await browser.newContext();
  const person = await context.newPage();
  await signInWith(person, email, oneTime);
  await person.getByLabel('New password', { exact: true }).fill('a long enough password');
  await person.getByLabel('Repeat the new password').fill('a long enough password');
  await person.getByRole('button', { name: 'Save and continue' }).click();
  await expect(person).not.toHaveURL(/set-password|signin/);

  // My account, from the user menu: set up, with the key the page shows.
  await person.getByRole('button', { name: /User menu/ }).click();
  await person.getByRole('menuitem', { name: 'My account' }).click();
  await expect(person.getByRole('heading', { name: 'My account' })).toBeVisible();
  await person.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(person.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await person.getByTestId('totp-secret').textContent())?.trim() ?? '';
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  await person.getByLabel('Code from the app').fill(totp.generate());
  const enrolledAt = totp.counter();
  await person.getByRole('button', { name: 'Turn on' }).click();
  const codes = person.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await person.getByRole('button', { name: 'I have saved them' }).click();
  await expect(person.getByText(/^On: signing in asks for a code/)).toBeVisible();

  // Sign out, and in again: the password, then a code (of a later 30-second step: each is used once).
  await person.getByRole('button', { name: /User menu/ }).click();
  await person.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(person).toHaveURL(/signin/);
  await signInWith(person, email, 'a long enough password');
  await expect(person.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expect.poll(() => totp.counter(), { timeout: 35_000, intervals: [1000] }).toBeGreaterThan(enrolledAt);
  await person.getByLabel('Code').fill(totp.generate());
  await person.getByRole('button', { name: 'Verify' }).click();
  await expect(person).not.toHaveURL(/signin/);
  await expect(person.getByRole('button', { name: /User menu/ })).toBeVisible();
  await context.close();
});
