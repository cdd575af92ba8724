import { DETAIL_PATH_PREFIXES } from '@contract/permissions';

type DetailPrefix = (typeof DETAIL_PATH_PREFIXES)[number];

/**
 * Which sidebar link each detail prefix of spec §2 keeps highlighted (`/user-detail`: Users, ours).
 * Typed as a full record: a new prefix in the contract must be placed here.
 */
const DETAIL_PREFIX_OWNER: Readonly<Record<DetailPrefix, string | null>> = {
  '/merchant-details': '/merchants',
  '/gateway-account-detail': '/gateway-accounts',
  '/payment-method/payment-method-detail': '/payment-methods',
  '/currency': '/currency',
  '/user-detail': '/users',
};

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** `prefix` matches whole segments only: `/currency` covers `/currency/x`, not `/currency-rates`. */
function startsWithSegment(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Spec §2: a link is highlighted on an exact path match or on a detail page that belongs to it. */
export function isSidebarLinkActive(pathname: string, to: string): boolean {
  const path = normalise(pathname);
  if (path === to) return true;
  return DETAIL_PATH_PREFIXES.some(
    (prefix) => DETAIL_PREFIX_OWNER[prefix] === to && startsWithSegment(path, prefix),
  );
}
