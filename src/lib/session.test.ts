import { STORAGE_KEYS } from '@contract/auth';
import { buildToken, claimsFor, DEMO_USERS, sessionFor } from '@mocks/data/users';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ERRORS } from './copy';
import { usePermission } from './permissions';
import {
  clearSession,
  decodeClaims,
  getAccessToken,
  getSession,
  getValidSession,
  InvalidTokenError,
  isExpired,
  saveSession,
  scheduleExpiry,
  useSession,
} from './session';

const admin = DEMO_USERS.admin;

describe('decodeClaims', () => {
  test('reads the claims of a token', () => {
    const claims = claimsFor(admin);
    expect(decodeClaims(buildToken(claims))).toEqual(claims);
  });

  test.each([
    ['not a JWT', 'garbage'],
    [
      'a JWT without the claims the console reads',
      `${buildToken(claimsFor(admin)).split('.')[0]}.${btoa('{"sub":"x"}')}.`,
    ],
  ])('raises the invalid-token error for %s', (_, token) => {
    expect(() => decodeClaims(token)).toThrow(InvalidTokenError);
    expect(() => decodeClaims(token)).toThrow(ERRORS.invalidToken);
  });
});

describe('isExpired', () => {
  test('expires at exp, in seconds', () => {
    expect(isExpired({ exp: 100 }, 99_999)).toBe(false);
    expect(isExpired({ exp: 100 }, 100_000)).toBe(true);
  });
});

describe('the stored session', () => {
  test('saveSession stores the session, the access token and the permissions', () => {
    const session = sessionFor(admin);
    const state = saveSession(session);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? '')).toEqual(session);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(session.access_token);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.permissions) ?? '')).toEqual(
      state.claims.resource_access,
    );
    expect(getAccessToken()).toBe(session.access_token);
    expect(getSession()?.claims.email).toBe(admin.email);
  });

  test('an undecodable token is refused and nothing is stored', () => {
    const session = { ...sessionFor(admin), access_token: 'nope' };
    expect(() => saveSession(session)).toThrow(ERRORS.invalidToken);
    expect(localStorage.length).toBe(0);
    expect(getSession()).toBeNull();
  });

  test('an expired session is stored but not valid', () => {
    saveSession(sessionFor(admin, { exp: Math.floor(Date.now() / 1000) - 1 }));
    expect(getSession()).not.toBeNull();
    expect(getValidSession()).toBeNull();
  });

  test('clearSession removes the three keys and leaves the rest', () => {
    saveSession(sessionFor(admin));
    localStorage.setItem(STORAGE_KEYS.sidebarExpanded, 'false');
    clearSession();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.permissions)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.sidebarExpanded)).toBe('false');
  });

  test('permissions come from the stored permissions entry (spec §6), nothing stored denies', () => {
    saveSession(sessionFor(admin));
    localStorage.setItem(
      STORAGE_KEYS.permissions,
      JSON.stringify({ merchant: { roles: ['view-merchant'] } }),
    );
    expect(getSession()?.permissions).toEqual({ merchant: { roles: ['view-merchant'] } });
    localStorage.removeItem(STORAGE_KEYS.permissions);
    expect(getSession()?.permissions).toBeNull();
  });

  test('useSession and usePermission follow sign-in and sign-out', () => {
    const { result } = renderHook(() => ({
      session: useSession(),
      canViewMerchants: usePermission({ name: 'view-merchant', type: 'merchant' }),
    }));
    expect(result.current.session).toBeNull();
    expect(result.current.canViewMerchants).toBe(false);
    act(() => {
      saveSession(sessionFor(DEMO_USERS.support));
    });
    expect(result.current.session?.claims.name).toBe(DEMO_USERS.support.name);
    expect(result.current.canViewMerchants).toBe(true);
    act(() => clearSession());
    expect(result.current.session).toBeNull();
    expect(result.current.canViewMerchants).toBe(false);
  });
});

describe('scheduleExpiry', () => {
  test('fires when the token expires, not before', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const onExpire = vi.fn();
      const cancel = scheduleExpiry({ exp: 1_060 }, onExpire);
      vi.advanceTimersByTime(59_999);
      expect(onExpire).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(onExpire).toHaveBeenCalledTimes(1);
      cancel();
    } finally {
      vi.useRealTimers();
    }
  });

  test('fires at once for an expired token, and can be cancelled', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const expired = vi.fn();
      scheduleExpiry({ exp: 999 }, expired);
      expect(expired).toHaveBeenCalledTimes(1);
      const later = vi.fn();
      scheduleExpiry({ exp: 2_000 }, later)();
      vi.advanceTimersByTime(2_000_000);
      expect(later).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  test('survives tokens longer than setTimeout can wait', () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const onExpire = vi.fn();
      const days40 = 40 * 24 * 3600;
      scheduleExpiry({ exp: days40 }, onExpire);
      vi.advanceTimersByTime(30 * 24 * 3600 * 1000);
      expect(onExpire).not.toHaveBeenCalled();
      vi.advanceTimersByTime(10 * 24 * 3600 * 1000);
      expect(onExpire).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
