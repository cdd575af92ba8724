/**
 * Bytes on the wire: each page's index.html, JS and CSS fetched over HTTP from the server's own
 * static mount (server/http/static.ts, as `npm start` serves it) with Chromium's Accept-Encoding,
 * counting the bytes of each response as received (headers and the still-compressed body).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { mountConsole } from '../../server/http/static';
import type { AppEnv } from '../../server/http/types';

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

async function pageBytes(page: Page, acceptEncoding: string | undefined): Promise<number> {
  const app = new Hono<AppEnv>();
  mountConsole(app, page.dir);
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const paths = [page.page, ...[...page.files.js, ...page.files.css].map((file) => `/${file}`)];
    const sizes = await Promise.all(paths.map((path) => received(origin, path, acceptEncoding)));
    return sizes.reduce((a, b) => a + b, 0);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export async function printWireBytes(options: { floor: Omit<Page, 'page'>; pages: Page[] }) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const rows = [
    { page: '/', ...options.floor, label: 'floor (providers + one empty route)' },
    ...options.pages,
  ];
  const measured = [];
  for (const row of rows) {
    measured.push({
      label: 'label' in row ? row.label : row.page,
      plain: await pageBytes(row, undefined),
      wire: await pageBytes(row, CHROMIUM_ACCEPT_ENCODING),
    });
  }
  const floorWire = measured[0]?.wire ?? Number.NaN;
  console.log(
    `\nOn the wire from the server's static mount (index.html + JS + CSS; headers included), ` +
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
