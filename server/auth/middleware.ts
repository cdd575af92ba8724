/**
 * Authentication and authorisation for /api/v1. `authenticate` guards every API path except the
 * few public ones listed here (secure by default: a new route is protected unless added below);
 * `requirePermission` sits next to each route definition and checks the spec §6 permission
 * (`requireAnyPermission` where a route answers either of two).
 */
import { API_ERRORS } from '@contract/messages';
import { pathPattern } from '@contract/operations/define';
import { OPERATIONS } from '@contract/operations/registry';
import { hasPermission, type Permission } from '@contract/permissions';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../http/envelope';
import type { AppEnv } from '../http/types';
import type { RevocationList } from './revocations';
import type { TokenService } from './tokens';

const PUBLIC_OPERATIONS = OPERATIONS.filter((operation) => operation.public).map((operation) => ({
  method: operation.method.toUpperCase(),
  pattern: pathPattern(operation.path),
}));

/**
 * Paths relative to /api/v1 that need no token: those of the operations declared public
 * (contract/operations/). A GET is also public as HEAD.
 */
export function isPublicPath(method: string, path: string): boolean {
  const asMethod = method === 'HEAD' ? 'GET' : method;
  return PUBLIC_OPERATIONS.some((operation) => operation.method === asMethod && operation.pattern.test(path));
}

const BEARER = /^Bearer\s+([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+)\s*$/i;

export function authenticate(tokens: TokenService, revocations: RevocationList, basePath: string) {
  let revocationsRead = false;
  return createMiddleware<AppEnv>(async (c, next) => {
    const path = c.req.path.slice(basePath.length) || '/';
    if (isPublicPath(c.req.method, path)) return next();

    const match = BEARER.exec(c.req.header('Authorization') ?? '');
    if (!match?.[1]) throw new ApiError(401, API_ERRORS.unauthenticated, wwwAuthenticate());
    const result = await tokens.verify(match[1]);
    if (!result.ok) {
      const expired = result.reason === 'expired';
      throw new ApiError(
        401,
        expired ? API_ERRORS.tokenExpired : API_ERRORS.unauthenticated,
        wwwAuthenticate('invalid_token'),
      );
    }
    // Sign-outs recorded before this process started must be known before the first answer.
    if (!revocationsRead) {
      await revocations.ready;
      revocationsRead = true;
    }
    const { jti } = result.claims;
    if (jti !== undefined && revocations.isRevoked(jti)) {
      throw new ApiError(401, API_ERRORS.tokenRevoked, wwwAuthenticate('invalid_token'));
    }
    c.set('claims', result.claims);
    return next();
  });
}

export function requirePermission(permission: Permission) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const claims = c.get('claims');
    if (!claims) throw new ApiError(401, API_ERRORS.unauthenticated);
    if (!hasPermission(claims.resource_access, permission)) throw new ApiError(403, API_ERRORS.forbidden);
    return next();
  });
}

/**
 * Allowed when the caller holds at least one of `permissions`. For read-only lists that another
 * screen's form needs: the account mapping modal loads payment methods, charges and GL accounts
 * (spec §7), so those lists also answer `create-account-mapping` (docs/spec-deviations.md).
 */
export function requireAnyPermission(...permissions: readonly [Permission, ...Permission[]]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const claims = c.get('claims');
    if (!claims) throw new ApiError(401, API_ERRORS.unauthenticated);
    if (!permissions.some((permission) => hasPermission(claims.resource_access, permission))) {
      throw new ApiError(403, API_ERRORS.forbidden);
    }
    return next();
  });
}

/** RFC 6750 challenge, so generic HTTP clients know what to do with the 401. */
function wwwAuthenticate(error?: 'invalid_token'): Record<string, string> {
  return { 'WWW-Authenticate': error ? `Bearer error="${error}"` : 'Bearer' };
}
