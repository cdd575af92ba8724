import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, sidebar, signIn } from './support';

function bodyRows(page: Page) {
  return page.getByRole('table', { name: 'Payouts requests' }).locator('tbody tr');
}

async function statusOf(request: APIRequestContext, reference: string): Promise<string> {
  const login = await request.post('/api/v1/auth/login', {
    form: { username: DEMO.admin.email, password: DEMO.admin.password },
  });
  const token = (await login.json()).data.access_token as string;
  const response = await request.get(`/api/v1/transactions?reference=${encodeURIComponent(reference)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [row] = (await response.json()).data.contents as { status: string }[];
  return row?.status ?? 'missing';
}

/** The transaction code of a row: the monospace text beside its copy button. */
async function codeOf(page: Page, index: number): Promise<string> {
  const copy = bodyRows(page)
    .nth(index)
    .getByRole('button', { name: /^Copy / });
  const label = (await copy.getAttribute('aria-label')) ?? '';
  return label.replace(/^Copy /, '');
}

test('admin approves one payout and rejects another, each behind confirmation; the rows leave', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin');
  await page.goto('/payouts');
  await expect(page.getByRole('heading', { name: 'Payouts requests' })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();

  const approved = await codeOf(page, 0);
  await bodyRows(page).nth(0).getByRole('button', { name: 'Approve' }).click();
  const approveDialog = page.getByRole('dialog', { name: 'Approve payout' });
  await expect(approveDialog).toContainText(approved);
  await approveDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Successfully Approved')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payouts requests' }).getByText(approved)).toHaveCount(0);
  expect(await statusOf(request, approved)).toBe('SUCCESS');

  const rejected = await codeOf(page, 0);
  expect(rejected).not.toBe(approved);
  // Cancel first: nothing happens.
  await bodyRows(page).nth(0).getByRole('button', { name: 'Reject' }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject payout' });
  await rejectDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rejectDialog).toBeHidden();
  expect(await statusOf(request, rejected)).toBe('PAY_OUT');

  await bodyRows(page).nth(0).getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDialog).toContainText(rejected);
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Successfully Rejected')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payouts requests' }).getByText(rejected)).toHaveCount(0);
  expect(await statusOf(request, rejected)).toBe('CANCELED');
});

test('the finance user reaches Payouts but not Merchants', async ({ page }) => {
  await signIn(page, 'finance');
  await expect(sidebar(page).getByRole('link', { name: 'Payouts' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Merchants' })).toHaveCount(0);

  await page.goto('/payouts');
  await expect(page.getByRole('heading', { name: 'Payouts requests' })).toBeVisible();
  await expect(bodyRows(page).first().getByRole('button', { name: 'Approve' })).toBeVisible();

  await page.goto('/merchants');
  await expect(page.getByText('Access denied')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Merchants' })).toHaveCount(0);
});

// Issue 24 (decision 045): select rows, approve them in one call, read the summary.
test('admin approves three payouts in bulk and sees the summary; they leave the list', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin');
  await page.goto('/payouts');
  await expect(bodyRows(page).nth(2)).toBeVisible();

  const codes = [await codeOf(page, 0), await codeOf(page, 1), await codeOf(page, 2)];
  for (const code of codes) await page.getByRole('checkbox', { name: `Select ${code}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('3 selected');

  await bar.getByRole('button', { name: 'Approve selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve payouts' });
  await dialog.getByRole('button', { name: 'Approve' }).click();

  const summary = page.getByRole('dialog', { name: 'Bulk decision' });
  await expect(summary).toContainText('3 approved');
  await summary.getByRole('button', { name: 'Close' }).click();
  for (const code of codes) {
    await expect(page.getByRole('table', { name: 'Payouts requests' }).getByText(code)).toHaveCount(0);
    expect(await statusOf(request, code)).toBe('SUCCESS');
  }
  await expect(bar).toHaveCount(0);
});
