import { expect, test } from '@playwright/test';
import { DEMO, signIn, updateScreenshot } from './support';

interface MerchantRow {
  id: string;
  business_detail: { name: string } | null;
  compliance: { tin_certification: string | string[] | null } | null;
}

/** An active merchant with a TIN certificate, found through the API as the seed made it. */
async function merchantWithDocuments(request: import('@playwright/test').APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', {
    form: { username: DEMO.admin.email, password: DEMO.admin.password },
  });
  const token = (await login.json()).data.access_token as string;
  const list = await request.get('/api/v1/merchants?status=ACTIVE&limit=100', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const merchants = (await list.json()).data.contents as MerchantRow[];
  const merchant = merchants.find(
    (m) => m.business_detail && typeof m.compliance?.tin_certification === 'string',
  );
  if (!merchant?.business_detail || typeof merchant.compliance?.tin_certification !== 'string') {
    throw new Error('the seed has no active merchant with a TIN certificate');
  }
  return {
    id: merchant.id,
    name: merchant.business_detail.name,
    document: merchant.compliance.tin_certification,
  };
}

test('opens a merchant, switches tabs, downloads a document, deactivates and activates it', async ({
  page,
  request,
}) => {
  const merchant = await merchantWithDocuments(request);
  await signIn(page, 'admin');
  await page.goto(`/merchant-details/${merchant.id}`);
  await expect(page.getByRole('heading', { name: merchant.name })).toBeVisible();

  // The tab is in the URL.
  await page.getByRole('tab', { name: 'Compliance Information' }).click();
  await expect(page).toHaveURL(/tab=compliance/);
  await updateScreenshot(page, 'merchant-details');

  // The download is saved under the last segment of the document's URL.
  const fileName = merchant.document.split('/').pop() ?? '';
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${fileName}` }).click();
  expect((await download).suggestedFilename()).toBe(fileName);

  await page.getByRole('tab', { name: 'Banks Information' }).click();
  await expect(page).toHaveURL(/tab=banks/);

  // Deactivate, confirmed, then the badge follows the server.
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Merchant deactivated successfully')).toBeVisible();
  await expect(page.locator('[data-status="INACTIVE"]').first()).toBeVisible();
  // Who did it, recorded by the server with the change.
  await expect(page.getByText(/^Deactivated by Abebe Kebede, \d{1,2}:\d{2} [AP]M, /)).toBeVisible();

  // An inactive merchant offers Activate only (spec §4).
  await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Merchant activated successfully')).toBeVisible();
  await expect(page.locator('[data-status="ACTIVE"]').first()).toBeVisible();
  await expect(page.getByText(/^Activated by Abebe Kebede, /)).toBeVisible();

  // Ours: the History tab lists both changes, newest first.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/tab=history/);
  const events = page.getByRole('region', { name: 'History' }).locator('ol > li');
  await expect(events.nth(0)).toContainText('Activated by Abebe Kebede');
  await expect(events.nth(0)).toContainText('Status: Inactive → changed to Active');
  await expect(events.nth(1)).toContainText('Deactivated by Abebe Kebede');
});

test('support sees the merchant but neither the status actions nor the Banks tab', async ({
  page,
  request,
}) => {
  const merchant = await merchantWithDocuments(request);
  await signIn(page, 'support');
  await page.goto(`/merchant-details/${merchant.id}`);
  await expect(page.getByRole('heading', { name: merchant.name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Compliance Information' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Banks Information' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
});
