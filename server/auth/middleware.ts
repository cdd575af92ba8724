/**
 * Authentication for /api/v1: `authenticate` verifies the bearer token on every API path except
 * those of operations declared public (secure by default: an undeclared path needs a token too).
 * Each operation's permission is checked where it is registered (server/http/operation.ts).
 */
import { API_ERRORS } from '@contract/messages';
import { pathPattern } from '@contract/operations/define';
import { OPERATIONS } from '@contract/operations/registry';
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

/** RFC 6750 challenge, so generic HTTP clients know what to do with the 401. */
function wwwAuthenticate(error?: 'invalid_token'): Record<string, string> {
  return { 'WWW-Authenticate': error ? `Bearer error="${error}"` : 'Bearer' };
}
