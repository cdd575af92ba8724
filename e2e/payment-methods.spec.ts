import { DEMO_ACCOUNTS } from '@contract/demo/users';
import { expect, type Page, test } from '@playwright/test';
import { axeViolations, DEMO, rowWith, signIn } from './support';

/** Codes no other run used (the data directory is fresh per run anyway). */
const STAMP = String(Date.now()).slice(-5);
const CURRENCY_CODE = `P${STAMP}`;
const CURRENCY_NAME = `E2E Pay Currency ${STAMP}`;
const METHOD_NAME = `E2E Bank ${STAMP}`;
const METHOD_CODE = `E2EBANK${STAMP}`;
const ACCOUNT_CODE = `GW-E2E-${STAMP}`;

async function tokenOf(page: Page, who: keyof typeof DEMO): Promise<string> {
  const login = await page.request.post('/api/v1/auth/login', {
    form: { username: DEMO[who].email, password: DEMO[who].password },
  });
  return (await login.json()).data.access_token as string;
}

test('admin adds a payment method for a new currency, manages its limits, deactivates it and adds a gateway account', async ({
  page,
}) => {
  await signIn(page, 'admin');

  // A currency of our own, through the Currency screen.
  await page.goto('/currency');
  await page.getByRole('button', { name: 'Add Currency' }).click();
  const currency = page.getByRole('dialog', { name: 'Add Currency' });
  await currency.getByRole('textbox', { name: 'Currency Name' }).fill(CURRENCY_NAME);
  await currency.getByRole('textbox', { name: 'Name Code' }).fill(CURRENCY_CODE);
  await currency.getByRole('textbox', { name: 'Display Symbol' }).fill('P');
  await currency.getByRole('textbox', { name: 'Decimal Places' }).fill('2');
  await currency.getByRole('textbox', { name: 'In Multiples Of' }).fill('0.01');
  await currency.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Currency Added Successfully')).toBeVisible();

  // A payment method supporting it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payment Methods' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Methods' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const add = page.getByRole('dialog', { name: 'Add Payment Method' });
  // The rules first: an empty form names every missing field.
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('At least one Supported Currency is required')).toBeVisible();
  await add.getByRole('textbox', { name: 'Name' }).fill(METHOD_NAME);
  await add.getByRole('textbox', { name: 'Code' }).fill(METHOD_CODE);
  await add.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Bank' }).click();
  await add.getByRole('textbox', { name: 'Account Number Length' }).fill('10');
  // A URL that is not one, and a logo the console's content policy would block, are refused under
  // their fields (docs/decisions/026).
  const url = add.getByRole('textbox', { name: 'URL' });
  const logo = add.getByRole('textbox', { name: 'Logo' });
  await url.fill('not a url');
  await logo.fill('https://e2e-bank.example/logo.png');
  await add.getByRole('combobox', { name: 'Supported Currencies' }).click();
  await page.getByRole('option', { name: `${CURRENCY_CODE} – ${CURRENCY_NAME}` }).click();
  // A multi-select stays open for more picks; clicking elsewhere in the dialog closes it.
  await add.getByRole('heading', { name: 'Add Payment Method' }).click();
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(url).toHaveAccessibleDescription(/URL must be a web address/);
  await expect(logo).toHaveAccessibleDescription(/Logo must be an image on this server/);
  await url.fill('e2e-bank.example');
  await logo.fill('/api/v1/files/logos/payment-methods/CBE.svg');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payment method successfully added')).toBeVisible();
  await expect(add).toBeHidden();
  const row = rowWith(page, METHOD_NAME);
  await expect(row).toContainText('Active');
  await expect(row.getByRole('link', { name: 'e2e-bank.example' })).toHaveAttribute(
    'href',
    'https://e2e-bank.example',
  );
  // The logo is shown, not the initials it falls back to when the browser blocks or fails it.
  await expect(row.getByRole('img', { name: METHOD_NAME })).toHaveJSProperty('complete', true);
  expect(
    await row.getByRole('img', { name: METHOD_NAME }).evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);

  // Its detail: add and edit a transaction limit.
  await rowWith(page, METHOD_NAME)
    .getByRole('button', { name: `Detail of ${METHOD_NAME}` })
    .click();
  await expect(page.getByRole('heading', { name: METHOD_NAME })).toBeVisible();
  await expect(page.getByText('There are no Transaction Limits')).toBeVisible();
  await page.getByRole('button', { name: 'Add Transaction Limit' }).click();
  const limit = page.getByRole('dialog', { name: 'Add Transaction Limit' });
  await limit.getByRole('textbox', { name: 'Minimum Amount' }).fill('500');
  await limit.getByRole('textbox', { name: 'Maximum Amount' }).fill('100');
  await limit.getByRole('combobox', { name: 'Interval' }).click();
  await page.getByRole('option', { name: 'Daily' }).click();
  await limit.getByRole('button', { name: 'Save' }).click();
  await expect(limit.getByText('Maximum amount must be greater than Minimum amount')).toBeVisible();
  await limit.getByRole('textbox', { name: 'Minimum Amount' }).fill('10');
  await limit.getByRole('textbox', { name: 'Maximum Amount' }).fill('5000');
  await limit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transaction limit added successfully')).toBeVisible();
  const limits = page.getByRole('table', { name: 'Transaction Limits' });
  await expect(limits.getByRole('row').nth(1)).toContainText('5,000');

  await limits.getByRole('button', { name: 'Edit Daily limit 1' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Transaction Limit' });
  await edit.getByRole('textbox', { name: 'Maximum Amount' }).fill('7500');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transaction limit updated successfully')).toBeVisible();
  await expect(limits.getByRole('row').nth(1)).toContainText('7,500');

  // Charges: the new currency's, read-only, linking to it.
  await page.getByRole('tab', { name: 'Charges' }).click();
  await expect(page).toHaveURL(/tab=charges/);
  await expect(page.getByRole('link', { name: `${CURRENCY_NAME} (${CURRENCY_CODE})` })).toHaveAttribute(
    'href',
    /\/currency\/currency-detail\//,
  );
  await expect(page.getByText('This currency has no gateway charges')).toBeVisible();

  // Deactivate the method, confirmed.
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate payment method' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.getByText('Successfully Deactivated')).toBeVisible();
  await expect(page.locator('[data-status="INACTIVE"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate', exact: true })).toBeVisible();

  // Its history (ours): every change above, newest first, each with who made it.
  const admin = DEMO_ACCOUNTS.admin.name;
  await page.getByRole('tab', { name: 'History' }).click();
  const events = page.getByRole('region', { name: 'History' }).locator('ol > li');
  await expect(events).toHaveCount(4);
  await expect(events.nth(0)).toContainText(`Deactivated by ${admin}`);
  // The history shows values as the tables do (issue 20.11): Active, 5,000.
  await expect(events.nth(0)).toContainText('Status: Active → changed to Inactive');
  await expect(events.nth(1)).toContainText(`Transaction limit edited by ${admin}`);
  await expect(events.nth(1)).toContainText(/Maximum Amount: 5,000(\.0+)? → changed to 7,500/);
  await expect(events.nth(2)).toContainText(`Transaction limit created by ${admin}`);
  await expect(events.nth(3)).toContainText(`Created by ${admin}`);
  await expect(events.nth(3)).toContainText(`Supported Currencies: ${CURRENCY_CODE}`);

  // A gateway account for it, then its detail.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Gateway Accounts' })
    .click();
  await page.getByRole('button', { name: 'Add Gateway Account' }).click();
  const account = page.getByRole('dialog', { name: 'Add Gateway Account' });
  await account.getByRole('textbox', { name: 'Code', exact: true }).fill(ACCOUNT_CODE);
  await account.getByRole('combobox', { name: 'Payment Method' }).click();
  await page.getByRole('option', { name: METHOD_NAME }).click();
  await expect(account.getByText('10 digits')).toBeVisible();
  const number = account.getByRole('textbox', { name: 'Account Number' });
  await number.fill('012345');
  await account.getByRole('textbox', { name: 'Routing Code' }).fill('E2EBETAA');
  await account.getByRole('button', { name: 'Save' }).click();
  // The method's length is checked under the field, not by a raw toast from the server.
  await expect(number).toHaveAccessibleDescription(/Account number must be 10 digits/);
  await number.fill('0123456789');
  await account.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Gateway account added successfully')).toBeVisible();
  await expect(rowWith(page, ACCOUNT_CODE)).toContainText(METHOD_NAME);
  // A new balance is money like any other: padded to its currency's two places.
  await expect(rowWith(page, ACCOUNT_CODE)).toContainText('0.00');
  await rowWith(page, ACCOUNT_CODE).getByRole('cell', { name: ACCOUNT_CODE, exact: true }).click();
  await expect(page.getByRole('heading', { name: ACCOUNT_CODE })).toBeVisible();
  const details = page.locator('dl');
  await expect(details).toContainText(METHOD_NAME);
  await expect(details).toContainText('0123456789');
  await expect(details).toContainText('E2EBETAA');
  await expect(details).toContainText('Active');
  await expect(page.getByRole('region', { name: 'History' })).toContainText(`Created by ${admin}`);
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Gateway Accounts' })
    .click();
  await expect(page).toHaveURL(/\/gateway-accounts$/);
});

