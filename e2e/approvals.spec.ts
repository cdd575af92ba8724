import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './support';

/** A fresh admin token through the API (signing out in the page revokes the page's own). */
async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', {
    form: { username: DEMO.admin.email, password: DEMO.admin.password },
  });
  return { Authorization: `Bearer ${(await login.json()).data.access_token as string}` };
}

async function statusOf(request: APIRequestContext, reference: string): Promise<string> {
  const response = await request.get(`/api/v1/transactions?reference=${encodeURIComponent(reference)}`, {
    headers: await adminHeaders(request),
  });
  const [row] = (await response.json()).data.contents as { status: string }[];
  return row?.status ?? 'missing';
}

function payoutRows(page: Page) {
  return page.getByRole('table', { name: 'Payouts requests' }).locator('tbody tr');
}

async function addThreshold(page: Page, index: number, currency: string, amount: string) {
  const group = page.getByRole('group', { name: 'Payouts above an amount' });
  await group.getByRole('button', { name: 'Add currency' }).click();
  await group.getByLabel(`Payouts above an amount: Currency ${index}`).click();
  await page.getByRole('option', { name: currency, exact: true }).click();
  await group.getByLabel(`Payouts above an amount: Amount ${index}`).fill(amount);
}

test.afterEach(async ({ request }) => {
  // Later specs approve payouts on the same database: the rules go back to none.
  const response = await request.put('/api/v1/approval-rules', {
    headers: await adminHeaders(request),
    data: {
      payout_thresholds: [],
      refund_thresholds: [],
      manual_journals: false,
      gl_account_changes: false,
      account_mapping_changes: false,
    },
  });
  expect(response.status()).toBe(200);
});

test('a payout above the threshold waits in the inbox until a second person approves it', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin');
  await page.goto('/approval-rules');
  await addThreshold(page, 1, 'ETB', '0');
  await addThreshold(page, 2, 'USD', '0');
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Approval rules saved')).toBeVisible();

  await page.goto('/payouts');
  await expect(payoutRows(page).first()).toBeVisible();
  const copy = payoutRows(page)
    .first()
    .getByRole('button', { name: /^Copy / });
  const code = ((await copy.getAttribute('aria-label')) ?? '').replace(/^Copy /, '');
  await payoutRows(page).first().getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: 'Approve payout' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`Sent for approval: Approve payout ${code}`)).toBeVisible();
  await expect(page.getByText('Successfully Approved')).toHaveCount(0);
  expect(await statusOf(request, code)).toBe('PAY_OUT');

  // The maker sees their request, but no Approve or Reject.
  await page.goto('/approvals?status=PENDING');
  await page.getByRole('cell', { name: `Approve payout ${code}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Approve payout ${code}` })).toBeVisible();
  await expect(page.getByText('You made this request: someone else must decide it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const requestUrl = page.url();

  // A second person with decide-approval and change-payout-status approves it.
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, 'finance');
  await expect(page.getByRole('button', { name: /^Notifications: \d+ waiting$/ })).toBeVisible();
  await page.goto(requestUrl);
  await page.getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('dialog', { name: 'Approve request' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(page.getByText('Request approved')).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  expect(await statusOf(request, code)).toBe('SUCCESS');
});
