/**
 * An app without a database for the OpenAPI tests: every query fails (500), which is enough to see
 * whether a route answers 401 or 403 before it reaches the database, and to list the routes.
 */
import { type Permission, toPermissionMap } from '@contract/permissions';
import type { Hono } from 'hono';
import { createApp } from '../app';
import { generateSigningKeys } from '../auth/keys';
import { createTokenService, type TokenService } from '../auth/tokens';
import type { Database } from '../db/connect';
import type { AppEnv } from '../http/types';
import { NOTHING_REVOKED } from './api';

const noDatabase = new Proxy(
  {},
  {
    get() {
      throw new Error('no database in this test');
    },
  },
) as Database;

export interface AppWithoutDatabase {
  app: Hono<AppEnv>;
  tokenWith(permissions: readonly Permission[]): Promise<string>;
}

export async function createAppWithoutDatabase(): Promise<AppWithoutDatabase> {
  const tokens: TokenService = await createTokenService({ keys: generateSigningKeys() });
  const app = createApp({ db: noDatabase, tokens, revocations: NOTHING_REVOKED, logError: () => {} });
  return {
    app,
    async tokenWith(permissions) {
      const signed = await tokens.sign({
        id: '00000000-0000-4000-8000-000000000001',
        email: 'docs@example.com',
        name: 'Docs',
        preferredUsername: 'docs',
        permissions: toPermissionMap(permissions),
      });
      return signed.token;
    },
  };
}

/** `GET /api/v1/merchants/{id}` for every mounted API route, as the document writes paths. */
export function mountedApiRoutes(app: Hono<AppEnv>, base: string): Set<string> {
  const routes = new Set<string>();
  for (const route of app.routes) {
    // ALL entries are middleware and the 404 fallbacks, not endpoints.
    if (route.method === 'ALL' || !route.path.startsWith(`${base}/`)) continue;
    const path = route.path
      .slice(base.length)
      .replace(/:([A-Za-z0-9_]+)/g, '{$1}')
      .replace(/\/\*$/, '/{path}');
    routes.add(`${route.method} ${path}`);
  }
  return routes;
}
