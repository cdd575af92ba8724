import type { Permission } from '@contract/permissions';
import { refuse } from './http';

/**
 * Like `refuse`, but the call may go on with any one of `permissions` (the server's
 * requireAnyPermission): 401 without a token, 403 when none is held.
 */
export function refuseUnlessAny(request: Request, permissions: readonly [Permission, ...Permission[]]) {
  let refusal: Response | null = null;
  for (const permission of permissions) {
    refusal = refuse(request, permission);
    if (!refusal) return null;
  }
  return refusal;
}
