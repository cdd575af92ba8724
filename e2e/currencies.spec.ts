import { expect, type Page, test } from '@playwright/test';
import { axeViolations, DEMO, rowWith, signIn } from './support';

/** A name code no other run used (codes are unique; the data directory is fresh per run anyway). */
const CODE = `Q${String(Date.now()).slice(-5)}`;
const NAME = `E2E Currency ${CODE}`;
const CHARGE = 'E2E tiered fee';

async function fillRange(page: Page, n: number, values: { from?: string; to: string; amount: string }) {
  const group = page.getByRole('dialog').getByRole('group', { name: `Range ${n}` });
  if (values.from !== undefined) await group.getByRole('textbox', { name: 'From' }).fill(values.from);
  await group.getByRole('textbox', { name: 'To' }).fill(values.to);
  await group.getByRole('textbox', { name: 'Amount' }).fill(values.amount);
}

test('admin adds a currency, adds, edits and deletes a ranged charge, and cannot delete a currency in use', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/currency');
  await expect(page.getByRole('heading', { name: 'Currencies' })).toBeVisible();

  // Add a currency.
  await page.getByRole('button', { name: 'Add Currency' }).click();
  const add = page.getByRole('dialog', { name: 'Add Currency' });
  await add.getByRole('textbox', { name: 'Currency Name' }).fill(NAME);
  await add.getByRole('textbox', { name: 'Name Code' }).fill(CODE);
  await add.getByRole('textbox', { name: 'Display Symbol' }).fill('Q');
  await add.getByRole('textbox', { name: 'Decimal Places' }).fill('2');
  await add.getByRole('textbox', { name: 'In Multiples Of' }).fill('0.05');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Currency Added Successfully')).toBeVisible();
  await expect(add).toBeHidden();
  await expect(rowWith(page, CODE)).toContainText(NAME);

  // Its detail page: the summary on the left, no charges yet on the right.
  await rowWith(page, CODE)
    .getByRole('link', { name: `Detail of ${CODE}` })
    .click();
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await expect(page.getByText('There are no Charges')).toBeVisible();

  // Add a ranged charge: the second range starts at the first one's To + 1.
  await page.getByRole('button', { name: 'Add Charge' }).click();
  const form = page.getByRole('dialog', { name: 'Add Charge' });
  await form.getByRole('textbox', { name: 'Charge Name' }).fill(CHARGE);
  await form.getByRole('combobox', { name: 'Charge Time' }).click();
  await page.getByRole('option', { name: 'Transaction Fee' }).click();
  await form.getByRole('radio', { name: 'Flat' }).check();
  await form.getByRole('radio', { name: 'Ranged', exact: true }).check();
  await fillRange(page, 1, { from: '1', to: '1000', amount: '5' });
  await form.getByRole('button', { name: 'Add Range' }).click();
  await expect(
    form.getByRole('group', { name: 'Range 2' }).getByRole('textbox', { name: 'From' }),
  ).toHaveValue('1001');
  await expect(form.getByRole('button', { name: 'Remove range 1' })).toHaveCount(0);
  await fillRange(page, 2, { to: '5000', amount: '10' });
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Charge Added Successfully')).toBeVisible();
  await expect(rowWith(page, CHARGE)).toContainText('1,001.00 – 5,000.00: 10.00');

  // Edit it: a third range, and a new name.
  await page.getByRole('button', { name: `Update ${CHARGE}` }).click();
  const edit = page.getByRole('dialog', { name: 'Update Charge' });
  await edit.getByRole('button', { name: 'Add Range' }).click();
  await expect(
    edit.getByRole('group', { name: 'Range 3' }).getByRole('textbox', { name: 'From' }),
  ).toHaveValue('5001');
  await fillRange(page, 3, { to: '20000', amount: '25' });
  await edit.getByRole('textbox', { name: 'Charge Name' }).fill(`${CHARGE} v2`);
  await edit.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page.getByText('Charge updated Successfully')).toBeVisible();
  await expect(rowWith(page, `${CHARGE} v2`)).toContainText('5,001.00 – 20,000.00: 25.00');

  // Delete it.
  await page.getByRole('button', { name: `Delete ${CHARGE} v2` }).click();
  await page.getByRole('dialog', { name: 'Delete charge' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Successfully Deleted Charge')).toBeVisible();
  await expect(page.getByText('There are no Charges')).toBeVisible();

  // A currency in use is refused with the server's reason; an unused one is deleted.
  await page.getByRole('link', { name: 'Back to currencies' }).click();
  await rowWith(page, 'ETB').getByRole('button', { name: 'Delete ETB' }).click();
  await page.getByRole('dialog', { name: 'Delete currency' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/^Currency ETB cannot be deleted: it is used by \d+ charges/)).toBeVisible();
  await expect(rowWith(page, 'ETB')).toBeVisible();

  await rowWith(page, CODE)
    .getByRole('button', { name: `Delete ${CODE}` })
    .click();
  await page.getByRole('dialog', { name: 'Delete currency' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Currency Deleted')).toBeVisible();
  await expect(rowWith(page, CODE)).toHaveCount(0);
});

test('the support user sees currencies and charges without add, edit or delete', async ({ page }) => {
  await signIn(page, 'support');
  await page.goto('/currency');
  await expect(rowWith(page, 'ETB')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Currency' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  await rowWith(page, 'ETB').getByRole('link', { name: 'Detail of ETB' }).click();
  await expect(page.getByRole('heading', { name: 'Ethiopian Birr' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Charges' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Charge' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Update / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
});

test('a write the console still offers the support user (stale permissions) is refused with the server’s 403 toast', async ({
  page,
}) => {
  await signIn(page, 'support');
  // The console's permissions as if support still held admin's (withdrawn since sign-in): the
  // buttons show, but support's own token goes with the call and the server refuses it.
  const login = await page.request.post('/api/v1/auth/login', {
    form: { username: DEMO.admin.email, password: DEMO.admin.password },
  });
  const adminToken = (await login.json()).data.access_token as string;
  const adminPermissions = JSON.parse(
    Buffer.from(adminToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ).resource_access;
  await page.evaluate((permissions) => {
    localStorage.setItem('permissions', JSON.stringify(permissions));
  }, adminPermissions);
  await page.goto('/currency');
  await rowWith(page, 'ETB').getByRole('button', { name: 'Edit ETB' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Currency' });
  await edit.getByRole('textbox', { name: 'Currency Name' }).fill('Birr renamed by support');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('You do not have permission to do this')).toBeVisible();
  await expect(page.getByText('Currency Updated Successfully')).toHaveCount(0);
  // Nothing changed: the form stays open and, once closed, the row reads as before.
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowWith(page, 'ETB')).toContainText('Ethiopian Birr');
});

test('the server refuses the support user’s writes with 403 even when called directly', async ({
  request,
}) => {
  const login = await request.post('/api/v1/auth/login', {
    form: { username: DEMO.support.email, password: DEMO.support.password },
  });
  const token = (await login.json()).data.access_token as string;
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.get('/api/v1/currencies?page=1&limit=10', { headers });
  expect(list.status()).toBe(200);
  const etb = ((await list.json()).data.contents as { id: string; name_code: string }[]).find(
    (c) => c.name_code === 'ETB',
  );
  if (!etb) throw new Error('the seed has no ETB');
  const create = await request.post('/api/v1/charges', {
    headers,
    data: {
      currency_id: etb.id,
      name: 'Not allowed',
      charge_time: 'TRANSACTION_FEE',
      charge_calculation_method: 'FLAT',
      amount: 1,
      is_range: false,
      charge_ranges: [],
    },
  });
  expect(create.status()).toBe(403);
  expect((await create.json()).errorMessage).toBe('You do not have permission to do this');
  expect((await request.delete(`/api/v1/currencies/${etb.id}`, { headers })).status()).toBe(403);
});

test('the currency list, the detail page and the ranged charge form have no accessibility violations', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/currency');
  await expect(rowWith(page, 'ETB')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await rowWith(page, 'ETB').getByRole('link', { name: 'Detail of ETB' }).click();
  await expect(page.getByRole('table', { name: 'Charges' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Update Bank transfer fee' }).click();
  const form = page.getByRole('dialog', { name: 'Update Charge' });
  await expect(form.getByRole('group', { name: 'Range 4' })).toBeVisible();
  // The form's messages, as a user who submits it empty would see them.
  await form.getByRole('textbox', { name: 'Charge Name' }).fill('');
  await form.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(form.getByText('Charge Name is required')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
