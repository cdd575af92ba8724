/**
 * Bundle budget: what /signin and /merchants load, beside a floor app built in the same run from the
 * same providers with one empty route. Two tables: the gzip size of the JS and CSS files, and the
 * bytes a browser actually receives for each page (index.html and those files) from the server's
 * own static mount (server/http/static.ts) over HTTP, asking as Chromium does. Prints figures and
 * ratios; it does not assert (targets: /signin < 1.5x floor, /merchants < 2x floor;
 * docs/performance.md).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { compressAssets } from '../../scripts/compress-assets';
import { chunksOf, entryKey, filesLoaded, gzipBytes, readManifest } from './manifest';
import { printWireBytes } from './wire';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'pbo-bundle-'));
const appOut = join(out, 'app');
const floorOut = join(out, 'floor');
const alias = { '@/': join(root, 'src/'), '@contract/': join(root, 'contract/') };

await build({
  root,
  logLevel: 'warn',
  build: { outDir: appOut, manifest: true, emptyOutDir: true, sourcemap: false },
});
await build({
  root: join(root, 'bench/bundle/floor'),
  configFile: false,
  logLevel: 'warn',
  plugins: [react(), compressAssets()],
  resolve: { alias },
  build: { outDir: floorOut, manifest: true, emptyOutDir: true, sourcemap: false },
});

const app = readManifest(appOut);
const floor = readManifest(floorOut);
const appEntry = entryKey(app);

type Row = { page: string; js: number; css: number };
function measure(dir: string, files: { js: string[]; css: string[] }, page: string): Row {
  return { page, js: gzipBytes(dir, files.js), css: gzipBytes(dir, files.css) };
}

const floorRow = measure(
  floorOut,
  filesLoaded(floor, [entryKey(floor)]),
  'floor (providers + one empty route)',
);
const signin = measure(
  appOut,
  filesLoaded(app, [appEntry, ...chunksOf(app, 'src/routes/signin.tsx')]),
  '/signin',
);
const merchants = measure(
  appOut,
  filesLoaded(app, [
    appEntry,
    ...chunksOf(app, 'src/routes/_authenticated.tsx'),
    ...chunksOf(app, 'src/routes/_authenticated/merchants/index.tsx'),
  ]),
  '/merchants',
);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const total = (row: Row) => row.js + row.css;
console.log('\nGzip size of what each page loads (level 9):\n');
console.log(
  'page'.padEnd(40),
  'js'.padStart(10),
  'css'.padStart(10),
  'total'.padStart(10),
  'x floor'.padStart(9),
);
for (const row of [floorRow, signin, merchants]) {
  console.log(
    row.page.padEnd(40),
    kb(row.js).padStart(10),
    kb(row.css).padStart(10),
    kb(total(row)).padStart(10),
    (total(row) / total(floorRow)).toFixed(2).padStart(9),
  );
}
console.log('\ntargets: /signin < 1.50x floor, /merchants < 2.00x floor');

const pages = {
  floor: filesLoaded(floor, [entryKey(floor)]),
  signin: filesLoaded(app, [appEntry, ...chunksOf(app, 'src/routes/signin.tsx')]),
  merchants: filesLoaded(app, [
    appEntry,
    ...chunksOf(app, 'src/routes/_authenticated.tsx'),
    ...chunksOf(app, 'src/routes/_authenticated/merchants/index.tsx'),
  ]),
};
await printWireBytes({
  floor: { dir: floorOut, files: pages.floor },
  pages: [
    { page: '/signin', dir: appOut, files: pages.signin },
    { page: '/merchants', dir: appOut, files: pages.merchants },
  ],
});
