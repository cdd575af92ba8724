import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compressAssets } from './scripts/compress-assets.ts';
import { rememberSplitLoaders } from './scripts/remember-split-loaders.ts';

const apiTarget = process.env.VITE_DEV_API_PROXY ?? 'http://127.0.0.1:8080';

/**
 * `npm run dev:mock` runs the console against the MSW handlers (mocks/). The worker script is
 * served by the dev server only, so production builds never ship it.
 */
function mockServiceWorker(): Plugin {
  const file = fileURLToPath(new URL('./mocks/public/mockServiceWorker.js', import.meta.url));
  return {
    name: 'mock-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(readFileSync(file));
      });
    },
  };
}

export default defineConfig({
  plugins: [
    // Must come before react(): it rewrites route files into lazily loaded chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader comes with its component, in one chunk, instead of staying in the entry
      // with the queries, copy and contract schemas it imports: /signin downloaded and parsed every
      // route's loaders (decision 050). One chunk, not two, so entering a route is still one round
      // trip, and server/http/route-preload.ts names it with the page. The router plugin splits only
      // properties written in the route's own options (never a spread), and re-parses a loader
      // written as a call without TypeScript syntax: keep type arguments and annotations out of it
      // (a module-level const, or a call without them).
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component'],
          ['pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    rememberSplitLoaders(),
    mockServiceWorker(),
    // Brotli and gzip copies of the build, sent as browsers ask (server/http/static.ts).
    compressAssets(),
  ],
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      '@contract/': fileURLToPath(new URL('./contract/', import.meta.url)),
      // `npm run dev:mock` loads the MSW worker (mocks/browser) from src/main.tsx.
      '@mocks/': fileURLToPath(new URL('./mocks/', import.meta.url)),
    },
  },
  server: {
    // `npm run dev` serves the console with hot reload and forwards the API to `npm run serve`.
    proxy: { '/api': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: the server reads which chunks each route needs and names them in a
    // `Link: rel=modulepreload` header with the page (server/http/route-preload.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into one chunk. Left alone, Rolldown made 38
        // files of it, some of 200 bytes (each route's copy and queries), and over HTTP/1.1's six
        // connections on a slow mobile link their round trips held the first paint: Lighthouse's
        // mobile score for /signin went from about 50 to about 78 (docs/decisions/028). The same
        // code as before: routes' components stay in their own lazily loaded chunks.
        //
        // The Mantine inputs of the signed-out forms (sign-in, set password) are one chunk too: with
        // the loaders out of the entry (decision 050), Rolldown made nine files of them, 300 bytes
        // to 3 kB each, and /signin named 15 route files beside the entry instead of 7. The console's
        // pages load it as well (they use every one of these components).
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            {
              name: 'form-kit',
              test: /node_modules\/@mantine\/(core\/esm\/components\/(Input|InputBase|TextInput|PasswordInput|ActionIcon|Alert|Divider|Paper)|hooks\/esm\/use-uncontrolled)\//,
              priority: 1,
            },
          ],
        },
      },
    },
    // That chunk is about 610 kB minified (165 kB in brotli); warn when it grows well past it.
    chunkSizeWarningLimit: 800,
  },
});
