/**
 * The folder rules of docs/decisions/021, checked over the import graph: each file's imports are
 * resolved (relative paths and the `@/`, `@contract/`, `@mocks/` aliases) and held against the
 * rules below. `npm test` runs it (scripts/boundaries.test.ts); a package import is never checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

export interface Violation {
  readonly file: string;
  readonly imports: string;
  readonly rule: string;
}

interface Rule {
  readonly name: string;
  /** Whether the file `from` may not import `to` (both relative to the root, with `/`). */
  readonly forbids: (from: string, to: string) => boolean;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)test\//.test(file);
const under = (folder: string) => (file: string) => file.startsWith(`${folder}/`);
const FOLDERS = ['src', 'contract', 'mocks', 'server', 'e2e', 'bench', 'scripts'];
const isOurs = (file: string) => FOLDERS.some((folder) => under(folder)(file));
const featureOf = (file: string) => /^src\/features\/([^/]+)\//.exec(file)?.[1];

export const RULES: readonly Rule[] = [
  {
    name: 'src/components is the shared kit: it imports no queries and no features',
    forbids: (from, to) =>
      under('src/components')(from) && (under('src/queries')(to) || under('src/features')(to)),
  },
  {
    name: 'a feature does not import another feature',
    forbids: (from, to) => {
      const feature = featureOf(from);
      return feature !== undefined && under('src/features')(to) && featureOf(to) !== feature;
    },
  },
  {
    name: 'mocks do not import the server',
    forbids: (from, to) => under('mocks')(from) && under('server')(to),
  },
  {
    name: 'the server does not import the console',
    forbids: (from, to) => under('server')(from) && under('src')(to),
  },
  {
    name: 'the console does not import the server',
    forbids: (from, to) => under('src')(from) && under('server')(to),
  },
  {
    name: 'contract imports nothing of ours outside contract/',
    forbids: (from, to) => under('contract')(from) && isOurs(to) && !under('contract')(to),
  },
  {
    name: 'only tests and test support import vitest',
    forbids: (from, to) => to === 'vitest' && !isTest(from),
  },
];

const SPECIFIER =
  /(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/** The import specifiers of a module's source text. */
export function importsOf(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

const ALIASES: Readonly<Record<string, string>> = {
  '@/': 'src/',
  '@contract/': 'contract/',
  '@mocks/': 'mocks/',
};

/** A specifier as a root-relative path; packages keep their name (only `vitest` matters). */
export function resolveImport(file: string, specifier: string): string {
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length);
  }
  if (specifier.startsWith('.'))
    return normalize(join(dirname(file), specifier))
      .split('\\')
      .join('/');
  return specifier;
}

/** Every violation in `files` (root-relative path -> source text). */
export function checkBoundaries(files: ReadonlyMap<string, string>): Violation[] {
  const violations: Violation[] = [];
  for (const [file, source] of files) {
    for (const specifier of importsOf(source)) {
      const target = resolveImport(file, specifier);
      for (const rule of RULES) {
        if (rule.forbids(file, target)) violations.push({ file, imports: specifier, rule: rule.name });
      }
    }
  }
  return violations;
}

/** The TypeScript sources of the repository at `root`. */
export function readSources(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        files.set(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8'));
      }
    }
  };
  for (const folder of FOLDERS) walk(join(root, folder));
  return files;
}
