/**
 * The Hono environment every router of the API shares. `claims` is set by the authentication
 * middleware once the bearer token has been verified; public routes never read it.
 */
import type { ApiClientPrincipal } from '@contract/api-client';
import type { TokenClaims } from '@contract/auth';
import type { Context } from 'hono';

export interface AppEnv {
  Variables: {
    claims: TokenClaims;
    /** Set instead of `claims` when an API client's key was verified (platform operations). */
    client: ApiClientPrincipal;
    /** Set first of all by the request log (http/request-log.ts), for every request. */
    requestId: string;
    /** Who a successful sign-in signed in, for the request log (no token is verified on it). */
    signedIn: string;
    /** Resolves the caller's address (RouteDeps.clientAddress), for the audit log's records. */
    clientAddress: (c: Context) => string;
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
  /** The structured log (server/observability/logger.ts); silent unless createApp is given one. */
  logger: import('../observability/logger').Logger;
  /** True once SIGTERM has started the shutdown: readiness then answers 503 (server/main.ts). */
  isShuttingDown: () => boolean;
  /** This process's live events (server/services/live-events.ts), which `GET /events` streams. */
  liveEvents: import('../services/live-events').LiveEventHub;
  /** The longest a `GET /events` stream stays open before the console reconnects. */
  liveStreamMs: number;
  /** Single sign-on with the provider's OpenID provider (decision 032); undefined: off. */
  sso: import('../auth/sso').SsoClient | undefined;
}
