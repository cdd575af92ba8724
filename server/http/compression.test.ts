import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './compression';
import { ok } from './envelope';

const LARGE = Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Merchant ${i}`, status: 'ACTIVE' }));
const SMALL = { id: 1 };

function app() {
  const hono = new Hono();
  hono.get('/large', (c) => ok(c, LARGE));
  hono.get('/small', (c) => ok(c, SMALL));
  return hono;
}

const envelope = (data: unknown) => ({ success: true, status: 200, data, errorMessage: null });

describe('compressed JSON answers', () => {
  it('sends a large answer in brotli to a client that accepts it, with Vary', async () => {
    const response = await app().request('/large', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.headers.get('Vary')).toContain('Accept-Encoding');
    const bytes = Buffer.from(await response.arrayBuffer());
    const plain = JSON.stringify(envelope(LARGE));
    expect(bytes.length).toBeLessThan(plain.length / 3);
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual(envelope(LARGE));
  });

  it('sends gzip where brotli is not accepted, and plain JSON where nothing is', async () => {
    const gzip = await app().request('/large', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString())).toEqual(envelope(LARGE));

    const plain = await app().request('/large');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toContain('Accept-Encoding');
    expect(await plain.json()).toEqual(envelope(LARGE));
  });

  it('sends a small answer as it is', async () => {
    const response = await app().request('/small', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(await response.json()).toEqual(envelope(SMALL));
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;q=0.5', 'br'],
    ['gzip;q=0, br;q=0', undefined],
    ['*', undefined],
  ] as const)('negotiates %j as %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
