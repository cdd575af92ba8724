/**
 * The service's own operations, all public: `GET /health` (liveness and a database check, used by
 * e2e start-up), the probes `GET /health/live` (the process serves HTTP; no database) and
 * `GET /health/ready` (the database answers, its migrations are applied, and the process is not
 * shutting down: a balancer stops sending it requests), and the API's documentation (docs/api.md): the OpenAPI document
 * generated from the declarations, and a server-rendered page that shows it without loading
 * anything from elsewhere. Both are built on first request and kept: they depend only on code.
 */
import { API_SERVER_ERRORS } from '@contract/messages';
import { READINESS_ERRORS, serviceOperations } from '@contract/operations/service';
import { sql } from 'drizzle-orm';
import { failure } from '../http/envelope';
import { handle } from '../http/operation';
import { setDefaultHeader } from '../http/response-headers';
import type { RouteDeps } from '../http/types';
import { migrationState } from '../observability/readiness';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi/document';
import { renderDocsPage } from '../openapi/html';

/** Same for every caller and changes only with a deploy: short shared caching is safe. */
const CACHE_CONTROL = 'public, max-age=300';
/**
 * The page needs nothing but its own inline stylesheet: no script, image, font or connection. The
 * app's security headers are set before the handler, so this stricter one replaces its policy.
 */
const DOCS_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function serviceRoutes({ db, databaseKind, logger, isShuttingDown }: RouteDeps) {
  let document: OpenApiDocument | undefined;
  let json: string | undefined;
  let html: string | undefined;
  const getDocument = () => {
    document ??= buildOpenApiDocument();
    return document;
  };

  return [
    handle(serviceOperations.health, async ({ c }) => {
      setDefaultHeader(c, 'Cache-Control', 'no-store');
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        logger.warn({ requestId: c.get('requestId'), err: error }, 'Health check: database unreachable');
        return failure(c, 503, API_SERVER_ERRORS.databaseUnavailable);
      }
      return { ok: true as const, database: databaseKind };
    }),

    handle(serviceOperations.live, ({ c }) => {
      setDefaultHeader(c, 'Cache-Control', 'no-store');
      return { ok: true as const };
    }),

    handle(serviceOperations.ready, async ({ c }) => {
      setDefaultHeader(c, 'Cache-Control', 'no-store');
      if (isShuttingDown()) return failure(c, 503, READINESS_ERRORS.shuttingDown);
      let migrations: Awaited<ReturnType<typeof migrationState>>;
      try {
        migrations = await migrationState(db);
      } catch (error) {
        logger.warn({ requestId: c.get('requestId'), err: error }, 'Readiness: database unreachable');
        return failure(c, 503, READINESS_ERRORS.databaseUnavailable);
      }
      if (!migrations.applied) return failure(c, 503, READINESS_ERRORS.migrationsPending);
      return { ok: true as const, database: databaseKind, migrations: migrations.count };
    }),

    handle(serviceOperations.openApiDocument, ({ c }) => {
      json ??= JSON.stringify(getDocument());
      c.header('Cache-Control', CACHE_CONTROL);
      c.header('Content-Type', 'application/json; charset=utf-8');
      return c.body(json, 200);
    }),

    handle(serviceOperations.docsPage, ({ c }) => {
      html ??= renderDocsPage(getDocument());
      c.header('Cache-Control', CACHE_CONTROL);
      c.header('Content-Security-Policy', DOCS_CSP);
      return c.html(html, 200);
    }),
  ];
}
