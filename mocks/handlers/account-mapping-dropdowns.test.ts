import { PERMISSIONS, type PermissionMap, toPermissionMap } from '@contract/permissions';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, sessionFor } from '../data/users';

const BASE = 'http://localhost/api/v1';

function call(path: string, permissions: PermissionMap | 'none') {
  const headers = new Headers();
  if (permissions !== 'none') {
    headers.set('Authorization', `Bearer ${sessionFor(DEMO_USERS.admin, { permissions }).access_token}`);
  }
  return fetch(`${BASE}/${path}`, { headers });
}

/** As on the server: the account mapping modal's three lists also answer create-account-mapping. */
describe.each([
  ['payment-methods', PERMISSIONS.viewPaymentMethod],
  ['charges', PERMISSIONS.viewCharge],
  ['gl-accounts', PERMISSIONS.viewGlAccount],
] as const)('GET %s for the mapping modal', (path, view) => {
  it('answers create-account-mapping alone, or the view permission alone', async () => {
    const mapper = await call(
      `${path}?page=1&limit=100`,
      toPermissionMap([PERMISSIONS.createAccountMapping]),
    );
    expect(mapper.status).toBe(200);
    expect((await mapper.json()).data.total).toBeGreaterThan(0);
    expect((await call(path, toPermissionMap([view]))).status).toBe(200);
  });

  it('refuses neither (403) and no token (401); the detail stays behind the view permission', async () => {
    expect((await call(path, toPermissionMap([PERMISSIONS.viewAccountMapping]))).status).toBe(403);
    expect((await call(path, 'none')).status).toBe(401);
    const first = (await (await call(`${path}?limit=1`, toPermissionMap([view]))).json()).data.contents[0];
    const detail = await call(`${path}/${first.id}`, toPermissionMap([PERMISSIONS.createAccountMapping]));
    expect(detail.status).toBe(403);
  });
});
