import AxeBuilder from '@axe-core/playwright';
import { type Session, STORAGE_KEYS, tokenClaimsSchema } from '@contract/auth';
import { DEMO_ACCOUNTS } from '@contract/demo/users';
import { expect, type Page } from '@playwright/test';
import { jwtDecode } from 'jwt-decode';
import * as v from 'valibot';

/** The demo sign-ins that `npm start` seeds and prints (README). */
export const DEMO = DEMO_ACCOUNTS;

export type DemoUser = keyof typeof DEMO;

export async function signIn(page: Page, who: DemoUser, path = '/signin'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email address').fill(DEMO[who].email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO[who].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
}

/**
 * Signs in through the API and stores the session where the sign-in screen stores it, without
 * loading the console: for tests about another screen, which then open it directly. It saves a
 * test the sign-in screen and the dashboard's load that `signIn` costs (most of a phone-width
 * check's time); the sign-in screen itself is tested through its form (e2e/auth.spec.ts).
 */
export async function signInByApi(page: Page, who: DemoUser): Promise<void> {
  const answer = await page.request.post('/api/v1/auth/login', {
    form: { username: DEMO[who].email, password: DEMO[who].password },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const session = ((await answer.json()) as { data: Session }).data;
  expect(session.password_change_required ?? false).toBe(false);
  expect(session.second_factor_enrolment_required ?? false).toBe(false);
  // Read as the console reads it (src/lib/session.ts): jwt-decode, then the contract's claims schema.
  const claims = v.parse(tokenClaimsSchema, jwtDecode(session.access_token));
  // Storage is per origin: a small same-origin answer holds the page there while it is written.
  await page.goto('/api/v1/health');
  await page.evaluate(
    ([keys, stored, permissions]) => {
      localStorage.setItem(keys.session, JSON.stringify(stored));
      localStorage.setItem(keys.accessToken, stored.access_token);
      localStorage.setItem(keys.permissions, JSON.stringify(permissions));
    },
    [STORAGE_KEYS, session, claims.resource_access] as const,
  );
}

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

function transitionsDone(page: Page) {
  return page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/**
 * WCAG 2.1 A and AA violations on the page as it is now, as `rule: elements`. Waits for running
 * transitions first: a modal scanned while it fades in has its colours blended with the page
 * behind it, and axe reports that blend as low contrast.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await transitionsDone(page);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The table row that has a cell reading exactly `text`. */
export function rowWith(page: Page, text: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

/**
 * Writes a README screenshot (`docs/screenshots/<name>.png`) only when `UPDATE_SCREENSHOTS=1`: an
 * ordinary test run must not change files in the repository.
 */
export async function updateScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  // A drawer is visible to Playwright from its first frame; its transition may not have started yet.
  await page.waitForTimeout(500);
  await transitionsDone(page);
  await page.screenshot({ path: `docs/screenshots/${name}.png`, ...options });
}

/** A screen's table has at least one data row (the header row is row 0). */
export async function rowsShown(page: Page, table: string): Promise<void> {
  await expect(page.getByRole('table', { name: table }).getByRole('row').nth(1)).toBeVisible();
}

/** The signed-in page's Authorization header, for arranging data through the API (issue 22). */
export async function bearerOf(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => window.localStorage.getItem('access_token'));
  return { Authorization: `Bearer ${token}` };
}

/** Opens a chargeback of 1 on the newest successful payment through the API; answers its id. */
export async function openChargebackByApi(page: Page): Promise<string> {
  const headers = await bearerOf(page);
  const list = await page.request.get('/api/v1/transactions?status=success&types=PAYMENT&limit=1', {
    headers,
  });
  const payment = ((await list.json()) as { data: { contents: { id: string }[] } }).data.contents[0];
  const opened = await page.request.post('/api/v1/disputes', {
    headers,
    data: { payment_id: payment?.id, amount: '1', reason: 'Card not present', response_due: '2026-12-31' },
  });
  expect(opened.status()).toBe(201);
  return ((await opened.json()) as { data: { id: string } }).data.id;
}

/** Creates an API client with every scope through the API (issue 22); answers its key. */
export async function createApiClientByApi(page: Page, name: string): Promise<string> {
  const created = await page.request.post('/api/v1/api-clients', {
    headers: await bearerOf(page),
    data: { name, scopes: ['payments:write', 'payouts:write', 'disputes:write'] },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { api_key: string } }).data.api_key;
}
