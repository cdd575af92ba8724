/**
 * Staff users and roles through the API, for the tests of those calls and of what they change:
 * create a role or a person as an admin, and sign a new person in the way the console does (the
 * one-time password, then their own).
 */
import type { Role } from '@contract/role';
import type { StaffUserWithPassword } from '@contract/user';
import { expect } from 'vitest';
import { loginRequest, readEnvelope, type TestApi } from './api';

export const STAFF_PASSWORD = 'a long enough password';

export function sendJson(api: TestApi, method: string, path: string, body: unknown, token: string) {
  return api.call(path, {
    method,
    token,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function createRoleAs(api: TestApi, token: string, name: string, permissions: string[]) {
  const response = await sendJson(api, 'POST', '/api/v1/roles', { name, permissions }, token);
  const body = await readEnvelope(response);
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.data as Role;
}

let counter = 0;

/** A new person holding `roleIds`; the e-mail is unique per call. */
export async function createPersonAs(
  api: TestApi,
  token: string,
  roleIds: string[],
  name = 'New Person',
): Promise<StaffUserWithPassword> {
  counter += 1;
  const email = `person${counter}.${Date.now()}@example.org`;
  const response = await sendJson(api, 'POST', '/api/v1/users', { name, email, role_ids: roleIds }, token);
  const body = await readEnvelope(response);
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.data as StaffUserWithPassword;
}

export async function signIn(api: TestApi, email: string, password: string) {
  const response = await api.call('/api/v1/auth/login', loginRequest(email, password, `staff-${email}`));
  return { response, body: await readEnvelope(response) };
}

/** Signs in with the one-time password, chooses STAFF_PASSWORD and answers the new access token. */
export async function firstSignIn(api: TestApi, created: StaffUserWithPassword): Promise<string> {
  const { body } = await signIn(api, created.user.email, created.one_time_password);
  const session = body.data as { access_token: string; password_change_required?: boolean };
  expect(session.password_change_required).toBe(true);
  const response = await sendJson(
    api,
    'POST',
    '/api/v1/auth/password',
    { current_password: created.one_time_password, new_password: STAFF_PASSWORD },
    session.access_token,
  );
  const changed = await readEnvelope(response);
  expect(response.status, JSON.stringify(changed)).toBe(200);
  return (changed.data as { access_token: string }).access_token;
}
