import { beforeAll, describe, expect, it } from 'vitest';
import { type AppWithoutDatabase, createAppWithoutDatabase } from '../test/openapi';

describe('GET /api/v1/openapi.json and /api/v1/docs', () => {
  let api: AppWithoutDatabase;

  beforeAll(async () => {
    api = await createAppWithoutDatabase();
  });

  it('answers the OpenAPI document without a token, as JSON, the same text every time', async () => {
    const first = await api.app.request('/api/v1/openapi.json');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    const text = await first.text();
    const doc = JSON.parse(text) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/merchants/{id}');
    const second = await api.app.request('/api/v1/openapi.json');
    expect(await second.text()).toBe(text);
  });

  it('answers a self-contained HTML page without a token, under a CSP that allows no script', async () => {
    const response = await api.app.request('/api/v1/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    // Stricter than the app's policy: nothing but the page's own inline styles.
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).not.toContain('script-src');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await response.text();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Payments Back Office API');
    // Anchors for a tag, an operation and a schema, and links between them.
    expect(html).toContain('id="tag-merchants"');
    expect(html).toContain('id="getMerchantsById"');
    expect(html).toContain('href="#schema-merchant"');
    expect(html).toContain('id="schema-merchant"');
    expect(html).toContain('<code>view-merchant</code> on <code>merchant</code>');
    // Nothing loaded from elsewhere, and no script the CSP would have to allow.
    expect(html).not.toMatch(/<script|<link|\bsrc=|https?:\/\//i);
  });

  it('escapes what it renders', async () => {
    const html = await (await api.app.request('/api/v1/docs')).text();
    // A description with a tag-like text must arrive as text (`<img>` in the logo route's description).
    expect(html).toContain('&lt;img&gt;');
    expect(html).not.toContain('<img');
  });

  it('keeps the other API paths protected', async () => {
    const response = await api.app.request('/api/v1/openapi');
    expect(response.status).toBe(401);
  });
});
