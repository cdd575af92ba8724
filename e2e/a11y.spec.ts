import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

/** WCAG 2.1 A and AA rules; a violation lists the rule and the offending elements. */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('sign-in has no accessibility violations', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('merchants list has no accessibility violations', async ({ page }) => {
  await signIn(page, 'admin', '/signin?redirect=%2Fmerchants');
  await expect(page.getByText(/^Showing 1 to 10 of \d+ results$/)).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the 403 and not-found pages have no accessibility violations', async ({ page }) => {
  await signIn(page, 'finance');
  await page.goto('/merchants');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
