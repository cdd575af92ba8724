import {
  type Session,
  STORAGE_KEYS,
  sessionSchema,
  type TokenClaims,
  tokenClaimsSchema,
} from '@contract/auth';
import type { PermissionMap } from '@contract/permissions';
import { jwtDecode } from 'jwt-decode';
import { useSyncExternalStore } from 'react';
import * as v from 'valibot';
import { ERRORS } from './copy';

/** Spec §8: an access token that cannot be decoded raises an invalid-token error. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
  constructor() {
    super(ERRORS.invalidToken);
  }
}

/** The signed-in state the console works from: the stored session, its decoded claims, the stored permissions. */
export interface SessionState {
  readonly session: Session;
  readonly claims: TokenClaims;
  /** What spec §6 checks against: the `permissions` entry, a copy of the token's `resource_access`. */
  readonly permissions: PermissionMap | null;
}

const permissionMapSchema = v.record(v.string(), v.object({ roles: v.array(v.string()) }));

/** Decodes without verifying (spec §7): the server verifies every call; the console only displays. */
export function decodeClaims(accessToken: string): TokenClaims {
  let raw: unknown;
  try {
    raw = jwtDecode(accessToken);
  } catch {
    throw new InvalidTokenError();
  }
  const parsed = v.safeParse(tokenClaimsSchema, raw);
  if (!parsed.success) throw new InvalidTokenError();
  return parsed.output;
}

/** `exp` is in seconds (RFC 7519); a token is expired from that second on. */
export function isExpired(claims: Pick<TokenClaims, 'exp'>, now: number = Date.now()): boolean {
  return claims.exp * 1000 <= now;
}

// ---- a tiny subscribable store over localStorage, so the UI follows sign-in, sign-out and other tabs

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be disabled (privacy modes); the console then behaves as signed out.
    return null;
  }
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function parseState(rawSession: string | null, rawPermissions: string | null): SessionState | null {
  const session = v.safeParse(sessionSchema, parseJson(rawSession));
  if (!session.success) return null;
  let claims: TokenClaims;
  try {
    claims = decodeClaims(session.output.access_token);
  } catch {
    return null;
  }
  const permissions = v.safeParse(permissionMapSchema, parseJson(rawPermissions));
  return {
    session: session.output,
    claims,
    permissions: permissions.success ? permissions.output : null,
  };
}

// The snapshot is cached by the raw stored strings so useSyncExternalStore sees a stable value,
// yet a write that bypasses this module (a test, another tab) is still picked up on the next read.
let cache: { rawSession: string | null; rawPermissions: string | null; state: SessionState | null } | null =
  null;

/** The stored session as decoded, expired or not (see `getValidSession`); null when absent or unreadable. */
export function getSession(): SessionState | null {
  const store = storage();
  const rawSession = store?.getItem(STORAGE_KEYS.session) ?? null;
  const rawPermissions = store?.getItem(STORAGE_KEYS.permissions) ?? null;
  if (cache && cache.rawSession === rawSession && cache.rawPermissions === rawPermissions) return cache.state;
  cache = { rawSession, rawPermissions, state: parseState(rawSession, rawPermissions) };
  return cache.state;
}

/** What the guard accepts: a stored, decodable and unexpired session. */
export function getValidSession(now: number = Date.now()): SessionState | null {
  const state = getSession();
  return state && !isExpired(state.claims, now) ? state : null;
}

/** The bearer token for API calls: the access token of the stored session (spec §7). */
export function getAccessToken(): string | null {
  return getSession()?.session.access_token ?? null;
}

/**
 * Stores a sign-in response under the three keys of spec §7. Throws InvalidTokenError (and stores
 * nothing) when the token cannot be decoded.
 */
export function saveSession(session: Session): SessionState {
  const claims = decodeClaims(session.access_token);
  const store = storage();
  store?.setItem(STORAGE_KEYS.session, JSON.stringify(session));
  store?.setItem(STORAGE_KEYS.accessToken, session.access_token);
  store?.setItem(STORAGE_KEYS.permissions, JSON.stringify(claims.resource_access));
  emit();
  return getSession() ?? { session, claims, permissions: claims.resource_access };
}

/** Ends the session: removes the session keys (sign-out clears all storage, see the /logout route). */
export function clearSession(): void {
  const store = storage();
  store?.removeItem(STORAGE_KEYS.session);
  store?.removeItem(STORAGE_KEYS.accessToken);
  store?.removeItem(STORAGE_KEYS.permissions);
  emit();
}

/** Sign-out (spec §2): all local storage goes, not only the session keys. */
export function clearAllStorage(): void {
  storage()?.clear();
  emit();
}

const WATCHED_KEYS: readonly string[] = [STORAGE_KEYS.session, STORAGE_KEYS.permissions];

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab signed in or out.
    if (event.key === null || WATCHED_KEYS.includes(event.key)) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** The stored session, re-rendering on sign-in and sign-out. */
export function useSession(): SessionState | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** setTimeout's ceiling (about 24.8 days); longer delays fire at once. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Ends the session when its token expires, so a console left open does not keep showing data the
 * server would now refuse. Returns the cancel function.
 */
export function scheduleExpiry(claims: Pick<TokenClaims, 'exp'>, onExpire: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    const remaining = claims.exp * 1000 - Date.now();
    if (remaining <= 0) {
      onExpire();
      return;
    }
    timer = setTimeout(arm, Math.min(remaining, MAX_TIMEOUT_MS));
  };
  arm();
  return () => clearTimeout(timer);
}
