import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../data/users';

/**
 * The mocks' tokens verify against the key set they publish, as the server's do: a client that
 * checks signatures (rather than only decoding, as the console does) works against the mocks.
 */
const API = 'http://localhost/api/v1';

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function signIn(): Promise<string> {
  const { email, password } = DEMO_USERS.admin;
  const response = await fetch(`${API}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { access_token: string } };
  return body.data.access_token;
}

async function verifies(token: string, jwk: JsonWebKey): Promise<boolean> {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const key = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'verify',
  ]);
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    bytesOf(signature),
    new TextEncoder().encode(`${header}.${payload}`),
  );
}

describe('mock tokens', () => {
  it('are ES256 tokens that verify against GET auth/jwks, and a changed payload does not', async () => {
    const token = await signIn();
    const jwks = await fetch(`${API}/auth/jwks`);
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=300');
    const { keys } = (await jwks.json()) as { keys: (JsonWebKey & { kid: string })[] };
    expect(keys).toHaveLength(1);
    const [jwk] = keys;
    if (!jwk) throw new Error('no key');
    const header = JSON.parse(atob((token.split('.')[0] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      alg: string;
      kid: string;
    };
    expect(header).toMatchObject({ alg: 'ES256', kid: jwk.kid });
    expect(await verifies(token, jwk)).toBe(true);

    const [h, p = '', s] = token.split('.');
    const claims = JSON.parse(atob(p.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const forged = btoa(JSON.stringify({ ...claims, name: 'Someone else' }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(await verifies(`${h}.${forged}.${s}`, jwk)).toBe(false);
  });
});
