/**
 * The HTTP application: the API under /api/v1 (one router per resource) and the built console for
 * every other GET. Built from its dependencies and returned without listening, so tests drive it
 * with `app.request()` and main.ts hands it to @hono/node-server.
 */
import { API_ERRORS, API_SERVER_ERRORS } from '@contract/messages';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { createApiKeyVerifier } from './auth/api-keys';
import { authenticate } from './auth/middleware';
import { createLoginRateLimiter, type LoginRateLimiter } from './auth/rate-limit';
import { createRevocationList, type RevocationList } from './auth/revocations';
import { sessionActivity } from './auth/session-activity';
import { createSsoClient } from './auth/sso';
import type { SsoConfig } from './auth/sso-config';
import type { TokenService } from './auth/tokens';
import type { Database, DatabaseKind } from './db/connect';
import { clientAddressResolver } from './http/client-address';
import { cors } from './http/cors';
import { databaseRefusal } from './http/database-errors';
import { ApiError, failure } from './http/envelope';
import { mountOperations } from './http/operation';
import { requestLog } from './http/request-log';
import { responseHeaders } from './http/response-headers';
import { RememberingRouter } from './http/router';
import { mountConsole } from './http/static';
import type { AppEnv, RouteDeps } from './http/types';
import { type Logger, SILENT_LOGGER } from './observability/logger';
import { accountRoutes } from './routes/account';
import { accountMappingRoutes } from './routes/account-mappings';
import { apiClientRoutes } from './routes/api-clients';
import { approvalRoutes } from './routes/approvals';
import { auditLogRoutes } from './routes/audit-log';
import { authRoutes } from './routes/auth';
import { bookRoutes } from './routes/books';
import { changeHistoryRoutes } from './routes/change-history';
import { chargeRoutes } from './routes/charges';
import { currencyRoutes } from './routes/currencies';
import { dashboardRoutes } from './routes/dashboard';
import { fileRoutes } from './routes/files';
import { gatewayAccountRoutes } from './routes/gateway-accounts';
import { glAccountRoutes } from './routes/gl-accounts';
import { journalEntryRoutes } from './routes/journal-entries';
import { listViewRoutes } from './routes/list-views';
import { liveEventRoutes } from './routes/live-events';
import { merchantRoutes } from './routes/merchants';
import { moneyFlowRoutes } from './routes/money-flows';
import { paymentMethodRoutes } from './routes/payment-methods';
import { platformRoutes } from './routes/platform';
import { roleRoutes } from './routes/roles';
import { serviceRoutes } from './routes/service';
import { transactionLimitRoutes } from './routes/transaction-limits';
import { transactionRoutes } from './routes/transactions';
import { userRoutes } from './routes/users';
import { createLiveEventHub, type LiveEventHub, listenOnPglite } from './services/live-events';

export const API_BASE = '/api/v1';
/** Bodies are small JSON documents (the largest: 100 account mappings). */
const MAX_BODY_BYTES = 1024 * 1024;
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CreateAppOptions {
  db: Database;
  tokens: TokenService;
  /** Reported by GET /health. */
  databaseKind?: DatabaseKind;
  clock?: () => Date;
  /** The built console (dist/); without it non-API paths answer 404 with a hint. */
  staticDir?: string;
  rateLimiter?: LoginRateLimiter;
  /** Signed-out tokens; default: a list over `db` (server/main.ts also refreshes it on a timer). */
  revocations?: RevocationList;
  /** The caller's address for the rate limit; default: the TCP peer (see http/client-address.ts). */
  clientAddress?: (c: Context) => string;
  /**
   * The structured log: a line per request and per unexpected error (server/observability/). Default
   * silent, so tests and benches that build an app print nothing unless they ask; main.ts passes
   * the one LOG_LEVEL configures.
   */
  logger?: Logger;
  /** Where unexpected errors go instead of `logger` (a test that inspects them). */
  logError?: (message: string, error: unknown, requestId: string) => void;
  /** Observe the request duration histogram (main.ts: when METRICS_PORT is set). Default off. */
  metrics?: boolean;
  /** Origins allowed to call the API from a browser (CORS_ORIGINS); default none. */
  corsOrigins?: readonly string[];
  /** True once the process is shutting down: readiness answers 503 (default: never). */
  isShuttingDown?: () => boolean;
  /**
   * The process's live events. Default: a hub fed by the database itself on PGlite (its NOTIFY
   * reaches the same process); on PostgreSQL main.ts passes one fed by its own LISTEN connection.
   */
  liveEvents?: LiveEventHub;
  /** The longest a `GET /events` stream stays open (default 10 minutes; decision 035). */
  liveStreamMs?: number;
  /** Single sign-on (SSO_*; decision 032); default off. */
  sso?: SsoConfig | undefined;
}

/** Streams end after this long at most, and the console reconnects (decision 035). */
export const LIVE_STREAM_MS = 10 * 60 * 1000;

