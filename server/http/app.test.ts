import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_ERRORS, API_SERVER_ERRORS } from '@contract/messages';
import { PERMISSIONS, toPermissionMap } from '@contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { generateSigningKeys } from '../auth/keys';
import { createTokenService, type TokenService } from '../auth/tokens';
import type { Database } from '../db/connect';
import { NOTHING_REVOKED, readEnvelope } from '../test/api';
import { ASSET_SECURITY_HEADERS, SECURITY_HEADERS } from './response-headers';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';

/** A database that fails every query: for the 500 path, without a real database. */
const brokenDb = new Proxy(
  {},
  {
    get() {
      throw new Error('SECRET-DETAIL: connection refused at 10.0.0.5');
    },
  },
) as Database;

describe('the app without a database', () => {
  let staticDir: string;
  let tokens: TokenService;
  let token: string;
  const logged: unknown[] = [];
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'pbo-dist-'));
    await mkdir(join(staticDir, 'assets'));
    await writeFile(join(staticDir, 'index.html'), INDEX);
    await writeFile(join(staticDir, 'assets', 'index-AbC123.js'), 'console.log(1)');
    await writeFile(join(staticDir, 'favicon.svg'), '<svg/>');
    tokens = await createTokenService({ keys: generateSigningKeys() });
    token = (
      await tokens.sign({
        id: '00000000-0000-4000-8000-000000000001',
        email: 'a@example.com',
        name: 'A',
        preferredUsername: 'a',
        permissions: toPermissionMap([PERMISSIONS.viewMerchant]),
      })
    ).token;
    app = createApp({
      db: brokenDb,
      tokens,
      revocations: NOTHING_REVOKED,
      staticDir,
      logError: (_message, error) => logged.push(error),
    });
  });
  afterAll(() => rm(staticDir, { recursive: true, force: true }));

  describe('the console', () => {
    it('serves index.html at / and for deep links, never cached', async () => {
      for (const path of [
        '/',
        '/merchants',
        '/merchant-details/8a0e1b2c-0000-4000-8000-000000000000',
        '/signin?redirect=%2Fmerchants',
      ]) {
        const response = await app.request(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        expect(response.headers.get('cache-control')).toBe('no-cache');
        expect(await response.text()).toBe(INDEX);
      }
    });

    it('caches hashed assets for a year and other files for an hour', async () => {
      const asset = await app.request('/assets/index-AbC123.js');
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const favicon = await app.request('/favicon.svg');
      expect(favicon.headers.get('cache-control')).toBe('public, max-age=3600');
    });

    it('answers 404 for a missing asset instead of index.html', async () => {
      const response = await app.request('/assets/missing-123.js');
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('<html');
    });

    it('sends security headers suited to a same-origin SPA', async () => {
      const response = await app.request('/merchants');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    });

    it('sends a hashed asset only the security headers a script or stylesheet uses, the page all of them', async () => {
      const asset = await app.request('/assets/index-AbC123.js');
      expect(asset.status).toBe(200);
      const page = await app.request('/merchants');
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(page.headers.get(name), `page: ${name}`).toBe(value);
        expect(asset.headers.get(name), `asset: ${name}`).toBe(ASSET_SECURITY_HEADERS[name] ?? null);
      }
      expect(Object.keys(ASSET_SECURITY_HEADERS).sort()).toEqual([
        'Cross-Origin-Resource-Policy',
        'Referrer-Policy',
        'X-Content-Type-Options',
      ]);
      // Immutable under a name that changes with its content: never revalidated, so no validator.
      expect(asset.headers.get('last-modified')).toBeNull();
      // A file outside /assets/ (the favicon, the service files) is answered as a page is.
      const other = await app.request('/favicon.svg');
      expect(other.headers.get('content-security-policy')).toBe(SECURITY_HEADERS['Content-Security-Policy']);
      expect(other.headers.get('last-modified')).not.toBeNull();
    });

    it('says how to build the console when dist/ is missing', async () => {
      const bare = createApp({ db: brokenDb, tokens, revocations: NOTHING_REVOKED });
      const response = await bare.request('/merchants');
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(API_SERVER_ERRORS.consoleNotBuilt);
    });
  });

  describe('the API', () => {
    it('answers unknown API routes with a 404 envelope (after authentication)', async () => {
      const anonymous = await app.request('/api/v1/nothing-here');
      expect(anonymous.status).toBe(401);
      await readEnvelope(anonymous);
      for (const path of ['/api/v1/nothing-here', '/api/v2/merchants', '/api', '/api/']) {
        const response = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
        expect(response.status, path).toBe(404);
        expect((await readEnvelope(response)).errorMessage).toBe(API_ERRORS.routeNotFound);
      }
      const wrongMethod = await app.request('/api/v1/merchants', {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(wrongMethod.status).toBe(404);
      await readEnvelope(wrongMethod);
    });

    it('answers 500 without leaking the cause, and logs it', async () => {
      const response = await app.request('/api/v1/merchants', {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(500);
      const text = await response.clone().text();
      expect(text).not.toContain('SECRET-DETAIL');
      expect(text).not.toContain('at ');
      expect((await readEnvelope(response)).errorMessage).toBe(API_ERRORS.internal);
      expect(String(logged.at(-1))).toContain('SECRET-DETAIL');
    });

    it('refuses bodies over 1 MB with 413 in the envelope', async () => {
      const response = await app.request('/api/v1/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `username=a&password=${'x'.repeat(1024 * 1024 + 1)}`,
      });
      expect(response.status).toBe(413);
      expect((await readEnvelope(response)).errorMessage).toBe(API_SERVER_ERRORS.bodyTooLarge);
    });

    it('refuses a body whose declared length is over 1 MB with 413, judged by its header', async () => {
      const call = (length: number) =>
        app.request('/api/v1/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(length) },
          body: 'username=a&password=b',
        });
      const over = await call(1024 * 1024 + 1);
      expect(over.status).toBe(413);
      expect((await readEnvelope(over)).errorMessage).toBe(API_SERVER_ERRORS.bodyTooLarge);
      expect((await call(1024 * 1024)).status).not.toBe(413);
    });

    it('sends the security headers with every API answer, and a route may replace one', async () => {
      const expected: Record<string, string> = {
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'strict-transport-security': 'max-age=15552000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'DENY',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      };
      const answers = {
        unauthenticated: await app.request('/api/v1/merchants'),
        'server error': await app.request('/api/v1/merchants', {
          headers: { Authorization: `Bearer ${token}` },
        }),
        'unknown route': await app.request('/api/v1/nothing', {
          headers: { Authorization: `Bearer ${token}` },
        }),
        jwks: await app.request('/api/v1/auth/jwks'),
        docs: await app.request('/api/v1/docs'),
      };
      for (const [label, response] of Object.entries(answers)) {
        for (const [name, value] of Object.entries(expected)) {
          expect(response.headers.get(name), `${label}: ${name}`).toBe(value);
        }
        expect(response.headers.get('content-security-policy'), label).toContain("frame-ancestors 'none'");
      }
      expect(answers.unauthenticated.headers.get('cache-control')).toBe('no-store');
      expect(answers['server error'].headers.get('cache-control')).toBe('no-store');
      // The route's own values win over the defaults.
      expect(answers.jwks.headers.get('cache-control')).toBe('public, max-age=300');
      expect(answers.docs.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(answers.unauthenticated.headers.get('content-security-policy')).toContain("default-src 'self'");
    });

    it('marks API answers as not cacheable', async () => {
      const response = await app.request('/api/v1/nothing', {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.headers.get('cache-control')).toBe('no-store');
    });
  });
});
