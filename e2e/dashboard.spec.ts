import type { DashboardSummary } from '@contract/dashboard';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../src/lib/money';
import { axeViolations, DEMO, signIn, updateScreenshot } from './support';

const DAY_MS = 86_400_000;
const ALL_STATUSES = 'success,pending,checked-out,failed,canceled,pay-out';

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/auth/login', {
    form: { username: DEMO.admin.email, password: DEMO.admin.password },
  });
  return (await login.json()).data.access_token as string;
}

async function api<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/api/v1/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()).data as T;
}

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A card of the Dashboard by its heading. */
function card(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

test("the dashboard's figures for a chosen period are the server's", async ({ page, request }) => {
  const token = await adminToken(request);
  // A week ending on the newest transaction's UTC day, so the period has data whatever the date.
  const newest = await api<{ contents: { transaction_date: string }[] }>(
    request,
    token,
    `transactions?page=1&limit=1&status=${ALL_STATUSES}`,
  );
  const to = newest.contents[0]?.transaction_date.slice(0, 10);
  if (!to) throw new Error('the seed has no transactions');
  const from = shiftDay(to, -6);

  await signIn(page, 'admin', '/signin?redirect=%2F');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const period = page.getByRole('combobox', { name: 'Period' });
  // The default period is shown as soon as the server answered.
  await expect(period).toHaveValue(/^\d{4}-\d{2}-\d{2} ~ \d{4}-\d{2}-\d{2}$/);
  await period.fill(`${from} ~ ${to}`);
  await period.press('Enter');
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));

  const summary = await api<DashboardSummary>(request, token, `dashboard/summary?from=${from}&to=${to}`);
  expect(summary.currencies.length).toBeGreaterThan(0);

  // The summary agrees with the transactions list of the same period (a second, independent count).
  const listed = await api<{ total: number }>(
    request,
    token,
    `transactions?page=1&limit=10&from=${from}&to=${to}&status=${ALL_STATUSES}`,
  );
  expect(summary.currencies.reduce((n, c) => n + c.count, 0)).toBe(listed.total);

  for (const row of summary.currencies) {
    const { name, name_code: code, decimal_places: places } = row.currency;
    const shown = card(page, `${name} (${code})`);
    await expect(shown.locator('[data-field="volume"]')).toHaveText(
      `${formatMoney(row.volume, places)} ${code}`,
    );
    await expect(shown.locator('[data-field="count"]')).toHaveText(
      `${row.count} ${row.count === 1 ? 'transaction' : 'transactions'}`,
    );
    await expect(shown.locator('[data-field="success-rate"]')).toHaveText(
      `${((row.success_count / row.count) * 100).toFixed(1)}%`,
    );
    await expect(shown.locator('[data-field="success-volume"]')).toHaveText(
      `${formatMoney(row.success_volume, places)} ${code}`,
    );
  }

  // Status breakdown: every status's count and its volume in each currency.
  const table = page.getByRole('table', { name: 'Transactions by status' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(summary.by_status.length + 1);
  for (const [i, status] of summary.by_status.entries()) {
    const cells = rows.nth(i + 1).getByRole('cell');
    await expect(cells.nth(0).locator(`[data-status="${status.status}"]`)).toBeVisible();
    await expect(cells.nth(1)).toHaveText(String(status.count));
    for (const [j, c] of summary.currencies.entries()) {
      await expect(cells.nth(2 + j)).toHaveText(
        formatMoney(status.volumes[c.currency.name_code] ?? '0', c.currency.decimal_places),
      );
    }
  }

  await updateScreenshot(page, 'dashboard', { fullPage: true });
  // WCAG 2.1 A and AA, date-range picker included.
  expect(await axeViolations(page)).toEqual([]);

  // Waiting now: pending payouts (count and amounts) and merchants awaiting verification. The summary
  // carries both sections because admin holds view-transactions and view-merchant.
  const pending = summary.pending_payouts;
  const merchantsByStatus = summary.merchants_by_status;
  if (!pending || !merchantsByStatus) throw new Error('the summary left out a section admin may see');
  const payouts = card(page, 'Pending payouts');
  await expect(payouts.getByTestId('waiting-count')).toHaveText(String(pending.count));
  for (const [code, volume] of Object.entries(pending.volumes)) {
    await expect(payouts.getByText(`${formatMoney(volume, 2)} ${code}`, { exact: true })).toBeVisible();
  }
  const merchants = card(page, 'Merchants awaiting verification');
  await expect(merchants.getByTestId('waiting-count')).toHaveText(
    String(merchantsByStatus.PENDING_VERIFICATION),
  );

  // The bell shows the same counts and opens the filtered merchants list.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('link', { name: /^Pending payouts/ })).toHaveText(
    `Pending payouts${pending.count}`,
  );
  await panel.getByRole('link', { name: /^Merchants awaiting verification/ }).click();
  await expect(page).toHaveURL(/\/merchants\?filter=pending-verification$/);
  await expect(
    page.getByText(new RegExp(`of ${merchantsByStatus.PENDING_VERIFICATION} results$`)),
  ).toBeVisible();
});

