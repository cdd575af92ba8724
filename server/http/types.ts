/**
 * The Hono environment every router of the API shares. `claims` is set by the authentication
 * middleware once the bearer token has been verified; public routes never read it.
 */
import type { TokenClaims } from '@contract/auth';
import type { Context } from 'hono';

export interface AppEnv {
  Variables: {
    claims: TokenClaims;
  };
}

export type AppContext = Context<AppEnv>;

/** What the routers need, resolved by createApp (server/app.ts) from its options. */
export interface RouteDeps {
  db: import('../db/connect').Database;
  databaseKind: import('../db/connect').DatabaseKind | 'unknown';
  tokens: import('../auth/tokens').TokenService;
  /** Signed-out tokens (POST auth/logout), refused by the authentication middleware. */
  revocations: import('../auth/revocations').RevocationList;
  rateLimiter: import('../auth/rate-limit').LoginRateLimiter;
  clock: () => Date;
  /** The caller's address, for the sign-in rate limit. */
  clientAddress: (c: Context) => string;
}
