import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDirectory } from '../../scripts/compress-assets';
import { mountConsole } from './static';
import type { AppEnv } from './types';

/** Text that compresses well and is over the 1 KiB floor, as a real bundle is. */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;
const INDEX = `<!doctype html><html><head><title>Console</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

describe('the built console, compressed', () => {
  let dir: string;
  let app: Hono<AppEnv>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pbo-compressed-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), INDEX);
    await writeFile(join(dir, 'assets', 'index-AbC123.js'), SCRIPT);
    await writeFile(join(dir, 'assets', 'index-AbC123.js.map'), SCRIPT);
    await writeFile(join(dir, 'assets', 'tiny-Zz9.css'), 'a{color:red}');
    compressDirectory(dir);
    app = new Hono<AppEnv>();
    mountConsole(app, dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy of each text file over 1 KiB, and none of source maps or tiny files', async () => {
    expect(brotliDecompressSync(await readFile(join(dir, 'assets', 'index-AbC123.js.br'))).toString()).toBe(
      SCRIPT,
    );
    expect(gunzipSync(await readFile(join(dir, 'assets', 'index-AbC123.js.gz'))).toString()).toBe(SCRIPT);
    expect(brotliDecompressSync(await readFile(join(dir, 'index.html.br'))).toString()).toBe(INDEX);
    await expect(readFile(join(dir, 'assets', 'index-AbC123.js.map.br'))).rejects.toThrow(/ENOENT/);
    await expect(readFile(join(dir, 'assets', 'tiny-Zz9.css.br'))).rejects.toThrow(/ENOENT/);
  });

  it('sends brotli to a browser that accepts it, with Vary and the year-long cache of hashed assets', async () => {
    const response = await app.request('/assets/index-AbC123.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Vary')).toContain('Accept-Encoding');
    expect(response.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('sends gzip where brotli is not accepted, and the file itself where neither is', async () => {
    const gzip = await app.request('/assets/index-AbC123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT);

    const plain = await app.request('/assets/index-AbC123.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('sends index.html compressed for deep links, never cached', async () => {
    const response = await app.request('/merchant-details/123', { headers: { 'Accept-Encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(INDEX);
  });

  it('sends a file without a compressed copy (under 1 KiB) as it is, even to a browser that accepts brotli', async () => {
    const response = await app.request('/assets/tiny-Zz9.css', { headers: { 'Accept-Encoding': 'br' } });
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(await response.text()).toBe('a{color:red}');
  });
});

describe('the built console, with its build manifest', () => {
  let dir: string;
  let app: Hono<AppEnv>;
  const manifest = {
    'index.html': { file: 'assets/index-AbC123.js', isEntry: true },
    'src/routes/signin.tsx?tsr-split=component': { file: 'assets/signin-Sg1.js' },
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pbo-manifest-'));
    await mkdir(join(dir, 'assets'));
    await mkdir(join(dir, '.vite'));
    await writeFile(join(dir, 'index.html'), INDEX);
    await writeFile(join(dir, 'assets', 'index-AbC123.js'), SCRIPT);
    await writeFile(join(dir, 'assets', 'signin-Sg1.js'), SCRIPT);
    await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    app = new Hono<AppEnv>();
    mountConsole(app, dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("names the entry and the page's route chunk in a modulepreload Link header on the HTML, and on nothing else", async () => {
    const page = await app.request('/signin');
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(page.headers.get('Link')).toBe(
      '</assets/index-AbC123.js>; rel=modulepreload, </assets/signin-Sg1.js>; rel=modulepreload',
    );
    expect((await app.request('/merchants')).headers.get('Link')).toBeNull();
    expect((await app.request('/assets/signin-Sg1.js')).headers.get('Link')).toBeNull();
  });

  it('does not serve the manifest itself', async () => {
    expect((await app.request('/.vite/manifest.json')).status).toBe(404);
  });
});
