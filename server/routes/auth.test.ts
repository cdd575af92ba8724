import { sessionSchema, tokenClaimsSchema } from '@contract/auth';
import { API_ERRORS, API_SERVER_ERRORS } from '@contract/messages';
import { eq } from 'drizzle-orm';
import { base64url, createLocalJWKSet, decodeJwt, jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateSigningKeys } from '../auth/keys';
import { createTokenService, DEFAULT_ISSUER } from '../auth/tokens';
import { revokedTokens, users } from '../db/schema';
import { DEMO_USERS } from '../db/seed/demo-users';
import { claimsOf, describeApi, loginRequest, readEnvelope, TEST_CLIENT_HEADER } from '../test/api';
import { expectStatus } from '../test/expect';

const LOGIN = '/api/v1/auth/login';
const admin = DEMO_USERS.admin;
const MINUTE = 60_000;

describeApi('auth', (api, _signed, kind) => {
  let start: Date;
  let clientCounter = 0;
  /** A fresh client address per test, so rate-limit state never leaks between tests. */
  const freshClient = () => `198.51.100.${++clientCounter}`;

  beforeAll(async () => {
    start = api.clock();
  });
  afterEach(() => api.clock.set(start));

  describe('POST /auth/login', () => {
    it('signs in with the right password and answers a session whose token carries the claims', async () => {
      const response = await api.call(LOGIN, loginRequest(admin.email, admin.password, freshClient()));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = await readEnvelope(response, sessionSchema);
      expect(body.data).toMatchObject({ token_type: 'Bearer', expires_in: 8 * 3600 });

      const { payload, protectedHeader } = await jwtVerify(
        body.data.access_token,
        createLocalJWKSet(api.tokens.jwks()),
        { issuer: DEFAULT_ISSUER, currentDate: api.clock() },
      );
      expect(protectedHeader.alg).toBe('ES256');
      expect(protectedHeader.kid).toBeTruthy();
      const claims = v.parse(tokenClaimsSchema, payload);
      expect(claims).toMatchObject({
        name: admin.name,
        email: admin.email,
        preferred_username: admin.preferredUsername,
        iss: DEFAULT_ISSUER,
      });
      expect(claims.exp - claims.iat).toBe(8 * 3600);
      expect(claims.resource_access['back-office']?.roles).toContain('uma_protection');
      expect(claims.resource_access.merchant?.roles).toEqual(
        expect.arrayContaining(['view-merchant', 'change-status-merchant']),
      );
    });

    it('matches the e-mail case-insensitively and ignores surrounding spaces', async () => {
      const response = await api.call(
        LOGIN,
        loginRequest(`  ${admin.email.toUpperCase()} `, admin.password, freshClient()),
      );
      expect(response.status).toBe(200);
    });

    it('answers the same 401 for a wrong password and an unknown user', async () => {
      const client = freshClient();
      const wrong = await api.call(LOGIN, loginRequest(admin.email, 'not-the-password', client));
      const unknown = await api.call(LOGIN, loginRequest('nobody@example.com', admin.password, client));
      for (const response of [wrong, unknown]) {
        await expectStatus(response, 401, API_ERRORS.badCredentials);
      }
    });

    it('accepts only a form-encoded body', async () => {
      const json = await api.call(LOGIN, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TEST_CLIENT_HEADER]: freshClient() },
        body: JSON.stringify({ username: admin.email, password: admin.password }),
      });
      await expectStatus(json, 400, API_SERVER_ERRORS.formEncoded);

      const multipart = new FormData();
      multipart.set('username', admin.email);
      multipart.set('password', admin.password);
      const form = await api.call(LOGIN, { method: 'POST', body: multipart });
      expect(form.status).toBe(400);

      const none = await api.call(LOGIN, { method: 'POST' });
      expect(none.status).toBe(400);
    });

    it('names the missing field', async () => {
      const post = (body: string) =>
        api.call(LOGIN, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
          body,
        });
      const noUser = await post('password=x');
      await expectStatus(noUser, 400, 'username: Username is required');
      const blankUser = await post('username=%20%20&password=x');
      expect((await readEnvelope(blankUser)).errorMessage).toBe('username: Username is required');
      const noPassword = await post(`username=${encodeURIComponent(admin.email)}`);
      expect((await readEnvelope(noPassword)).errorMessage).toBe('password: Password is required');
    });
  });

  describe('sign-in rate limit', () => {
    it('refuses a username on one address after 5 failures with 429 and Retry-After, then lets it in again', async () => {
      const client = freshClient();
      for (let i = 0; i < 5; i++) {
        const response = await api.call(LOGIN, loginRequest(admin.email, `wrong-${i}`, client));
        expect(response.status).toBe(401);
        await response.body?.cancel();
      }
      // Even the right password is refused now: a blocked attempt is never checked.
      const blocked = await api.call(LOGIN, loginRequest(admin.email, admin.password, client));
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBe('900');
      expect((await readEnvelope(blocked)).errorMessage).toBe(API_ERRORS.rateLimited);

      // Another address, and another username from this address, are not affected.
      const elsewhere = await api.call(LOGIN, loginRequest(admin.email, admin.password, freshClient()));
      expect(elsewhere.status).toBe(200);
      const otherUser = await api.call(
        LOGIN,
        loginRequest(DEMO_USERS.support.email, DEMO_USERS.support.password, client),
      );
      expect(otherUser.status).toBe(200);

      api.clock.advance(15 * MINUTE + 1000);
      const later = await api.call(LOGIN, loginRequest(admin.email, admin.password, client));
      expect(later.status).toBe(200);
    });

    it('counts parallel guesses before their passwords are checked', async () => {
      const client = freshClient();
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api.call(LOGIN, loginRequest(admin.email, `guess-${i}`, client)),
        ),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
      for (const response of responses) await readEnvelope(response);
    });

    it('refuses an address after 20 failures across usernames', async () => {
      const client = freshClient();
      for (let i = 0; i < 20; i++) {
        const response = await api.call(LOGIN, loginRequest(`user${i}@example.com`, 'x', client));
        expect(response.status).toBe(401);
        await response.body?.cancel();
      }
      const blocked = await api.call(LOGIN, loginRequest(admin.email, admin.password, client));
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      await blocked.body?.cancel();
    });

    it("resets the username's counter on a successful sign-in", async () => {
      const client = freshClient();
      const fail = async () => {
        const response = await api.call(LOGIN, loginRequest(admin.email, 'wrong', client));
        expect(response.status).toBe(401);
        await response.body?.cancel();
      };
      for (let i = 0; i < 4; i++) await fail();
      expect((await api.call(LOGIN, loginRequest(admin.email, admin.password, client))).status).toBe(200);
      for (let i = 0; i < 4; i++) await fail();
      expect((await api.call(LOGIN, loginRequest(admin.email, admin.password, client))).status).toBe(200);
    });
  });

  describe('bearer tokens', () => {
    const MERCHANTS = '/api/v1/merchants';

    async function expect401(response: Response, message: string = API_ERRORS.unauthenticated) {
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await readEnvelope(response)).errorMessage).toBe(message);
    }

    it('lets a valid token through', async () => {
      const response = await api.call(MERCHANTS, { token: await api.tokenFor('admin') });
      await expectStatus(response, 200);
    });

    it('refuses a missing header, another scheme and garbage', async () => {
      await expect401(await api.call(MERCHANTS));
      const token = await api.tokenFor('admin');
      await expect401(await api.call(MERCHANTS, { headers: { Authorization: `Basic ${token}` } }));
      await expect401(await api.call(MERCHANTS, { token: 'garbage' }));
      await expect401(await api.call(MERCHANTS, { token: 'a.b.c' }));
    });

    it('refuses an expired token with the expiry message', async () => {
      const token = await api.tokenFor('admin');
      api.clock.advance(8 * 3600 * 1000 + 5 * MINUTE);
      await expect401(await api.call(MERCHANTS, { token }), API_ERRORS.tokenExpired);
    });

    it('refuses a token signed with another key', async () => {
      const other = await createTokenService({ keys: generateSigningKeys(), clock: api.clock });
      const { token } = await other.sign(adminSubject());
      await expect401(await api.call(MERCHANTS, { token }));
    });

    it('refuses alg none, even with our kid', async () => {
      const kid = api.tokens.jwks().keys[0]?.kid;
      const now = Math.floor(api.clock().getTime() / 1000);
      const part = (o: object) => base64url.encode(JSON.stringify(o));
      const claims = { ...claimsOf(adminSubject()), iss: DEFAULT_ISSUER, iat: now, exp: now + 3600 };
      await expect401(await api.call(MERCHANTS, { token: `${part({ alg: 'none', kid })}.${part(claims)}.` }));
    });

    it('refuses HS256 signed with the public key', async () => {
      const kid = api.tokens.jwks().keys[0]?.kid;
      const secret = new TextEncoder().encode(
        api.keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      );
      const token = await new SignJWT(claimsOf(adminSubject()))
        .setProtectedHeader({ alg: 'HS256', kid })
        .setIssuer(DEFAULT_ISSUER)
        .setIssuedAt(api.clock())
        .setExpirationTime(new Date(api.clock().getTime() + 3600_000))
        .sign(secret);
      await expect401(await api.call(MERCHANTS, { token }));
    });

    it('refuses a token of another issuer, even signed with our key', async () => {
      const foreign = await createTokenService({
        keys: api.keys,
        issuer: 'https://elsewhere',
        clock: api.clock,
      });
      const { token } = await foreign.sign(adminSubject());
      await expect401(await api.call(MERCHANTS, { token }));
    });
  });

  describe('POST /auth/logout', () => {
    const LOGOUT = '/api/v1/auth/logout';
    const MERCHANTS = '/api/v1/merchants';
    const signIn = async () => {
      const response = await api.call(LOGIN, loginRequest(admin.email, admin.password, freshClient()));
      return (await readEnvelope(response, sessionSchema)).data.access_token;
    };

    it('signs out that token only: it is refused from then on, another session of the user is not', async () => {
      const token = await signIn();
      const other = await signIn();
      expect((await api.call(MERCHANTS, { token })).status).toBe(200);
      const response = await api.call(LOGOUT, { method: 'POST', token });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect((await readEnvelope(response)).data).toBeNull();

      const refused = await api.call(MERCHANTS, { token });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
      expect((await readEnvelope(refused)).errorMessage).toBe(API_ERRORS.tokenRevoked);
      // Signing out again is refused like any other use of the token.
      expect((await api.call(LOGOUT, { method: 'POST', token })).status).toBe(401);
      expect((await api.call(MERCHANTS, { token: other })).status).toBe(200);

      const [row] = await api.database.db
        .select()
        .from(revokedTokens)
        .where(eq(revokedTokens.jti, jtiOf(token)));
      const [user] = await api.database.db.select().from(users).where(eq(users.email, admin.email));
      expect(row?.userId).toBe(user?.id);
      expect(row?.expiresAt.getTime()).toBe(api.clock().getTime() + 8 * 3600 * 1000);
    });

    it('needs a token (401), and one with an id (400, nothing recorded)', async () => {
      expect((await api.call(LOGOUT, { method: 'POST' })).status).toBe(401);
      const kid = api.tokens.jwks().keys[0]?.kid;
      const anonymous = await new SignJWT(claimsOf(adminSubject()))
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuer(DEFAULT_ISSUER)
        .setIssuedAt(api.clock())
        .setExpirationTime(new Date(api.clock().getTime() + 3600_000))
        .sign(api.keys.privateKey);
      const before = await api.database.db.select().from(revokedTokens);
      const response = await api.call(LOGOUT, { method: 'POST', token: anonymous });
      await expectStatus(response, 400, `jti: ${API_ERRORS.tokenWithoutId}`);
      expect(await api.database.db.select().from(revokedTokens)).toEqual(before);
      expect((await api.call(MERCHANTS, { token: anonymous })).status).toBe(200);
    });
  });

  describe('public endpoints', () => {
    it('serves the JWKS without a token', async () => {
      const response = await api.call('/api/v1/auth/jwks');
      expect(response.status).toBe(200);
      const jwks = (await response.json()) as { keys: { kid: string; kty: string; d?: string }[] };
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0]?.kty).toBe('EC');
      expect(jwks.keys[0]?.d).toBeUndefined();
    });

    it('reports health without a token', async () => {
      const response = await api.call('/api/v1/health');
      expect(response.status).toBe(200);
      expect((await readEnvelope(response)).data).toEqual({ ok: true, database: kind });
    });
  });
});

function adminSubject() {
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    email: admin.email,
    name: admin.name,
    preferredUsername: admin.preferredUsername,
    permissions: { merchant: { roles: ['view-merchant'] } },
  };
}

/** The `jti` claim of a token, read without verifying it (the server verified it already). */
function jtiOf(token: string): string {
  const claims = v.parse(tokenClaimsSchema, decodeJwt(token));
  if (!claims.jti) throw new Error('the token has no jti');
  return claims.jti;
}
