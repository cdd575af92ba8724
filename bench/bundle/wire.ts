/**
 * Bytes on the wire: each page's index.html, JS and CSS fetched over HTTP from the server `npm start`
 * runs (server/main.ts, on an embedded database of its own, with the build as its STATIC_DIR) with
 * Chromium's Accept-Encoding, counting the bytes of each response as received: the status line, every
 * header the whole app sends (its security headers and request id too), and the still-compressed body.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/test/free-port';
import { startConsoleServer } from '../browser/console-server';

const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

interface Page {
  page: string;
  dir: string;
  files: { js: string[]; css: string[] };
}

/** The raw bytes of one response: status line and headers as sent, and the body undecoded. */
function received(origin: string, path: string, acceptEncoding: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {};
    http
      .get(`${origin}${path}`, { headers }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${path}: HTTP ${response.statusCode}`));
        let bytes = 0;
        // rawHeaders has each name and value; each line is "name: value\r\n"; plus the status line.
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          bytes += `${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`.length;
        }
        bytes += `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n\r\n`.length;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Runs `measure` against server/main.ts serving `staticDir`, then stops the server. */
async function withServer<T>(staticDir: string, measure: (origin: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pbo-bundle-data-'));
  const server = await startConsoleServer({
    port: await freePort(),
    staticDir,
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
  });
  try {
    return await measure(server.origin);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function pageBytes(origin: string, page: Omit<Page, 'dir'>, acceptEncoding: string | undefined) {
  const paths = [page.page, ...[...page.files.js, ...page.files.css].map((file) => `/${file}`)];
  const sizes = await Promise.all(paths.map((path) => received(origin, path, acceptEncoding)));
  return sizes.reduce((a, b) => a + b, 0);
}

export async function printWireBytes(options: { floor: Omit<Page, 'page'>; pages: Page[] }) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const rows = [
    { page: '/', ...options.floor, label: 'floor (providers + one empty route)' },
    ...options.pages,
  ];
  const measured: { label: string; plain: number; wire: number }[] = [];
  // One server per build: the floor's, then the app's (the pages share one build).
  for (const dir of new Set(rows.map((row) => row.dir))) {
    await withServer(dir, async (origin) => {
      for (const row of rows.filter((r) => r.dir === dir)) {
        measured.push({
          label: 'label' in row ? row.label : row.page,
          plain: await pageBytes(origin, row, undefined),
          wire: await pageBytes(origin, row, CHROMIUM_ACCEPT_ENCODING),
        });
      }
    });
  }
  const floorWire = measured[0]?.wire ?? Number.NaN;
  console.log(
    `\nOn the wire from server/main.ts, as npm start runs it (index.html + JS + CSS; headers included), ` +
      `Accept-Encoding "${CHROMIUM_ACCEPT_ENCODING}" against none:\n`,
  );
  console.log('page'.padEnd(40), 'none'.padStart(11), 'as Chromium'.padStart(12), 'x floor'.padStart(9));
  for (const row of measured) {
    console.log(
      row.label.padEnd(40),
      kb(row.plain).padStart(11),
      kb(row.wire).padStart(12),
      (row.wire / floorWire).toFixed(2).padStart(9),
    );
  }
}
