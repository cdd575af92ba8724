import { expect, test } from '@playwright/test';
import { DEMO, type DemoUser, sidebar, signIn, updateScreenshot } from './support';

// Written out by hand from spec §6, our staff screens and the demo users' permission sets, not derived from the
// code under test, so a wrong permission table fails here.
const EXPECTED_LINKS: Record<DemoUser, string[]> = {
  admin: [
    'Dashboard',
    'Merchants',
    'Transactions',
    'Payouts',
    'Chargebacks',
    'Payment Methods',
    'Gateway Accounts',
    'Currency',
    'GL Accounts',
    'Account Mapping',
    'Journal Entry',
    'Reports',
    'Users',
    'Roles',
    'API Clients',
    'Approvals',
    'Approval Rules',
    'Audit Log',
  ],
  support: [
    'Merchants',
    'Transactions',
    'Payouts',
    'Chargebacks',
    'Payment Methods',
    'Gateway Accounts',
    'Currency',
    'GL Accounts',
    'Account Mapping',
    'Journal Entry',
    'Users',
    'Roles',
    'Approvals',
  ],
  finance: [
    'Transactions',
    'Payouts',
    'Chargebacks',
    'GL Accounts',
    'Account Mapping',
    'Journal Entry',
    'Reports',
    'Approvals',
  ],
};

test('an unauthenticated visit goes to sign-in and returns to the page afterwards', async ({ page }) => {
  await page.goto('/merchants?filter=inactive');
  await expect(page).toHaveURL(/\/signin\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  await expect(page.getByText('Sign in to your admin account')).toBeVisible();
  await updateScreenshot(page, 'signin');

  await page.getByLabel('Email address').fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/merchants\?filter=inactive/);
});

test('a wrong password shows the server message and keeps the user on sign-in', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

for (const who of Object.keys(EXPECTED_LINKS) as DemoUser[]) {
  test(`${who} sees exactly the permitted sidebar links and can sign out`, async ({ page }) => {
    await signIn(page, who);
    const links = sidebar(page).getByRole('link');
    await expect(links).toHaveText(EXPECTED_LINKS[who]);

    // The header shows the name and e-mail from the token's claims.
    const userMenu = page.getByRole('button', { name: /user menu/i });
    await expect(userMenu).toContainText(DEMO[who].email);
    await userMenu.click();
    await expect(page.getByRole('menu').getByText(DEMO[who].email)).toBeVisible();
    const token = await page.evaluate(() => window.localStorage.getItem('access_token'));
    const withToken = { headers: { Authorization: `Bearer ${token}` } };
    expect((await page.request.get('/api/v1/dashboard/summary', withToken)).status()).not.toBe(401);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    // The server refuses the signed-out token, even where a copy of it survives.
    const refused = await page.request.get('/api/v1/dashboard/summary', withToken);
    expect(refused.status()).toBe(401);
    expect((await refused.json()).errorMessage).toBe('This session was signed out. Sign in again.');

    // Signed out: protected pages send the user back to sign-in.
    await page.goto('/transactions');
    await expect(page).toHaveURL(/\/signin\?redirect=/);
  });
}

test('finance lands on its first permitted screen and cannot open merchants', async ({ page }) => {
  await signIn(page, 'finance');
  await expect(page).toHaveURL(/\/transactions/);
  await page.goto('/merchants');
  await expect(page.getByText(/permission/i).first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).not.toHaveURL(/no-such-page/);
});
