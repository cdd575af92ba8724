/**
 * A Vite build plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file
 * of the build, so the server (server/http/static.ts) can send the compressed bytes a browser asks
 * for without compressing on each request. Compressed once at build time, so brotli runs at its
 * highest quality: the cost is paid by the build, never by a request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What browsers fetch from the console; source maps are only opened by developer tools. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/**
 * Below this, brotli saves too little to matter. Not higher: since route loaders are split
 * (decision 050), `/merchants` loads dozens of chunks of 0.3-1 kB, and compressing them saved 2.9 kB
 * of its 305.6 on the wire (`npm run bench:bundle`). A copy that is not smaller is never written.
 */
const MIN_BYTES = 256;

export interface CompressedFile {
  readonly file: string;
  readonly bytes: number;
  readonly brotli: number | undefined;
  readonly gzip: number | undefined;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes the copies for the files under `dir`; a copy that would not be smaller is not written. */
export function compressDirectory(dir: string): CompressedFile[] {
  const written: CompressedFile[] = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: 9 });
    const keep = (copy: Buffer, extension: string) => {
      if (copy.length >= content.length) return undefined;
      writeFileSync(file + extension, copy);
      return copy.length;
    };
    written.push({ file, bytes: content.length, brotli: keep(brotli, '.br'), gzip: keep(gzip, '.gz') });
  }
  return written;
}

export function compressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      compressDirectory(outDir);
    },
  };
}
