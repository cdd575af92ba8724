/**
 * Single sign-on (decision 032) against a real OpenID provider: the npm `oidc-provider` package,
 * started here (server/test/openid-provider.ts). Each test walks the authorization-code flow with
 * PKCE as the console does, then hands the code to `POST auth/sso/token`.
 */
import { createHash } from 'node:crypto';
import { type AuditRecord, auditPageSchema } from '@contract/audit-log';
import { SSO_ERRORS, sessionSchema, ssoSettingsSchema, tokenClaimsSchema } from '@contract/auth';
import { hasPermission, PERMISSIONS } from '@contract/permissions';
import { USER_ERRORS } from '@contract/user';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdentities, users } from '../db/schema';
import { DEMO_USERS } from '../db/seed/demo-users';
import { createTestApi, loginRequest, readEnvelope, type TestApi } from '../test/api';
import { TEST_DATABASE_KINDS } from '../test/db';
import { expectStatus } from '../test/expect';
import {
  type OpenIdProvider,
  OTHER_CLIENT,
  type ProviderAccount,
  SSO_CLIENT,
  startOpenIdProvider,
} from '../test/openid-provider';
import { sendJson } from '../test/staff';
import { readSsoConfig } from './sso-config';

const REDIRECT = 'http://localhost:5173/sso-callback';
const TOKEN = '/api/v1/auth/sso/token';
const SCOPE = 'openid email profile roles';

/** Ada: Keycloak-style client roles of our client, one of which the mapping knows. */
const ada: ProviderAccount = {
  sub: 'ada-at-idp',
  email: 'Ada.Lovelace@Example.com',
  email_verified: true,
  name: 'Ada Lovelace',
  preferred_username: 'ada',
  resource_access: { [SSO_CLIENT.id]: { roles: ['bo-support', 'unrelated'] } },
};

function ssoSettings(issuer: string, more: Record<string, string> = {}) {
  const env: Record<string, string> = {
    SSO_ISSUER: issuer,
    SSO_CLIENT_ID: SSO_CLIENT.id,
    SSO_CLIENT_SECRET: SSO_CLIENT.secret,
    SSO_ROLE_MAPPING: JSON.stringify({
      'bo-support': 'support',
      'bo-money': ['finance'],
      'bo-admin': 'Admin',
    }),
    SSO_LABEL: 'Keycloak',
    SSO_SCOPE: SCOPE,
    ...more,
  };
  const config = readSsoConfig(
    (name) => env[name],
    (message) => new Error(message),
  );
  if (!config) throw new Error('SSO settings expected');
  return config;
}

