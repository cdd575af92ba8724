/**
 * One middleware in front of everything: gives each request an id, and when it has been answered,
 * writes one log line and (with metrics on) one observation of the request histogram.
 *
 * The id: a caller's (or a proxy's) `X-Request-Id` is kept when it is 1-128 characters of
 * letters, digits and `._:/+=-`, so a trace can follow one request through the proxy and here;
 * anything else is replaced by a new UUID, so a log line never carries what a client chose to
 * inject. It is sent back on every answer (errors included) and kept on the context
 * (`c.get('requestId')`) for the error handler's line.
 *
 * The line: request id, method, route (the declared path, `/api/v1/merchants/{id}`, never the URL:
 * no ids, no query string, no file names), status, duration in ms, and the caller's user id (the
 * token's `sub`) when a token was verified, or the user a sign-in signed in. Nothing else of the request or the answer: no headers,
 * no query, no body.
 *
 * Cost: the header is set before the handler runs, and afterwards only `c.res.status` is read, which
 * @hono/node-server answers from its lightweight response without building a web Response (reading
 * or writing `c.res.headers` there would: see ./response-headers.ts).
 */
import { randomUUID } from 'node:crypto';
import type { TokenClaims } from '@contract/auth';
import { authOperations } from '@contract/operations/auth';
import { routerPath } from '@contract/operations/define';
import { OPERATIONS } from '@contract/operations/registry';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from '../observability/logger';
import { httpRequestDuration, signInFailures } from '../observability/metrics';
import { setDefaultHeader } from './response-headers';
import type { AppContext, AppEnv } from './types';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:/+=-]{1,128}$/;

/** The caller's id when it is safe to keep, else a new one. */
export function requestIdFrom(header: string | undefined): string {
  return header !== undefined && ACCEPTED_REQUEST_ID.test(header) ? header : randomUUID();
}

/** The route label of a request no declared operation matched: another API path, or the console. */
export const UNKNOWN_API_ROUTE = '/api/*';
export const CONSOLE_ROUTE = 'console';

export interface RequestLogOptions {
  logger: Logger;
  /** Observe the request histogram (METRICS_PORT set); the counters are always kept. */
  metrics: boolean;
  /** Where the operations are mounted (`/api/v1`). */
  basePath: string;
}

/**
 * The declared path of the operation the request matched (whether or not its handler ran: a 401
 * from the authentication middleware is still counted against the operation), else a fixed label.
 */
function routeLabeller(basePath: string): (c: AppContext) => string {
  const declared = new Map<string, string>();
  for (const operation of OPERATIONS) {
    declared.set(basePath + routerPath(operation.path), basePath + operation.path);
  }
  return (c) => {
    for (const route of matchedRoutes(c)) {
      // Middleware is registered for every method ('ALL'); operations for their own.
      if (route.method === 'ALL') continue;
      const label = declared.get(route.path);
      if (label !== undefined) return label;
    }
    const path = c.req.path;
    return path === '/api' || path.startsWith('/api/') ? UNKNOWN_API_ROUTE : CONSOLE_ROUTE;
  };
}

export function requestLog({ logger, metrics, basePath }: RequestLogOptions): MiddlewareHandler<AppEnv> {
  const routeOf = routeLabeller(basePath);
  const loginRoute = basePath + authOperations.login.path;
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', requestId);
    setDefaultHeader(c, REQUEST_ID_HEADER, requestId);

    await next();

    const status = c.res.status;
    const method = c.req.method;
    const level = status >= 500 ? 'error' : 'info';
    const logged = logger.isLevelEnabled(level);
    const signInRefusal = method === 'POST' && (status === 401 || status === 429);
    // The route label is looked up only when something will use it (decision 064): with the log
    // below the level and no histogram, an answer costs no lookup at all.
    if (!metrics && !logged && !signInRefusal) return;
    const route = routeOf(c);
    const durationMs = performance.now() - started;
    if (metrics) httpRequestDuration.observe({ method, route, status: String(status) }, durationMs / 1000);
    if (signInRefusal && route === loginRoute) {
      signInFailures.inc({ reason: status === 401 ? 'refused' : 'rate_limited' });
    }
    if (!logged) return;
    const userId = (c.get('claims') as TokenClaims | undefined)?.sub ?? c.get('signedIn');
    logger[level](
      {
        requestId,
        method,
        route,
        status,
        durationMs: Math.round(durationMs * 100) / 100,
        ...(userId === undefined ? {} : { userId }),
      },
      'request',
    );
  };
}
