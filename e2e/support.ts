import { expect, type Page } from '@playwright/test';

/** The demo sign-ins that `npm start` seeds and prints (README). */
export const DEMO = {
  admin: { email: 'admin@example.com', password: 'Admin123!' },
  support: { email: 'support@example.com', password: 'Support123!' },
  finance: { email: 'finance@example.com', password: 'Finance123!' },
} as const;

export type DemoUser = keyof typeof DEMO;

export async function signIn(page: Page, who: DemoUser, path = '/signin'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email address').fill(DEMO[who].email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO[who].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
}

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}
