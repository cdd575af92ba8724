import { SSO_ERRORS, sessionSchema, ssoSettingsSchema, tokenClaimsSchema } from '@contract/auth';
import { currencySchema } from '@contract/currency';
import { DEMO_ACCOUNTS, type DemoAccountKey } from '@contract/demo/users';
import { pagedSchema } from '@contract/envelope';
import { API_ERRORS, API_SERVER_ERRORS, VALIDATION } from '@contract/messages';
import { ALL_PERMISSIONS, hasPermission } from '@contract/permissions';
import * as v from 'valibot';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { fails, ok, table } from './table';

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
  ...table([
    [
      'none POST auth/login',
      ok(sessionSchema),
      { name: 'the e-mail in any case', form: { username: ' Admin@Example.com ', password: admin.password } },
    ],
    [
      'none POST auth/login',
      fails(401, API_ERRORS.badCredentials),
      { form: { username: admin.email, password: 'nope' } },
    ],
    [
      'none POST auth/login',
      fails(401, API_ERRORS.badCredentials),
      {
        name: 'an unknown e-mail answers as a wrong password',
        form: { username: 'nobody@example.com', password: 'nope' },
      },
    ],
    [
      'none POST auth/login',
      fails(400, `username: ${VALIDATION.signin.username}`),
      { form: { username: '', password: 'x' } },
    ],
    [
      'none POST auth/login',
      fails(400, `password: ${VALIDATION.signin.password}`),
      { form: { username: admin.email, password: '' } },
    ],
    [
      'none POST auth/login',
      fails(400, API_SERVER_ERRORS.formEncoded),
      { body: { username: admin.email, password: admin.password } },
    ],
  ]),

  // POST auth/logout: this token, from now on
  ...table([
    ['none POST auth/logout', fails(401, API_ERRORS.unauthenticated)],
    ['GET currencies', ok(pagedSchema(currencySchema)), { name: 'a signed-in session works', as: OUT }],
  ]),
  { role: OUT, request: { method: 'POST', path: 'auth/logout' }, expect: { status: 200, data: v.null() } },
  ...table([
    [
      'GET currencies',
      fails(401, API_ERRORS.tokenRevoked),
      { name: 'the signed-out token is refused from then on', as: OUT },
    ],
    ['POST auth/logout', fails(401, API_ERRORS.tokenRevoked), { as: OUT }],
    [
      'admin GET currencies',
      ok(pagedSchema(currencySchema)),
      { name: "the user's other sessions are untouched" },
    ],
  ]),

  // Single sign-on (decision 032): off on both sides, as on a server without SSO_* settings; the
  // body is checked before that (server/auth/sso.test.ts runs it against a real OpenID provider).
  ...table([
    ['none GET auth/sso', ok(ssoSettingsSchema, { enabled: false })],
    [
      'none POST auth/sso/token',
      fails(404, SSO_ERRORS.off),
      {
        body: {
          code: 'abc',
          code_verifier: 'v'.repeat(43),
          redirect_uri: 'http://localhost/sso-callback',
          nonce: 'n',
        },
      },
    ],
    [
      'none POST auth/sso/token',
      fails(400, /^code_verifier: /),
      {
        body: {
          code: 'abc',
          code_verifier: 'short',
          redirect_uri: 'http://localhost/sso-callback',
          nonce: 'n',
        },
      },
    ],
  ]),

  // GET auth/jwks: public, not enveloped
  ...table([
    [
      'none GET auth/jwks',
      {
        status: 200,
        contentType: /^application\/json/,
        text: (text) =>
          expect(JSON.parse(text)).toMatchObject({
            keys: [{ kty: expect.any(String), kid: expect.any(String) }],
          }),
      },
    ],
  ]),
];

export const authCases: ResourceCases = { resource: 'auth', cases };
