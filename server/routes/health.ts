/** `GET /health`: public liveness and database check, used by e2e start-up and load balancers. */
import { API_SERVER_ERRORS } from '@contract/messages';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { failure, ok } from '../http/envelope';
import type { AppEnv, RouteDeps } from '../http/types';

export function healthRoutes({ db, databaseKind }: RouteDeps) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      console.error('Health check: database unreachable:', error);
      return failure(c, 503, API_SERVER_ERRORS.databaseUnavailable);
    }
    return ok(c, { ok: true, database: databaseKind });
  });
  return app;
}
