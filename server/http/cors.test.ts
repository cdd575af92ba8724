import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { generateSigningKeys } from '../auth/keys';
import { createTokenService } from '../auth/tokens';
import type { Database } from '../db/connect';
import { NOTHING_REVOKED } from '../test/api';
import { CORS_ALLOWED_HEADERS, CORS_ALLOWED_METHODS } from './cors';

/** No route these tests call reaches the database (the JWKS and refusals before any handler). */
const noDatabase = {} as Database;
const CONSOLE = 'https://console.example.com';
const tokens = await createTokenService({ keys: generateSigningKeys() });
const appWith = (corsOrigins?: readonly string[]) =>
  createApp({
    db: noDatabase,
    tokens,
    revocations: NOTHING_REVOKED,
    ...(corsOrigins ? { corsOrigins } : {}),
  });

const preflight = (origin: string) => ({
  method: 'OPTIONS',
  headers: {
    Origin: origin,
    'Access-Control-Request-Method': 'PUT',
    'Access-Control-Request-Headers': 'authorization, content-type',
  },
});

describe('CORS_ORIGINS', () => {
  const app = appWith([CONSOLE, 'http://localhost:5173']);

  it('answers a listed origin: its preflight before authentication, then the call itself', async () => {
    const options = await app.request(
      '/api/v1/currencies/11111111-1111-4111-8111-111111111111',
      preflight(CONSOLE),
    );
    expect(options.status).toBe(204);
    expect(options.headers.get('access-control-allow-origin')).toBe(CONSOLE);
    expect(options.headers.get('access-control-allow-methods')).toBe(CORS_ALLOWED_METHODS);
    expect(options.headers.get('access-control-allow-headers')).toBe(CORS_ALLOWED_HEADERS);
    expect(CORS_ALLOWED_HEADERS).toMatch(/Authorization.*Content-Type.*X-Request-Id/);
    expect(options.headers.get('access-control-max-age')).toBe('600');
    expect(options.headers.get('access-control-allow-credentials')).toBeNull();
    expect(options.headers.get('vary')).toBe('Origin');
    expect(options.headers.get('x-request-id')).toBeTruthy();

    const call = await app.request('/api/v1/auth/jwks', { headers: { Origin: 'http://localhost:5173' } });
    expect(call.status).toBe(200);
    expect(call.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(call.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    expect(call.headers.get('access-control-allow-credentials')).toBeNull();
    expect(call.headers.get('vary')).toBe('Origin');

    // A refusal still carries the header, or the browser would hide the 401 from the console.
    const refused = await app.request('/api/v1/merchants', { headers: { Origin: CONSOLE } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(CONSOLE);
  });

  it('gives any other origin no CORS headers, so the browser refuses it', async () => {
    for (const origin of ['https://evil.example.com', 'https://console.example.com.evil.example', 'null']) {
      const options = await app.request('/api/v1/merchants', preflight(origin));
      expect(options.status, origin).toBe(401);
      expect(options.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(options.headers.get('access-control-allow-methods'), origin).toBeNull();
      const call = await app.request('/api/v1/auth/jwks', { headers: { Origin: origin } });
      expect(call.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(call.headers.get('vary'), origin).toBe('Origin');
    }
    const sameOrigin = await app.request('/api/v1/auth/jwks');
    expect(sameOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('leaves the console itself alone', async () => {
    const response = await app.request('/merchants', { headers: { Origin: CONSOLE } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('unset: no CORS headers at all, a preflight is an unauthenticated call like any other', async () => {
    const bare = appWith();
    const options = await bare.request('/api/v1/merchants', preflight(CONSOLE));
    expect(options.status).toBe(401);
    const call = await bare.request('/api/v1/auth/jwks', { headers: { Origin: CONSOLE } });
    for (const response of [options, call]) {
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('vary')).toBeNull();
    }
  });
});
