import { PERMISSIONS, toPermissionMap } from '@contract/permissions';
import { DEMO_USERS } from '@mocks/data/users';
import { describe, expect, test } from 'vitest';
import { isSafeRedirect, landingPath, requiredPermissions } from './permissions';

const admin = toPermissionMap(DEMO_USERS.admin.permissions);
const finance = toPermissionMap(DEMO_USERS.finance.permissions);

describe('isSafeRedirect', () => {
  test.each(['/merchants', '/merchants?filter=inactive', '/merchant-details/1#tab'])(
    'accepts %s',
    (target) => {
      expect(isSafeRedirect(target)).toBe(true);
    },
  );

  test.each([
    undefined,
    '',
    'merchants',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ])('refuses %s', (target) => {
    expect(isSafeRedirect(target)).toBe(false);
  });
});

describe('landingPath', () => {
  test('follows a safe redirect', () => {
    expect(landingPath('/payouts?page=2', finance)).toBe('/payouts?page=2');
  });

  test('never lands back on sign-in or sign-out', () => {
    expect(landingPath('/signin?redirect=/x', admin)).toBe('/merchants');
    expect(landingPath('/logout', admin)).toBe('/merchants');
  });

  test('goes to /merchants by default (spec §2)', () => {
    expect(landingPath(undefined, admin)).toBe('/merchants');
    expect(landingPath('//evil.example', admin)).toBe('/merchants');
  });

  test('a user without view-merchant goes to the first sidebar screen they hold', () => {
    expect(landingPath(undefined, finance)).toBe('/transactions');
    expect(landingPath(undefined, toPermissionMap([PERMISSIONS.viewJournalEntry]))).toBe('/journal_entry');
  });

  test('a user with no screen at all goes home', () => {
    expect(landingPath(undefined, {})).toBe('/');
    expect(landingPath(undefined, null)).toBe('/');
  });
});

describe('requiredPermissions', () => {
  test('collects the permissions the matched routes declare', () => {
    expect(
      requiredPermissions([
        { staticData: {} },
        { staticData: { permission: PERMISSIONS.viewCurrency } },
        { staticData: { permission: PERMISSIONS.viewCharge } },
      ]),
    ).toEqual([PERMISSIONS.viewCurrency, PERMISSIONS.viewCharge]);
  });
});
