/**
 * Bundle budget: what /signin, /merchants and /transactions load, beside a floor app built in the same run from the
 * same providers with one empty route. Two tables: the gzip size of the JS and CSS files, and the
 * bytes a browser actually receives for each page (index.html and those files) from the server's
 * own static mount (server/http/static.ts) over HTTP, asking as Chromium does. Prints figures and
 * ratios; it does not assert (targets: /signin < 1.5x floor, the list pages < 2x floor;
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

/** The app's pages, each by the route modules it loads before it renders. */
const appPages = [
  { page: '/signin', modules: ['src/routes/signin.tsx'] },
  {
    page: '/merchants',
    modules: ['src/routes/_authenticated.tsx', 'src/routes/_authenticated/merchants/index.tsx'],
  },
  {
    page: '/transactions',
    modules: ['src/routes/_authenticated.tsx', 'src/routes/_authenticated/transactions/index.tsx'],
  },
].map(({ page, modules }) => ({
  page,
  files: filesLoaded(app, [appEntry, ...modules.flatMap((module) => chunksOf(app, module))]),
}));
const floorFiles = filesLoaded(floor, [entryKey(floor)]);

const floorRow = measure(floorOut, floorFiles, 'floor (providers + one empty route)');
const rows = [floorRow, ...appPages.map(({ page, files }) => measure(appOut, files, page))];

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
for (const row of rows) {
  console.log(
    row.page.padEnd(40),
    kb(row.js).padStart(10),
    kb(row.css).padStart(10),
    kb(total(row)).padStart(10),
    (total(row) / total(floorRow)).toFixed(2).padStart(9),
  );
}
console.log('\ntargets: /signin < 1.50x floor, /merchants and /transactions < 2.00x floor');

await printWireBytes({
  floor: { dir: floorOut, files: floorFiles },
  pages: appPages.map(({ page, files }) => ({ page, dir: appOut, files })),
});
