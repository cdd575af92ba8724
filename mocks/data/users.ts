import type { Session, TokenClaims } from '@contract/auth';
import {
  ALL_PERMISSIONS,
  PERMISSIONS,
  type Permission,
  type PermissionMap,
  toPermissionMap,
} from '@contract/permissions';

/**
 * The demo users of the README, with the names and permission sets the reference server seeds
 * (server/db/seed/demo-users.ts). The console
 * decodes tokens without verifying them (spec §7), so mock tokens are unsigned JWTs.
 */
export type DemoUserKey = 'admin' | 'support' | 'finance';

export interface DemoUser {
  readonly key: DemoUserKey;
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly permissions: readonly Permission[];
}

const SUPPORT_PERMISSIONS = ALL_PERMISSIONS.filter(
  (permission) =>
    permission.name.startsWith('view-') && permission.name !== PERMISSIONS.viewMerchantAccount.name,
);

const FINANCE_PERMISSIONS: readonly Permission[] = [
  PERMISSIONS.viewTransactions,
  PERMISSIONS.changePayoutStatus,
  PERMISSIONS.viewGlAccount,
  PERMISSIONS.createGlAccount,
  PERMISSIONS.updateGlAccount,
  PERMISSIONS.viewAccountMapping,
  PERMISSIONS.createAccountMapping,
  PERMISSIONS.viewJournalEntry,
];

export const DEMO_USERS: Readonly<Record<DemoUserKey, DemoUser>> = {
  admin: {
    key: 'admin',
    email: 'admin@example.com',
    password: 'Admin123!',
    name: 'Abebe Kebede',
    permissions: ALL_PERMISSIONS,
  },
  support: {
    key: 'support',
    email: 'support@example.com',
    password: 'Support123!',
    name: 'Tigist Alemu',
    permissions: SUPPORT_PERMISSIONS,
  },
  finance: {
    key: 'finance',
    email: 'finance@example.com',
    password: 'Finance123!',
    name: 'Dawit Haile',
    permissions: FINANCE_PERMISSIONS,
  },
};

export function findDemoUser(email: string, password: string): DemoUser | undefined {
  return Object.values(DEMO_USERS).find(
    (user) => user.email === email.trim().toLowerCase() && user.password === password,
  );
}

const TOKEN_LIFETIME_S = 3600;

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface TokenOptions {
  /** Overrides the user's permission set (the `resource_access` claim). */
  permissions?: PermissionMap;
  /** Seconds since the epoch; defaults to an hour from now. */
  exp?: number;
  name?: string;
  email?: string;
}

export function claimsFor(user: DemoUser, options: TokenOptions = {}): TokenClaims {
  const now = Math.floor(Date.now() / 1000);
  const resourceAccess = (options.permissions ??
    toPermissionMap(user.permissions)) as TokenClaims['resource_access'];
  return {
    sub: `user-${user.key}`,
    iss: 'http://localhost/mock-idp',
    iat: now,
    exp: options.exp ?? now + TOKEN_LIFETIME_S,
    name: options.name ?? user.name,
    email: options.email ?? user.email,
    preferred_username: user.key,
    resource_access: resourceAccess,
  };
}

/** An unsigned JWT (`alg: none`) carrying the claims the console reads. */
export function buildToken(claims: TokenClaims): string {
  const header = base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  return `${header}.${base64url(JSON.stringify(claims))}.`;
}

/** The sign-in response for a user, as the server sends it. */
export function sessionFor(user: DemoUser, options: TokenOptions = {}): Session {
  const claims = claimsFor(user, options);
  return {
    access_token: buildToken(claims),
    token_type: 'Bearer',
    expires_in: Math.max(1, claims.exp - claims.iat),
    scope: 'openid profile email',
  };
}
