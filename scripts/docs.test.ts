/**
 * The README and docs name only what exists: every file they point to is in the repository, every
 * setting the code reads is documented, and the demo sign-ins read as the server prints them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeAccess } from '../contract/access-summary';
import { DEMO_ACCOUNTS } from '../contract/demo/users';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

function files(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...files(path, keep));
    } else if (keep(entry.name)) out.push(path);
  }
  return out;
}

const DOCS = ['README.md', ...files('docs', (n) => n.endsWith('.md'))];
const CODE_DIRS = ['src', 'server', 'contract', 'mocks', 'e2e', 'bench', 'scripts'];
const CODE = [
  ...CODE_DIRS.flatMap((dir) => files(dir, (n) => /\.(ts|tsx)$/.test(n) && !/\.test\.tsx?$/.test(n))),
  'playwright.config.ts',
  'vite.config.ts',
  'vitest.config.ts',
];
const TOP_DIRS = [...CODE_DIRS, 'docs', 'public', '.ci'];
/** Made by a run, not kept in the repository (.gitignore): a doc may say where they appear. */
const MADE_BY_A_RUN = read('.gitignore')
  .split('\n')
  .map((line) => line.trim().replace(/\/$/, ''))
  .filter((line) => line !== '' && !line.startsWith('#') && !line.includes('*'));

/** Paths a doc names: relative markdown links, and backticked paths under the repository's folders. */
function namedPaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (target && !/^[a-z]+:/.test(target) && !target.startsWith('#')) paths.add(target);
  }
  for (const [, token] of markdown.matchAll(/`([^`\s]+)`/g)) {
    if (token && TOP_DIRS.some((dir) => token.startsWith(`${dir}/`))) paths.add(token);
  }
  return [...paths];
}

/** Settings the code reads from the environment (process.env, import.meta.env, the server's config reader). */
function settingsRead(source: string): string[] {
  const names = new Set<string>();
  const patterns = [
    /process\.env\.([A-Z][A-Z0-9_]+)/g,
    /process\.env\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
    /import\.meta\.env\.([A-Z][A-Z0-9_]+)/g,
    /\b(?:read|integer|boolean)\(env, '([A-Z][A-Z0-9_]+)'/g,
  ];
  for (const pattern of patterns) for (const [, name] of source.matchAll(pattern)) if (name) names.add(name);
  return [...names];
}

/** Set by the platform or by Vite itself, not by a person running the project. */
const NOT_SETTINGS = new Set([
  'CI',
  'PATH',
  'HOME',
  'NODE_OPTIONS',
  'DEV',
  'PROD',
  'MODE',
  'SSR',
  'BASE_URL',
]);

describe('docs', () => {
  it('name only files that exist', () => {
    const missing: string[] = [];
    for (const doc of DOCS) {
      const dir = join(ROOT, doc, '..');
      for (const named of namedPaths(read(doc))) {
        const path = named.replace(/[#:].*$/, '').replace(/[.,;]$/, '');
        if (/[<>*{}$]/.test(path) || path === '') continue;
        if (MADE_BY_A_RUN.some((made) => path === made || path.startsWith(`${made}/`))) continue;
        const fromDoc = join(dir, path);
        const fromRoot = join(ROOT, path);
        if (!existsSync(fromDoc) && !existsSync(fromRoot)) missing.push(`${doc}: ${named}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('document every setting the code reads', () => {
    const documented = DOCS.map(read).join('\n');
    const undocumented = new Set<string>();
    for (const file of CODE) {
      for (const name of settingsRead(read(file))) {
        if (!NOT_SETTINGS.has(name) && !documented.includes(`\`${name}\``)) {
          undocumented.add(`${name} (${relative(ROOT, join(ROOT, file))})`);
        }
      }
    }
    expect([...undocumented]).toEqual([]);
  });

  it('give the demo sign-ins as the server prints them, from their permissions', () => {
    const rows = new Map<string, { password: string; access: string }>();
    for (const [, email, password, access] of read('README.md').matchAll(
      /^\| `([^`]+@[^`]+)` \| `([^`]+)` \| (.+?) \|$/gm,
    )) {
      if (email && password && access) rows.set(email, { password, access });
    }
    const expected = new Map(
      Object.values(DEMO_ACCOUNTS).map((account) => [
        account.email,
        { password: account.password, access: describeAccess(account.permissions) },
      ]),
    );
    expect(rows).toEqual(expected);
  });
});

describe('what the docs check reads', () => {
  it('finds links and backticked paths, not URLs or anchors', () => {
    expect(
      namedPaths('[a](docs/api.md#x) [b](https://e.org) [c](#top) `src/lib/api.ts` `npm test` `x/y`'),
    ).toEqual(['docs/api.md#x', 'src/lib/api.ts']);
  });

  it('finds settings however the code reads them', () => {
    expect(
      settingsRead(
        // Built from parts, so no scan of the repository takes these samples for settings read.
        [
          'process.env.E2E_PORT',
          "process.env['FOO_BAR']",
          `import.meta.env.${'VITE'}_SAMPLE`,
          "read(env, 'LOG_LEVEL')",
        ].join('; '),
      ).sort(),
    ).toEqual(['E2E_PORT', 'FOO_BAR', 'LOG_LEVEL', 'VITE_SAMPLE']);
  });
});
