/**
 * Which code a page's first load needs beyond the entry chunk, read from Vite's build manifest, so
 * the server can name it in a `Link: rel=modulepreload` header on the HTML it answers for that path.
 *
 * Why: route components are split into their own chunks (TanStack's autoCodeSplitting), and the
 * browser only learns it needs one after the entry chunk has downloaded, run and matched the route:
 * a second round trip before the first paint (on Lighthouse's simulated slow 4G, most of a second
 * on /signin). The server knows the path before the browser does, so it names the route's chunks
 * with the HTML and the browser fetches them beside the entry. Other pages pay nothing for it,
 * unlike moving the route into the entry chunk (decision 028).
 *
 * A route's chunks are the manifest's keys `src/routes/<file>.tsx?tsr-split=<groups>`, the groups
 * joined by `---` (`component---loader`: vite.config.ts splits each loader with its component,
 * decision 050). The chunks holding the component or the loader are named; the pending, error and
 * not-found components' chunks are not, as the first paint seldom needs them.
 *
 * The URL of a route file follows TanStack's file-based routing: `src/routes/a/b.tsx` is `/a/b`,
 * `index` is the folder itself, `$param` matches one segment, and a segment starting with `_` is a
 * pathless layout (`_authenticated`), whose own file (`_authenticated.tsx`) wraps every route in
 * its folder and is preloaded with them. `__root.tsx` is part of the entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The parts of a Vite manifest entry this module reads (vite's `ManifestChunk`). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** `src/routes/<route>.tsx?tsr-split=<groups>`, the groups as TanStack's router plugin joins them. */
const SPLIT_KEY = /^src\/routes\/(.+)\.tsx\?tsr-split=([\w-]+)$/;
/** The split properties a page's first paint runs (the router loads them when it matches the route). */
const FIRST_PAINT_PROPERTIES = new Set(['component', 'loader']);

interface RouteChunk {
  /** Route file path without `src/routes/` and `.tsx`, e.g. `_authenticated/users/index`. */
  readonly route: string;
  readonly pattern: RegExp;
  /** Number of literal URL segments, so `/users/new` beats `/users/$id` where both match. */
  readonly literalSegments: number;
}

export interface RoutePreload {
  /** The `Link` header value for an HTML answer to `path`, or undefined when nothing is known. */
  linkFor(path: string): string | undefined;
}

function urlSegments(route: string): string[] {
  const segments = route.split('/').filter((segment) => !segment.startsWith('_'));
  if (segments.at(-1) === 'index') segments.pop();
  return segments;
}

function routeChunk(route: string): RouteChunk {
  const segments = urlSegments(route);
  const pattern = segments
    .map((segment) =>
      segment.startsWith('$') ? '/[^/]+' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    )
    .join('');
  return {
    route,
    pattern: new RegExp(`^${pattern}/?$`),
    literalSegments: segments.filter((segment) => !segment.startsWith('$')).length,
  };
}

/** Every chunk file `key` needs, its own and its static imports', minus those in `loaded`. */
function chunkFiles(manifest: Manifest, key: string, loaded: Set<string>, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || loaded.has(chunk.file) || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, loaded, into);
}

/** Builds the lookup from a manifest (exported for tests; the server calls `loadRoutePreload`). */
export function routePreloadFrom(manifest: Manifest, base = '/'): RoutePreload {
  // What index.html's own tags load: the entry, its static imports and its stylesheet.
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) chunkFiles(manifest, key, new Set(), loaded);
  }
  const loadedStyles = new Set(
    Object.values(manifest)
      .filter((chunk) => loaded.has(chunk.file))
      .flatMap((chunk) => chunk.css ?? []),
  );
  // Route (file path without `src/routes/` and `.tsx`) to the manifest keys of its first-paint chunks.
  const firstPaintKeys = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const match = SPLIT_KEY.exec(key);
    if (!match) continue;
    const [, route = '', groups = ''] = match;
    if (route.split('/').at(-1)?.startsWith('__')) continue;
    if (!groups.split('---').some((property) => FIRST_PAINT_PROPERTIES.has(property))) continue;
    firstPaintKeys.set(route, [...(firstPaintKeys.get(route) ?? []), key]);
  }
  const routes = [...firstPaintKeys.keys()];
  // A layout (`_authenticated`) is preloaded with the routes in its folder, never matched alone.
  const leaves = routes
    .filter((route) => !routes.some((other) => other.startsWith(`${route}/`)))
    .map(routeChunk);
  // Per route, not per path: `/user-detail/{anything}` is one entry, whatever clients ask for.
  const headers = new Map<string, string | undefined>();

  function headerFor(route: string): string | undefined {
    const files = new Set<string>();
    // The layouts around the route first (`_authenticated.tsx` for `_authenticated/users/index`).
    const folders = route.split('/').slice(0, -1);
    const layouts = folders.map((_, depth) => folders.slice(0, depth + 1).join('/'));
    for (const file of [...layouts, route]) {
      for (const key of firstPaintKeys.get(file) ?? []) chunkFiles(manifest, key, loaded, files);
    }
    // The stylesheets Vite would add before running those chunks (the console's Mantine styles
    // arrive this way, src/styles/console.css), minus the entry's own, which index.html links.
    const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
    const styles = new Set([...files].flatMap((file) => byFile.get(file)?.css ?? []));
    for (const sheet of loadedStyles) styles.delete(sheet);
    if (files.size === 0 && styles.size === 0) return undefined;
    // The entry and its stylesheet come first, although index.html names them: the browser reads
    // this header before the HTML and asks for files in the order it learns of them, and over
    // HTTP/1.1's six connections per origin the entry, which everything waits for, would otherwise
    // queue behind the route's small chunks (decision 050).
    const style = (sheet: string) => `<${base}${sheet}>; rel=preload; as=style`;
    const module = (file: string) => `<${base}${file}>; rel=modulepreload`;
    const links = [
      ...[...loadedStyles].map(style),
      ...[...loaded].map(module),
      ...[...styles].map(style),
      ...[...files].map(module),
    ];
    return links.join(', ');
  }

  return {
    linkFor(path) {
      let best: RouteChunk | undefined;
      for (const leaf of leaves) {
        if (leaf.pattern.test(path) && (!best || leaf.literalSegments > best.literalSegments)) best = leaf;
      }
      if (!best) return undefined;
      if (!headers.has(best.route)) headers.set(best.route, headerFor(best.route));
      return headers.get(best.route);
    },
  };
}

/** Reads `<staticDir>/.vite/manifest.json` (`build.manifest` in vite.config.ts); none, no hints. */
export function loadRoutePreload(staticDir: string): RoutePreload {
  const file = join(staticDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return { linkFor: () => undefined };
  return routePreloadFrom(JSON.parse(readFileSync(file, 'utf8')) as Manifest);
}
