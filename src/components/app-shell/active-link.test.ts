import { describe, expect, test } from 'vitest';
import { isSidebarLinkActive } from './active-link';

describe('isSidebarLinkActive (spec §2)', () => {
  test.each([
    ['/merchants', '/merchants'],
    ['/merchants/', '/merchants'],
    ['/', '/'],
    ['/merchant-details/abc', '/merchants'],
    ['/gateway-account-detail/1', '/gateway-accounts'],
    ['/payment-method/payment-method-detail/1', '/payment-methods'],
    ['/currency/currency-detail/1', '/currency'],
    ['/user-detail/1', '/users'],
  ])('%s highlights %s', (path, link) => {
    expect(isSidebarLinkActive(path, link)).toBe(true);
  });

  test.each([
    ['/merchants', '/'],
    ['/merchant-details/abc', '/transactions'],
    ['/currency-rates', '/currency'],
    ['/payouts', '/transactions'],
    ['/user-detail/1', '/'],
    ['/transactions/extra', '/transactions'],
  ])('%s does not highlight %s', (path, link) => {
    expect(isSidebarLinkActive(path, link)).toBe(false);
  });
});
