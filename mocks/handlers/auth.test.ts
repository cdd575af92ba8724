import { sessionSchema } from '@contract/auth';
import { envelopeSchema } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { ALL_PERMISSIONS, hasPermission, PERMISSIONS } from '@contract/permissions';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { decodeClaims } from '@/lib/session';
import { DEMO_USERS } from '../data/users';

const LOGIN = 'http://localhost/api/v1/auth/login';

function login(fields: Record<string, string>, type = 'application/x-www-form-urlencoded') {
  return fetch(LOGIN, {
    method: 'POST',
    headers: { 'content-type': type },
    body: type.includes('json') ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });
}

describe('mock sign-in', () => {
  test.each(Object.values(DEMO_USERS))('signs in $email with the seeded permission set', async (user) => {
    const response = await login({ username: user.email, password: user.password });
    expect(response.status).toBe(200);
    const body = v.parse(envelopeSchema(sessionSchema), await response.json());
    const claims = decodeClaims(body.data.access_token);
    expect(claims.email).toBe(user.email);
    for (const permission of ALL_PERMISSIONS) {
      expect(hasPermission(claims.resource_access, permission)).toBe(user.permissions.includes(permission));
    }
  });

  test('support holds every view permission but the merchant bank accounts, and nothing else', () => {
    const names = DEMO_USERS.support.permissions.map((p) => p.name).sort();
    const views = ALL_PERMISSIONS.map((p) => p.name)
      .filter((name) => name.startsWith('view-') && name !== PERMISSIONS.viewMerchantAccount.name)
      .sort();
    expect(names).toEqual(views);
  });

  test('a wrong password is a 401 with the server message', async () => {
    const response = await login({ username: DEMO_USERS.admin.email, password: 'nope' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ success: false, errorMessage: API_ERRORS.badCredentials });
  });

  test('a missing field or a JSON body is a 400', async () => {
    expect((await login({ username: '', password: 'x' })).status).toBe(400);
    expect((await login({ username: 'a@b.c', password: '' })).status).toBe(400);
    expect((await login({ username: 'a@b.c', password: 'x' }, 'application/json')).status).toBe(400);
  });
});

describe('mock sign-out', () => {
  test('refuses the signed-out token from then on, and only that one', async () => {
    const admin = DEMO_USERS.admin;
    const tokenOf = async () => {
      const response = await login({ username: admin.email, password: admin.password });
      return v.parse(envelopeSchema(sessionSchema), await response.json()).data.access_token;
    };
    const [token, other] = [await tokenOf(), await tokenOf()];
    const call = (path: string, bearer: string, method = 'GET') =>
      fetch(`http://localhost/api/v1/${path}`, { method, headers: { authorization: `Bearer ${bearer}` } });
    expect((await call('auth/logout', token, 'POST')).status).toBe(200);
    const refused = await call('merchants', token);
    expect(refused.status).toBe(401);
    expect((await refused.json()).errorMessage).toBe(API_ERRORS.tokenRevoked);
    expect((await call('auth/logout', token, 'POST')).status).toBe(401);
    expect((await call('merchants', other)).status).toBe(200);
    expect((await fetch('http://localhost/api/v1/auth/logout', { method: 'POST' })).status).toBe(401);
  });
});
