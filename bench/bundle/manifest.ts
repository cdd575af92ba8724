import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's `.vite/manifest.json`. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * The files a page loads before it renders: the entry chunk, the chunks each given module starts
 * (the route's split components), and everything they import statically. Dynamic imports are not
 * followed: they load only when used.
 */
export function filesLoaded(manifest: Manifest, startKeys: string[]): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No chunk ${key} in the manifest`);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of startKeys) visit(key);
  return { js: [...js], css: [...css] };
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry chunk, found ${entries.length}`);
  return entries[0]![0];
}

/** Manifest keys of the lazily loaded chunks that belong to a source file (its split parts). */
export function chunksOf(manifest: Manifest, sourceFile: string): string[] {
  const keys = Object.keys(manifest).filter((key) => key === sourceFile || key.startsWith(`${sourceFile}?`));
  if (keys.length === 0) throw new Error(`No chunk for ${sourceFile} in the manifest`);
  return keys;
}

export function gzipBytes(outDir: string, files: string[]): number {
  return files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length,
    0,
  );
}