export function createApp(options: CreateAppOptions): Hono<AppEnv> {
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger ?? SILENT_LOGGER;
  const logError =
    options.logError ??
    ((message: string, error: unknown, requestId: string) =>
      logger.error({ requestId, err: error }, message));
  const deps: RouteDeps = {
    db: options.db,
    databaseKind: options.databaseKind ?? 'unknown',
    tokens: options.tokens,
    clock,
    rateLimiter: options.rateLimiter ?? createLoginRateLimiter(options.db, { clock }),
    revocations: options.revocations ?? createRevocationList(options.db, clock),
    clientAddress: options.clientAddress ?? clientAddressResolver(),
    logger,
    isShuttingDown: options.isShuttingDown ?? (() => false),
    liveEvents: options.liveEvents ?? inProcessLiveEvents(options.db),
    liveStreamMs: options.liveStreamMs ?? LIVE_STREAM_MS,
    sso: options.sso ? createSsoClient(options.sso) : undefined,
  };

  // Hono's TrieRouter with its answers remembered per path (http/router.ts, decision 060).
  const app = new Hono<AppEnv>({ router: new RememberingRouter() });

  // First, so every answer (a refusal by any later middleware included) has its id and log line.
  app.use('*', requestLog({ logger, metrics: options.metrics ?? false, basePath: API_BASE }));
  app.use('*', responseHeaders('/api/'));
  // Before authentication: a preflight carries no token.
  if (options.corsOrigins?.length) app.use('/api/*', cors(options.corsOrigins));
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => failure(c, 413, API_SERVER_ERRORS.bodyTooLarge),
  });
  // Only where a body is read: asking a GET for its body makes @hono/node-server build a full
  // Request for it (about 0.1 ms of every list request in a profile). A body of a declared length
  // (no chunked encoding) is judged by its header, as bodyLimit itself does, but without asking
  // for the body first: that too built the full Request, and the handler then read the body
  // through web streams instead of straight off the socket (the platform API's ingestion
  // profile, decision 051). Node's parser never passes on more bytes than the header declares.
  app.use('/api/*', async (c, next) => {
    if (BODYLESS_METHODS.has(c.req.method)) return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return limitBody(c, next);
    if (Number.parseInt(length, 10) > MAX_BODY_BYTES) return failure(c, 413, API_SERVER_ERRORS.bodyTooLarge);
    return next();
  });
  // A resolver, not the address: only the few requests that write an audit record pay for it.
  app.use(`${API_BASE}/*`, (c, next) => {
    c.set('clientAddress', deps.clientAddress);
    return next();
  });
  app.use(
    `${API_BASE}/*`,
    authenticate(deps.tokens, deps.revocations, API_BASE, createApiKeyVerifier(deps.db)),
  );
  app.use(`${API_BASE}/*`, sessionActivity(deps.db, deps.clock));

  mountOperations(app, API_BASE, [
    ...merchantRoutes(deps),
    ...transactionRoutes(deps),
    ...paymentMethodRoutes(deps),
    ...transactionLimitRoutes(deps),
    ...gatewayAccountRoutes(deps),
    ...glAccountRoutes(deps),
    ...accountMappingRoutes(deps),
    ...journalEntryRoutes(deps),
    ...bookRoutes(deps),
    ...currencyRoutes(deps),
    ...chargeRoutes(deps),
    ...authRoutes(deps),
    ...serviceRoutes(deps),
    ...fileRoutes(deps),
    ...dashboardRoutes(deps),
    ...moneyFlowRoutes(deps),
    ...liveEventRoutes(deps),
    ...changeHistoryRoutes(deps),
    ...userRoutes(deps),
    ...accountRoutes(deps),
    ...roleRoutes(deps),
    ...auditLogRoutes(deps),
    ...apiClientRoutes(deps),
    ...platformRoutes(deps),
    ...approvalRoutes(deps),
    ...listViewRoutes(deps),
  ]);

  app.all('/api/*', (c) => failure(c, 404, API_ERRORS.routeNotFound));
  app.all('/api', (c) => failure(c, 404, API_ERRORS.routeNotFound));
  mountConsole(app, options.staticDir);

  app.notFound((c) =>
    c.req.path.startsWith('/api/') ? failure(c, 404, API_ERRORS.routeNotFound) : c.text('Not found', 404),
  );

  app.onError((error, c) => {
    if (error instanceof ApiError) return failure(c, error.status, error.message, error.headers);
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own refusals (e.g. a malformed body) carry a safe, client-facing status.
      return failure(c, error.status, error.message || API_SERVER_ERRORS.unreadableBody);
    }
    // Data the database refused is the client's 400/409, not a fault (http/database-errors.ts).
    const refused = databaseRefusal(error);
    if (refused) return failure(c, refused.status, refused.message);
    // The route's pattern, not the path: ids and stored file names stay out of the log.
    logError(`Unhandled error on ${c.req.method} ${routePath(c)}`, error, c.get('requestId'));
    return failure(c, 500, API_ERRORS.internal);
  });

  return app;
}

/** A hub for an app given none: on PGlite the database's own NOTIFY feeds it; elsewhere nothing does. */
function inProcessLiveEvents(db: Database): LiveEventHub {
  const hub = createLiveEventHub();
  listenOnPglite(db, hub);
  return hub;
}