test('support sees no add, edit or status buttons, and a write the server refuses is toasted', async ({
  page,
}) => {
  await signIn(page, 'support');
  await page.goto('/payment-methods');
  const first = page.getByRole('table', { name: 'Payment Methods' }).getByRole('row').nth(1);
  await expect(first.getByRole('button', { name: /^Detail of / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Payment Method' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Activate|Deactivate) / })).toHaveCount(0);

  await page.getByRole('button', { name: 'Detail of Commercial Bank of Ethiopia' }).click();
  await expect(page.getByRole('table', { name: 'Transaction Limits' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^(Add Transaction Limit|Edit|Delete|Activate|Deactivate)/ }),
  ).toHaveCount(0);

  await page.goto('/gateway-accounts');
  const account = page.getByRole('table', { name: 'Gateway Accounts' }).getByRole('row').nth(1);
  await expect(account).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Gateway Account' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  const codeCell = account.getByRole('cell').nth(1);
  const code = (await codeCell.innerText()).trim();
  await codeCell.click();
  // The breadcrumb shows while the account still loads; the heading only once it has, with the
  // buttons it would offer, so the absence below is checked on the loaded page.
  await expect(page.getByRole('heading', { name: code, level: 2, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Edit|Activate|Deactivate)$/ })).toHaveCount(0);

  // The server is the one that refuses: support's token cannot write.
  const supportToken = await tokenOf(page, 'support');
  const direct = await page.request.post('/api/v1/payment-methods', {
    headers: { Authorization: `Bearer ${supportToken}` },
    data: {},
  });
  expect(direct.status()).toBe(403);

  // The console with admin's permissions stored but support's token (permissions withdrawn since
  // sign-in): it still shows the buttons, the real server refuses, the console toasts the 403.
  await page.evaluate((token) => {
    const session = JSON.parse(localStorage.getItem('session') ?? '{}');
    localStorage.setItem('session', JSON.stringify({ ...session, access_token: token }));
    localStorage.setItem('access_token', token);
  }, supportToken);
  const adminPermissions = JSON.parse(
    Buffer.from((await tokenOf(page, 'admin')).split('.')[1] ?? '', 'base64url').toString('utf8'),
  ).resource_access;
  await page.evaluate((permissions) => {
    localStorage.setItem('permissions', JSON.stringify(permissions));
  }, adminPermissions);
  await page.goto('/payment-methods');
  const cbe = rowWith(page, 'Commercial Bank of Ethiopia');
  await cbe.getByRole('button', { name: 'Deactivate Commercial Bank of Ethiopia' }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate payment method' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.getByText('You do not have permission to do this')).toBeVisible();
  await expect(cbe).toContainText('Active');
});

test('the payment-method and gateway-account screens and forms pass an axe scan', async ({ page }) => {
  // Eight scans of whole screens and forms: past the default minute on a 2-core machine while the
  // unit suite runs beside it.
  test.slow();
  await signIn(page, 'admin');
  await page.goto('/payment-methods');
  await expect(page.getByRole('table', { name: 'Payment Methods' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  const add = page.getByRole('dialog', { name: 'Add Payment Method' });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Name is required')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await add.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Detail of Commercial Bank of Ethiopia' }).click();
  await expect(page.getByRole('table', { name: 'Transaction Limits' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add Transaction Limit' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Transaction Limit' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('tab', { name: 'Charges' }).click();
  await expect(page.getByRole('link', { name: /\(ETB\)$/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/gateway-accounts');
  await expect(page.getByRole('table', { name: 'Gateway Accounts' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add Gateway Account' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Gateway Account' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  const firstCode = page
    .getByRole('table', { name: 'Gateway Accounts' })
    .getByRole('row')
    .nth(1)
    .getByRole('cell')
    .nth(1);
  const accountCode = (await firstCode.innerText()).trim();
  await firstCode.click();
  // Scan the loaded detail, not its loading skeleton (the breadcrumb shows in both).
  await expect(page.getByRole('heading', { name: accountCode, level: 2, exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
