/**
 * `GET /openapi.json` and `GET /docs` (both public, docs/api.md): the OpenAPI document generated from
 * the contract, and a server-rendered page that shows it without loading anything from elsewhere.
 * Both are built on first request and kept: they depend only on code, not on data.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
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

export function openApiRoutes() {
  const app = new Hono<AppEnv>();
  let document: OpenApiDocument | undefined;
  let json: string | undefined;
  let html: string | undefined;
  const getDocument = () => {
    document ??= buildOpenApiDocument();
    return document;
  };

  app.get('/openapi.json', (c) => {
    json ??= JSON.stringify(getDocument());
    c.header('Cache-Control', CACHE_CONTROL);
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(json, 200);
  });

  app.get('/docs', (c) => {
    html ??= renderDocsPage(getDocument());
    c.header('Cache-Control', CACHE_CONTROL);
    c.header('Content-Security-Policy', DOCS_CSP);
    return c.html(html, 200);
  });

  return app;
}
