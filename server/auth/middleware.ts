/**
 * Authentication for /api/v1: `authenticate` verifies the bearer token on every API path except
 * those of operations declared public (secure by default: an undeclared path needs a token too).
 * Each operation's permission is checked where it is registered (server/http/operation.ts).
 */

import { ACCOUNT_ERRORS } from '@contract/account';
import { API_CLIENT_ERRORS, API_KEY_PREFIX } from '@contract/api-client';
import type { SessionStage } from '@contract/auth';
import { API_ERRORS } from '@contract/messages';
import { STAGE_OPERATIONS } from '@contract/operations/account';
import { pathPattern } from '@contract/operations/define';
import { OPERATIONS } from '@contract/operations/registry';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../http/envelope';
import type { AppEnv } from '../http/types';
import type { ApiKeyVerifier } from './api-keys';
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

/** What a token of an unfinished sign-in may call (decision 029), as method and path patterns. */
const STAGE_PATTERNS = Object.fromEntries(
  Object.entries(STAGE_OPERATIONS).map(([stage, operations]) => [
    stage,
    operations.map((operation) => ({
      method: operation.method.toUpperCase(),
      pattern: pathPattern(operation.path),
    })),
  ]),
) as Record<SessionStage, { method: string; pattern: RegExp }[]>;

/** True when a token at `stage` may make this call. */
export function stageAllows(stage: SessionStage, method: string, path: string): boolean {
  return STAGE_PATTERNS[stage].some(
    (operation) => operation.method === method && operation.pattern.test(path),
  );
}

const BEARER = /^Bearer\s+([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+)\s*$/i;
const API_KEY_BEARER = new RegExp(`^Bearer\\s+(${API_KEY_PREFIX}\\S*)\\s*$`, 'i');

/**
 * A staff token (a JWT) sets `claims`; an API client's key (`papi_…`, server/auth/api-keys.ts)
 * sets `client`. Which kind an operation takes is checked where it is registered.
 */
export function authenticate(
  tokens: TokenService,
  revocations: RevocationList,
  basePath: string,
  verifyApiKey?: ApiKeyVerifier,
) {
  let revocationsRead = false;
  return createMiddleware<AppEnv>(async (c, next) => {
    const path = c.req.path.slice(basePath.length) || '/';
    if (isPublicPath(c.req.method, path)) return next();

    const key = API_KEY_BEARER.exec(c.req.header('Authorization') ?? '')?.[1];
    if (key !== undefined) {
      const client = verifyApiKey ? await verifyApiKey(key) : null;
      if (!client) throw new ApiError(401, API_CLIENT_ERRORS.invalidKey, wwwAuthenticate('invalid_token'));
      c.set('client', client);
      return next();
    }

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
    // Halfway through a sign-in: only its next step (and sign-out), whatever the permissions say.
    const { stage } = result.claims;
    if (stage !== undefined && !stageAllows(stage, c.req.method, path))
      throw new ApiError(403, ACCOUNT_ERRORS.stage);
    c.set('claims', result.claims);
    return next();
  });
}

/** RFC 6750 challenge, so generic HTTP clients know what to do with the 401. */
function wwwAuthenticate(error?: 'invalid_token'): Record<string, string> {
  return { 'WWW-Authenticate': error ? `Bearer error="${error}"` : 'Bearer' };
}
