/**
 * Single sign-on end to end (decision 032): a real OpenID provider (the npm `oidc-provider`,
 * server/test/openid-provider.ts) whose login signs its test account in without a screen, and a
 * second server started here with SSO_* pointing at it (the suite's own server runs without). The
 * console goes from the sign-in screen's "Sign in with …" to the provider and back to the dashboard.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../server/test/free-port';
import { type OpenIdProvider, SSO_CLIENT, startOpenIdProvider } from '../server/test/openid-provider';

let provider: OpenIdProvider;
let server: ChildProcess;
let origin: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  provider = await startOpenIdProvider({ redirectUris: [`${origin}/sso-callback`] });
  provider.signInAs({
    sub: 'e2e-ada',
    email: 'ada.sso@example.com',
    email_verified: true,
    name: 'Ada Single-Sign-On',
    preferred_username: 'ada',
    resource_access: { [SSO_CLIENT.id]: { roles: ['back-office-support'] } },
  });
  // The suite's server has built the console into dist/ already: this one serves the same files.
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pbo-e2e-sso-')),
      DATABASE_URL: '',
      SEED_MERCHANTS: '20',
      LOG_LEVEL: 'warn',
      SSO_ISSUER: provider.issuer,
      SSO_CLIENT_ID: SSO_CLIENT.id,
      SSO_CLIENT_SECRET: SSO_CLIENT.secret,
      SSO_ROLE_MAPPING: JSON.stringify({ 'back-office-support': 'support' }),
      SSO_LABEL: 'Example ID',
      SSO_SCOPE: 'openid email profile roles',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 200_000;
  for (;;) {
    const healthy = await fetch(`${origin}/api/v1/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('the SSO server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await provider?.close();
});

test('signs in through the identity provider and lands on the dashboard with the mapped role', async ({
  page,
}) => {
  await page.goto(`${origin}/signin`);
  await page.getByRole('button', { name: 'Sign in with Example ID' }).click();
  // To the provider and back: the callback stores the session and opens the first screen.
  await expect(page).toHaveURL(new RegExp(`^${origin}/merchants`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Merchants' })).toBeVisible();
  const permissions = await page.evaluate(() => JSON.parse(localStorage.getItem('permissions') ?? '{}'));
  // The support role's permissions, from the provider's back-office-support role.
  expect(permissions.merchant?.roles).toEqual(['view-merchant']);
  expect(permissions.user?.roles ?? []).not.toContain('update-user');
});

test('a person whose provider roles map to none of ours is told so on the sign-in screen', async ({
  page,
}) => {
  provider.signInAs({
    sub: 'e2e-mallory',
    email: 'mallory.sso@example.com',
    email_verified: true,
    resource_access: { [SSO_CLIENT.id]: { roles: ['something-else'] } },
  });
  await page.goto(`${origin}/signin`);
  await page.getByRole('button', { name: 'Sign in with Example ID' }).click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/signin`), { timeout: 30_000 });
  await expect(page.getByRole('alert')).toContainText('has no role in this console');
});
