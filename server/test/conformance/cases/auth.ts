import { sessionSchema, tokenClaimsSchema } from '@contract/auth';
import { currencySchema } from '@contract/currency';
import { DEMO_ACCOUNTS, type DemoAccountKey } from '@contract/demo/users';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS, API_SERVER_ERRORS, VALIDATION } from '@contract/messages';
import { ALL_PERMISSIONS, hasPermission } from '@contract/permissions';
import * as v from 'valibot';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';

function claimsOf(token: string) {
  const payload = token.split('.')[1] ?? '';
  return v.parse(tokenClaimsSchema, JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
}

/** Signs in as a demo user: the token names them and carries exactly their permissions. */
function signIn(key: DemoAccountKey): ConformanceCase {
  const user = DEMO_ACCOUNTS[key];
  return {
    name: `${key}'s token carries their permission set`,
    role: 'none',
    request: { method: 'POST', path: 'auth/login', form: { username: user.email, password: user.password } },
    expect: {
      status: 200,
      data: sessionSchema,
      match: { token_type: 'Bearer' },
      check: (data) => {
        const claims = claimsOf((data as { access_token: string }).access_token);
        expect(claims).toMatchObject({
          email: user.email,
          name: user.name,
          preferred_username: user.preferredUsername,
        });
        expect(claims.exp).toBeGreaterThan(claims.iat);
        expect(claims.jti).toEqual(expect.any(String));
        const held = ALL_PERMISSIONS.filter((p) => hasPermission(claims.resource_access, p));
        expect(held.map((p) => p.name).sort()).toEqual(user.permissions.map((p) => p.name).sort());
      },
    },
  };
}

const OUT = { session: 'signed out' };
const admin = DEMO_ACCOUNTS.admin;

const cases: ConformanceCase[] = [
  // POST auth/login: public, form-encoded
  signIn('admin'),
  signIn('support'),
  signIn('finance'),
  {
    name: 'the e-mail in any case',
    role: 'none',
    request: {
      method: 'POST',
      path: 'auth/login',
      form: { username: ' Admin@Example.com ', password: admin.password },
    },
    expect: { status: 200, data: sessionSchema },
  },
  {
    role: 'none',
    request: { method: 'POST', path: 'auth/login', form: { username: admin.email, password: 'nope' } },
    expect: { status: 401, message: API_ERRORS.badCredentials },
  },
  {
    name: 'an unknown e-mail answers as a wrong password',
    role: 'none',
    request: {
      method: 'POST',
      path: 'auth/login',
      form: { username: 'nobody@example.com', password: 'nope' },
    },
    expect: { status: 401, message: API_ERRORS.badCredentials },
  },
  {
    role: 'none',
    request: { method: 'POST', path: 'auth/login', form: { username: '', password: 'x' } },
    expect: { status: 400, message: `username: ${VALIDATION.signin.username}` },
  },
  {
    role: 'none',
    request: { method: 'POST', path: 'auth/login', form: { username: admin.email, password: '' } },
    expect: { status: 400, message: `password: ${VALIDATION.signin.password}` },
  },
  {
    role: 'none',
    request: {
      method: 'POST',
      path: 'auth/login',
      body: { username: admin.email, password: admin.password },
    },
    expect: { status: 400, message: API_SERVER_ERRORS.formEncoded },
  },

  // POST auth/logout: this token, from now on
  {
    role: 'none',
    request: { method: 'POST', path: 'auth/logout' },
    expect: { status: 401, message: API_ERRORS.unauthenticated },
  },
  {
    name: 'a signed-in session works',
    role: OUT,
    request: { method: 'GET', path: 'currencies' },
    expect: { status: 200, data: pagedSchema(currencySchema) },
  },
  { role: OUT, request: { method: 'POST', path: 'auth/logout' }, expect: { status: 200, data: v.null() } },
  {
    name: 'the signed-out token is refused from then on',
    role: OUT,
    request: { method: 'GET', path: 'currencies' },
    expect: { status: 401, message: API_ERRORS.tokenRevoked },
  },
  {
    role: OUT,
    request: { method: 'POST', path: 'auth/logout' },
    expect: { status: 401, message: API_ERRORS.tokenRevoked },
  },
  {
    name: "the user's other sessions are untouched",
    role: 'admin',
    request: { method: 'GET', path: 'currencies' },
    expect: { status: 200, data: pagedSchema(currencySchema) },
  },

  // GET auth/jwks: public, not enveloped
  {
    role: 'none',
    request: { method: 'GET', path: 'auth/jwks' },
    expect: {
      status: 200,
      contentType: /^application\/json/,
      text: (text) =>
        expect(JSON.parse(text)).toMatchObject({
          keys: [{ kty: expect.any(String), kid: expect.any(String) }],
        }),
    },
    serverOnly: 'the mocks verify no signatures: their tokens are unsigned, so they publish no keys',
  },
];

export const authCases: ResourceCases = { resource: 'auth', cases };
