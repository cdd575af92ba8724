import type { Plugin } from 'vite';

/**
 * TanStack Router's `lazyFn`, through which the router plugin runs a loader split into its route's
 * chunk (decision 050), calls the chunk's importer on every navigation: Vite's preload helper walks
 * the chunk's ~70 dependencies again and the `import()` of the loaded chunk resolves a task later,
 * so a next page's rows waited a frame for a loader that returns at once (decision 056). This keeps
 * the module once imported; a failed import is tried again next time, as before. The build fails
 * if the function no longer reads as below (a router upgrade): check whether it still needs this.
 */
export function rememberSplitLoaders(): Plugin {
  return {
    name: 'remember-split-loaders',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('/@tanstack/router-core/dist/esm/router.js')) return null;
      const patched = rememberLazyFn(code);
      if (patched === null) {
        this.error('@tanstack/router-core changed its lazyFn: review scripts/remember-split-loaders.ts');
      }
      return { code: patched, map: null };
    },
  };
}

const ORIGINAL =
  'function lazyFn(fn, key) {\n\treturn async (...args) => {\n\t\treturn (await fn())[key || "default"](...args);\n\t};\n}';
const REMEMBERED =
  'function lazyFn(fn, key) {\n\tlet loaded;\n\treturn async (...args) => {\n\t\tloaded ??= await fn();\n\t\treturn loaded[key || "default"](...args);\n\t};\n}';
/** The router's code with `lazyFn` keeping its module, or null when `lazyFn` reads otherwise. */
export function rememberLazyFn(code: string): string | null {
  return code.includes(ORIGINAL) ? code.replace(ORIGINAL, REMEMBERED) : null;
}
