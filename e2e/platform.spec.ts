import { expect, test } from '@playwright/test';
import { bearerOf, signIn } from './support';

/**
 * Issue 22, the platform API: an admin creates an API client on its screen and copies the key
 * shown once; the platform reports a payment with that key; the payment shows on Transactions,
 * which was open before, without a reload (the live event stream).
 */
test('an API client made on the screen reports a payment that appears on Transactions live', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'admin');
  await page.goto('/api-clients');
  await page.getByRole('button', { name: 'Add API Client' }).click();
  const form = page.getByRole('dialog', { name: 'Add API Client' });
  await form.getByRole('textbox', { name: 'Name' }).fill('E2E checkout platform');
  await form.getByRole('checkbox', { name: /payments:write/ }).check();
  await form.getByRole('button', { name: 'Submit' }).click();

  const shown = page.getByRole('dialog', { name: 'API key' });
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  const apiKey = await page.evaluate(() => navigator.clipboard.readText());
  expect(apiKey).toMatch(/^papi_[0-9a-f]{16}_[0-9a-f]{64}$/);
  await expect(shown.getByTestId('api-key')).toHaveText(apiKey);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'API clients' })).toContainText('E2E checkout platform');

  // What the payment refers to, looked up as staff.
  const staff = await bearerOf(page);
  const merchants = await (await page.request.get('/api/v1/merchants?limit=1', { headers: staff })).json();
  const gateways = await (
    await page.request.get('/api/v1/gateway-accounts?limit=100', { headers: staff })
  ).json();
  const merchantId = (merchants.data.contents as { id: string }[])[0]?.id;
  const gatewayId = (gateways.data.contents as { id: string; status: string }[]).find(
    (g) => g.status === 'ACTIVE',
  )?.id;

  // The console opens its live event stream once the page loads; a change announced before it
  // is connected would not reach it, so the payment is reported after the stream answered.
  const streamOpen = page.waitForResponse((r) => r.url().includes('/api/v1/events') && r.status() === 200);
  await page.goto('/transactions');
  await expect(page.getByRole('table', { name: 'Transactions' }).locator('tbody tr').first()).toBeVisible();
  await streamOpen;
  const reference = `E2E-${Date.now()}`;
  const platform = { Authorization: `Bearer ${apiKey}` };
  const created = await page.request.post('/api/v1/platform/payments', {
    headers: { ...platform, 'Idempotency-Key': `${reference}-create` },
    data: {
      reference,
      merchant_id: merchantId,
      gateway_account_id: gatewayId,
      amount: '1234.50',
      currency: 'ETB',
    },
  });
  expect(created.status()).toBe(201);
  const payment = (await created.json()).data as { id: string };
  const moved = await page.request.post(`/api/v1/platform/payments/${payment.id}/status`, {
    headers: { ...platform, 'Idempotency-Key': `${reference}-success` },
    data: { status: 'SUCCESS' },
  });
  expect(moved.status()).toBe(200);

  // No reload, no navigation: the open list refetches when the server announces the payment.
  await expect(page.getByRole('table', { name: 'Transactions' }).getByText(reference)).toBeVisible();
});
