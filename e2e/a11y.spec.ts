import { expect, test } from '@playwright/test';
import { axeViolations, signIn } from './support';

test('sign-in has no accessibility violations', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('merchants list has no accessibility violations', async ({ page }) => {
  await signIn(page, 'admin', '/signin?redirect=%2Fmerchants');
  await expect(page.getByText(/^Showing 1 to 10 of \d+ results$/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the 403 and not-found pages have no accessibility violations', async ({ page }) => {
  await signIn(page, 'finance');
  await page.goto('/merchants');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