/** A cookie jar small enough for one provider. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, val]) => `${k}=${val}`).join('; '),
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

interface Flow {
  code: string;
  verifier: string;
  nonce: string;
  state: string;
}

/** The browser's part: to the provider with a PKCE challenge, through its login, back with a code. */
async function authorize(provider: OpenIdProvider, clientId: string = SSO_CLIENT.id): Promise<Flow> {
  const verifier = `verifier-${crypto.randomUUID()}-${crypto.randomUUID()}`;
  const nonce = crypto.randomUUID();
  const state = crypto.randomUUID();
  const url = new URL(`${provider.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: SCOPE,
    state,
    nonce,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const jar = cookieJar();
  let next = url.toString();
  for (let hop = 0; hop < 6; hop++) {
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response);
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
    const target = new URL(location, next);
    if (target.href.startsWith(REDIRECT)) {
      const code = target.searchParams.get('code');
      if (!code) throw new Error(`no code: ${target.href}`);
      expect(target.searchParams.get('state')).toBe(state);
      return { code, verifier, nonce, state };
    }
    next = target.href;
  }
  throw new Error('too many redirects');
}

function exchange(api: TestApi, flow: Flow, change: Record<string, unknown> = {}) {
  return api.call(TOKEN, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      code: flow.code,
      code_verifier: flow.verifier,
      redirect_uri: REDIRECT,
      nonce: flow.nonce,
      ...change,
    }),
  });
}

async function signOn(api: TestApi, provider: OpenIdProvider, account: ProviderAccount) {
  provider.signInAs(account);
  const response = await exchange(api, await authorize(provider));
  return response;
}

describe.each(TEST_DATABASE_KINDS)('single sign-on on %s', (kind) => {
  let provider: OpenIdProvider;
  let api: TestApi;
  let adminToken: string;

  beforeAll(async () => {
    provider = await startOpenIdProvider({ redirectUris: [REDIRECT] });
    api = await createTestApi(kind, { sso: ssoSettings(provider.issuer) });
    // The provider's tokens are made at the real time: the app's clock follows.
    api.clock.set(new Date());
    adminToken = await api.tokenFor('admin');
  });
  afterAll(async () => {
    await api?.dispose();
    await provider?.close();
  });

  async function auditRecords(): Promise<AuditRecord[]> {
    const response = await api.call('/api/v1/audit-log?limit=100&action=auth.sign-in', { token: adminToken });
    // In the order written: the expiry test records at a clock moved ahead.
    return (await readEnvelope(response, auditPageSchema)).data.contents.sort(
      (a, b) => Number(b.id) - Number(a.id),
    );
  }

  it('GET auth/sso answers the button and where the provider signs people in', async () => {
    const body = await readEnvelope(await api.call('/api/v1/auth/sso'), ssoSettingsSchema);
    expect(body.data).toEqual({
      enabled: true,
      label: 'Keycloak',
      authorization_endpoint: `${provider.issuer}/auth`,
      client_id: SSO_CLIENT.id,
      scope: SCOPE,
    });
  });

  it('signs a new person in: created without a password, with the mapped roles in the token', async () => {
    const response = await signOn(api, provider, ada);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const session = (await readEnvelope(response, sessionSchema)).data;
    expect(session.password_change_required).toBeUndefined();
    const claims = v.parse(tokenClaimsSchema, decodeJwt(session.access_token));
    expect(claims).toMatchObject({
      email: 'ada.lovelace@example.com',
      name: 'Ada Lovelace',
      preferred_username: 'ada',
    });
    expect(claims.stage).toBeUndefined();
    // The support role's permissions, and nothing of what an unmapped provider role could mean.
    expect(hasPermission(claims.resource_access, PERMISSIONS.viewMerchant)).toBe(true);
    expect(hasPermission(claims.resource_access, PERMISSIONS.updateUser)).toBe(false);

    // Our own session: it opens the API like a password sign-in's.
    expect((await api.call('/api/v1/merchants', { token: session.access_token })).status).toBe(200);

    const [record] = await auditRecords();
    expect(record).toMatchObject({
      action: 'auth.sign-in',
      outcome: 'success',
      actor: { id: claims.sub, email: 'ada.lovelace@example.com' },
      after: { method: 'sso', created: true, linked: true },
    });

    const [row] = await api.database.db.select().from(users).where(eq(users.id, claims.sub));
    expect(row?.mustChangePassword).toBe(false);
    // No password opens this account.
    await expectStatus(
      await api.call(
        '/api/v1/auth/login',
        loginRequest(row?.email ?? '', row?.passwordHash ?? '', '198.51.100.70'),
      ),
      401,
    );
    const identities = await api.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, claims.sub));
    expect(identities).toMatchObject([{ issuer: provider.issuer, subject: ada.sub }]);
  });

  it('finds the person again by their identity and refreshes their roles from the provider', async () => {
    const first = await readEnvelope(await signOn(api, provider, ada), sessionSchema);
    const before = decodeJwt(first.data.access_token);
    const promoted = {
      ...ada,
      email: 'ada@elsewhere.example',
      resource_access: { [SSO_CLIENT.id]: { roles: ['bo-money'] } },
    };
    const second = await readEnvelope(await signOn(api, provider, promoted), sessionSchema);
    const claims = v.parse(tokenClaimsSchema, decodeJwt(second.data.access_token));
    expect(claims.sub).toBe(before.sub);
    expect(hasPermission(claims.resource_access, PERMISSIONS.viewMerchant)).toBe(false);
    const user = await readEnvelope(await api.call(`/api/v1/users/${claims.sub}`, { token: adminToken }));
    expect((user.data as { roles: { name: string }[] }).roles.map((r) => r.name)).toEqual(['Finance']);
    // A change of roles signs the earlier session out (decision 025).
    await expectStatus(await api.call('/api/v1/merchants', { token: first.data.access_token }), 401);
  });

  it('links an existing person by their verified e-mail, and refuses a deactivated one', async () => {
    const support = DEMO_USERS.support;
    const response = await signOn(api, provider, {
      sub: 'support-at-idp',
      email: support.email,
      email_verified: true,
      resource_access: { [SSO_CLIENT.id]: { roles: ['bo-support'] } },
    });
    const claims = decodeJwt((await readEnvelope(response, sessionSchema)).data.access_token);
    const [demo] = await api.database.db.select().from(users).where(eq(users.email, support.email));
    expect(claims.sub).toBe(demo?.id);

    const deactivate = await sendJson(
      api,
      'POST',
      `/api/v1/users/${demo?.id}?command=deactivate`,
      {},
      adminToken,
    );
    expect(deactivate.status).toBe(200);
    const refused = await signOn(api, provider, {
      sub: 'support-at-idp',
      email: support.email,
      email_verified: true,
      resource_access: { [SSO_CLIENT.id]: { roles: ['bo-support'] } },
    });
    await expectStatus(refused, 403, USER_ERRORS.deactivated);
    expect((await auditRecords())[0]).toMatchObject({
      outcome: 'failure',
      after: { method: 'sso', reason: 'deactivated' },
    });
  });

  it('does not link by an e-mail the provider has not verified', async () => {
    const response = await signOn(api, provider, {
      sub: 'unverified-at-idp',
      email: DEMO_USERS.finance.email,
      email_verified: false,
      resource_access: { [SSO_CLIENT.id]: { roles: ['bo-support'] } },
    });
    await expectStatus(response, 403, SSO_ERRORS.noEmail);
  });

  it('reads a groups claim when SSO_ROLE_CLAIM says so', async () => {
    const other = await createTestApi(kind, {
      sso: ssoSettings(provider.issuer, { SSO_ROLE_CLAIM: 'groups' }),
    });
    try {
      other.clock.set(new Date());
      const response = await signOn(other, provider, {
        sub: 'grace',
        email: 'grace@example.com',
        email_verified: true,
        groups: ['bo-admin'],
      });
      const claims = v.parse(
        tokenClaimsSchema,
        decodeJwt((await readEnvelope(response, sessionSchema)).data.access_token),
      );
      expect(hasPermission(claims.resource_access, PERMISSIONS.updateUser)).toBe(true);
    } finally {
      await other.dispose();
    }
  });

  it('refuses a person none of whose provider roles maps to ours (403), and creates nobody', async () => {
    const response = await signOn(api, provider, {
      sub: 'mallory',
      email: 'mallory@example.com',
      email_verified: true,
      resource_access: {
        [SSO_CLIENT.id]: { roles: ['unrelated'] },
        [OTHER_CLIENT.id]: { roles: ['bo-admin'] },
      },
      groups: ['bo-admin'],
    });
    await expectStatus(response, 403, SSO_ERRORS.noRole);
    expect(await api.database.db.select().from(users).where(eq(users.email, 'mallory@example.com'))).toEqual(
      [],
    );
    expect((await auditRecords())[0]).toMatchObject({
      outcome: 'failure',
      resource_type: 'user',
      resource_id: 'mallory@example.com',
      after: { method: 'sso', reason: 'no-role' },
    });
  });

  it('refuses an ID token made for another client (wrong audience)', async () => {
    provider.signInAs(ada);
    const foreign = await authorize(provider, OTHER_CLIENT.id);
    const redeemed = await fetch(`${provider.issuer}/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from(`${OTHER_CLIENT.id}:${OTHER_CLIENT.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: foreign.code,
        redirect_uri: REDIRECT,
        code_verifier: foreign.verifier,
      }),
    });
    const { id_token: idToken } = (await redeemed.json()) as { id_token: string };
    expect(decodeJwt(idToken).aud).toBe(OTHER_CLIENT.id);

    const ours = await authorize(provider);
    provider.replaceNextIdToken(idToken);
    await expectStatus(await exchange(api, ours, { nonce: foreign.nonce }), 401, SSO_ERRORS.invalidIdToken);
    expect((await auditRecords())[0]).toMatchObject({
      outcome: 'failure',
      after: { reason: 'wrong-audience' },
    });
  });

  it('refuses an expired ID token', async () => {
    provider.signInAs(ada);
    const flow = await authorize(provider);
    const now = api.clock();
    api.clock.set(new Date(Date.now() + 2 * 3600_000));
    try {
      await expectStatus(await exchange(api, flow), 401, SSO_ERRORS.invalidIdToken);
    } finally {
      api.clock.set(now);
    }
    expect((await auditRecords())[0]).toMatchObject({ outcome: 'failure', after: { reason: 'expired' } });
  });

  it('refuses a code redeemed with another PKCE verifier, or twice, and a nonce not sent with it', async () => {
    provider.signInAs(ada);
    const flow = await authorize(provider);
    await expectStatus(
      await exchange(api, flow, { code_verifier: 'x'.repeat(43) }),
      401,
      SSO_ERRORS.exchangeFailed,
    );
    expect((await auditRecords())[0]).toMatchObject({ after: { reason: 'code-refused' } });

    const again = await authorize(provider);
    await expectStatus(await exchange(api, again, { nonce: 'not-the-nonce' }), 401, SSO_ERRORS.stateMismatch);
    expect((await auditRecords())[0]).toMatchObject({ after: { reason: 'nonce-mismatch' } });

    const used = await authorize(provider);
    expect((await exchange(api, used)).status).toBe(200);
    await expectStatus(await exchange(api, used), 401, SSO_ERRORS.exchangeFailed);
  });

  it('answers 400 naming the field for a missing or malformed one', async () => {
    const flow = { code: 'c', verifier: 'v'.repeat(43), nonce: 'n', state: 's' };
    const cases: [Record<string, unknown>, string][] = [
      [{ code: undefined }, 'code: '],
      [{ code: '' }, 'code: '],
      [{ code_verifier: 'short' }, 'code_verifier: '],
      [{ code_verifier: 12 }, 'code_verifier: '],
      [{ redirect_uri: 'javascript:alert(1)' }, 'redirect_uri: '],
      [{ nonce: undefined }, 'nonce: '],
    ];
    for (const [change, field] of cases) {
      const response = await exchange(api, flow, change);
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(((await response.json()) as { errorMessage: string }).errorMessage).toMatch(
        new RegExp(`^${field}`),
      );
    }
  });

  it('answers 404 when single sign-on is off, and GET auth/sso says so', async () => {
    const off = await createTestApi(kind);
    try {
      const flow = await authorize(provider);
      await expectStatus(await exchange(off, flow), 404, SSO_ERRORS.off);
      expect((await readEnvelope(await off.call('/api/v1/auth/sso'), ssoSettingsSchema)).data).toEqual({
        enabled: false,
      });
    } finally {
      await off.dispose();
    }
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const gone = await createTestApi(kind, { sso: ssoSettings('http://127.0.0.1:9') });
    try {
      await expectStatus(await gone.call('/api/v1/auth/sso'), 503, SSO_ERRORS.unreachable);
      const flow = { code: 'c', verifier: 'v'.repeat(43), nonce: 'n', state: 's' };
      await expectStatus(await exchange(gone, flow), 503, SSO_ERRORS.unreachable);
    } finally {
      await gone.dispose();
    }
  });
});
