import {
  hasPermission,
  PERMISSIONS,
  type Permission,
  type PermissionMap,
  SIDEBAR_ITEMS,
} from '@contract/permissions';
import { useSession } from './session';

/** True when the signed-in user holds the permission (spec §6); re-renders on sign-in and sign-out. */
export function usePermission(permission: Permission): boolean {
  return hasPermission(useSession()?.permissions, permission);
}

/**
 * Thrown by the guard when the user lacks the permission a route declares in
 * `staticData.permission`; the authenticated layout renders it as the 403 page (spec deviation 6).
 */
export class ForbiddenError extends Error {
  override readonly name = 'ForbiddenError';
  readonly permission: Permission;

  constructor(permission: Permission) {
    super(`Missing permission ${permission.name} on ${permission.type}`);
    this.permission = permission;
  }
}

export function isForbiddenError(error: unknown): error is ForbiddenError {
  return error instanceof ForbiddenError;
}

/** The permissions the matched routes declare, outermost first. */
export function requiredPermissions(
  matches: ReadonlyArray<{ staticData?: { permission?: Permission } }>,
): Permission[] {
  return matches.flatMap((match) => (match.staticData?.permission ? [match.staticData.permission] : []));
}

/**
 * A `redirect` target is followed only when it is a path on this origin, so a crafted sign-in link
 * cannot send the user elsewhere.
 */
export function isSafeRedirect(target: string | undefined): target is string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  try {
    const origin = globalThis.location?.origin ?? 'http://localhost';
    return new URL(target, origin).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Where sign-in lands: the return path when there is a safe one, else /merchants (spec §2); a user
 * without view-merchant goes to the first sidebar screen they hold instead of a 403 page.
 */
export function landingPath(redirect: string | undefined, permissions: PermissionMap | null): string {
  if (isSafeRedirect(redirect) && !redirect.startsWith('/signin') && !redirect.startsWith('/logout')) {
    return redirect;
  }
  if (hasPermission(permissions, PERMISSIONS.viewMerchant)) return '/merchants';
  return SIDEBAR_ITEMS.find((item) => hasPermission(permissions, item.permission))?.to ?? '/';
}
