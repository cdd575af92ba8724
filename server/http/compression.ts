/**
 * Compressed JSON answers. A list page is 4-10 kB of JSON that compresses to a fifth; on a real
 * network those bytes cost more than the 30-50 µs of compressing them. Compressed whole and
 * synchronously into one buffer, so @hono/node-server still writes the answer in one call (a
 * streaming compressor would put every answer on its slow path: see response-headers.ts).
 * Small answers go as they are: under a kilobyte, headers and framing are most of the bytes.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { appendDefaultHeader, setDefaultHeader } from './response-headers';

export const COMPRESS_MIN_BYTES = 1024;

/** What `c.json` sends (the text is built here, once, to measure it). */
const JSON_TYPE = { 'Content-Type': 'application/json' } as const;

export type Encoding = 'br' | 'gzip';

/** The encoding to answer in: brotli if accepted, else gzip, else none (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

function compress(text: string, encoding: Encoding): Buffer {
  const bytes = Buffer.from(text);
  return encoding === 'br'
    ? brotliCompressSync(bytes, {
        params: {
          // Quality 4: most of brotli's gain at gzip's speed (measured on a list page).
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzipSync(bytes, { level: 6 });
}

/** `c.json`, compressed when the body is large enough and the client accepts an encoding. */
export function jsonAnswer(c: Context, body: unknown, status: ContentfulStatusCode): Response {
  const text = JSON.stringify(body);
  if (text.length < COMPRESS_MIN_BYTES) return c.body(text, status, JSON_TYPE);
  // The answer depends on Accept-Encoding from this size on, compressed or not. Both headers go
  // where the security headers go (response-headers.ts): a second header in the answer's own would
  // make Hono build a web `Headers` for it.
  appendDefaultHeader(c, 'Vary', 'Accept-Encoding');
  const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
  if (!encoding) return c.body(text, status, JSON_TYPE);
  setDefaultHeader(c, 'Content-Encoding', encoding);
  return c.body(new Uint8Array(compress(text, encoding)), status, JSON_TYPE);
}
