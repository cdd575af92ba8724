import type { Session, SessionStage, TokenClaims } from '@contract/auth';
import { DEMO_ACCOUNTS, type DemoAccount, type DemoAccountKey } from '@contract/demo/users';
import { type PermissionMap, toPermissionMap } from '@contract/permissions';
import { base64urlText, signToken } from './token-signing';

/**
 * The demo users of the README as the mocks sign them in. The console decodes tokens without
 * verifying them (spec §7): the sessions the mocks' sign-in hands out are signed
 * (`signedSessionFor`, with the key published at `GET auth/jwks`), while the sessions tests put in
 * storage before rendering may be unsigned (`sessionFor`), which keeps their setup synchronous.
 */
export type DemoUserKey = DemoAccountKey;

export interface DemoUser extends DemoAccount {
  readonly key: DemoUserKey;
}

function withKey(key: DemoUserKey): DemoUser {
  return { key, ...DEMO_ACCOUNTS[key] };
}

/** The server's demo accounts (contract/demo/users.ts), keyed for the tests. */
export const DEMO_USERS: Readonly<Record<DemoUserKey, DemoUser>> = {
  admin: withKey('admin'),
  support: withKey('support'),
  finance: withKey('finance'),
};

export function findDemoUser(email: string, password: string): DemoUser | undefined {
  return Object.values(DEMO_USERS).find(
    (user) => user.email === email.trim().toLowerCase() && user.password === password,
  );
}

const TOKEN_LIFETIME_S = 3600;

/** Each demo user's subject: a fixed UUID, as the server's subjects are users' ids. */
export const MOCK_USER_IDS: Readonly<Record<DemoUserKey, string>> = {
  admin: '0b6f2f4e-5d1c-4c3a-9a51-3a0f8f1e0a01',
  support: '0b6f2f4e-5d1c-4c3a-9a51-3a0f8f1e0a02',
  finance: '0b6f2f4e-5d1c-4c3a-9a51-3a0f8f1e0a03',
};

export interface TokenOptions {
  /** Overrides the user's permission set (the `resource_access` claim). */
  permissions?: PermissionMap;
  /** Seconds since the epoch; defaults to an hour from now. */
  exp?: number;
  name?: string;
  email?: string;
  /** A token of an unfinished sign-in: no permissions, the stage claim (decision 029). */
  stage?: SessionStage;
}

export function claimsFor(user: DemoUser, options: TokenOptions = {}): TokenClaims {
  const now = Math.floor(Date.now() / 1000);
  const resourceAccess = (options.permissions ??
    toPermissionMap(user.permissions)) as TokenClaims['resource_access'];
  return {
    // Each token its own id, as the server's: what POST auth/logout revokes.
    jti: crypto.randomUUID(),
    sub: MOCK_USER_IDS[user.key],
    iss: 'http://localhost/mock-idp',
    iat: now,
    exp: options.exp ?? now + TOKEN_LIFETIME_S,
    name: options.name ?? user.name,
    email: options.email ?? user.email,
    preferred_username: user.key,
    resource_access: options.stage ? {} : resourceAccess,
    ...(options.stage ? { stage: options.stage } : {}),
  };
}

/** An unsigned JWT (`alg: none`) carrying the claims the console reads. */
export function buildToken(claims: TokenClaims): string {
  const header = base64urlText(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  return `${header}.${base64urlText(JSON.stringify(claims))}.`;
}

/** The sign-in response for a user, as the server sends it, with an unsigned token (for tests' setup). */
export function sessionFor(user: DemoUser, options: TokenOptions = {}): Session {
  const claims = claimsFor(user, options);
  return sessionOf(claims, buildToken(claims), options);
}

/** The sign-in response the mocks' handlers send: its token signed with the published key. */
export async function signedSessionFor(user: DemoUser, options: TokenOptions = {}): Promise<Session> {
  const claims = claimsFor(user, options);
  return sessionOf(claims, await signToken(claims), options);
}

function sessionOf(claims: TokenClaims, token: string, options: TokenOptions): Session {
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: Math.max(1, claims.exp - claims.iat),
    scope: 'openid profile email',
    ...(options.stage === 'second-factor' ? { second_factor_required: true } : {}),
    ...(options.stage === 'second-factor-enrolment' ? { second_factor_enrolment_required: true } : {}),
  };
}