test('a bad period in the URL falls back to the last 30 days', async ({ page }) => {
  await signIn(page, 'admin', '/signin?redirect=%2F%3Ffrom%3D2026-11-20%26to%3D2026-11-01');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // The server's default: the 30 UTC days up to today.
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue(
    `${shiftDay(today, -29)} ~ ${today}`,
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('support has no dashboard figures but sees what waits, without an error', async ({ page }) => {
  await signIn(page, 'support', '/signin?redirect=%2F');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(card(page, 'Pending payouts').getByTestId('waiting-count')).toHaveText(/^\d+$/);
  await expect(card(page, 'Merchants awaiting verification').getByTestId('waiting-count')).toHaveText(
    /^\d+$/,
  );
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Transactions by status' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test("the bell's badge shows the same total on every screen, and is not cut off", async ({
  page,
  request,
}, testInfo) => {
  const token = await adminToken(request);
  // Counted from the two lists the bell links to, not from the bell's own call.
  const payouts = await api<{ total: number }>(request, token, 'transactions?page=1&limit=1&status=pay-out');
  const merchants = await api<{ total: number }>(
    request,
    token,
    'merchants?page=1&limit=1&status=PENDING_VERIFICATION',
  );
  const total = payouts.total + merchants.total;
  expect(total).toBeGreaterThan(0);

  await signIn(page, 'admin', '/signin?redirect=%2Fgl-accounts');
  for (const path of ['/gl-accounts', '/merchants', '/payouts', '/']) {
    await page.goto(path);
    const bell = page.getByRole('button', { name: `Notifications: ${total} waiting` });
    await expect(bell, path).toBeVisible();
    const badge = bell.locator('.mantine-Indicator-indicator');
    await expect(badge).toHaveText(total > 99 ? '99+' : String(total));
    // Every edge of the badge is painted: nothing over it, nothing clipping it (the button's
    // overflow: hidden used to cut its right side off).
    const box = await badge.boundingBox();
    if (!box) throw new Error('the badge has no box');
    const painted = await page.evaluate(
      ({ x, y, width, height }) =>
        [
          [x + 1, y + height / 2],
          [x + width - 1, y + height / 2],
          [x + width / 2, y + 1],
          [x + width / 2, y + height - 1],
        ].map(([px, py]) => {
          const hit = document.elementFromPoint(px as number, py as number);
          return hit?.closest('.mantine-Indicator-indicator') !== null;
        }),
      box,
    );
    expect(painted, path).toEqual([true, true, true, true]);
  }
  await testInfo.attach('bell', {
    body: await page.getByRole('banner').screenshot(),
    contentType: 'image/png',
  });
});
