import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const mantineStyles = join(root, 'node_modules/@mantine/core/styles');

/** The Mantine styles a sheet imports, by component name (`Button` for `styles/Button.layer.css`). */
function sheetImports(file: string): string[] {
  const text = readFileSync(join(root, 'src/styles', file), 'utf8');
  return [...text.matchAll(/@import ["']@mantine\/core\/styles\/([A-Za-z-]+)\.layer\.css["'];/g)].map(
    (match) => match[1] ?? '',
  );
}

/** What the signed-out pages load before the console shell: the entry's own code and those routes. */
const SIGNED_OUT_ROOTS = [
  'src/main.tsx',
  'src/app-providers.tsx',
  'src/routes/__root.tsx',
  'src/routes/signin.tsx',
  'src/routes/set-password.tsx',
  'src/routes/logout.tsx',
];
/** Loaded lazily or only once signed in: their styles may come with the console shell. */
const NOT_FIRST_PAINT = [
  /^src\/routeTree\.gen\.ts$/,
  /^src\/routes\/_authenticated/,
  /^src\/components\/app-shell\//,
];

function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? join(root, 'src', specifier.slice(2))
    : specifier.startsWith('@contract/')
      ? join(root, 'contract', specifier.slice('@contract/'.length))
      : specifier.startsWith('.')
        ? resolve(dirname(join(root, from)), specifier)
        : undefined;
  if (!base) return undefined;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate.slice(root.length + 1);
  }
  return undefined;
}

/**
 * Every Mantine core component the signed-out pages import through our own modules, statically or
 * lazily (`import('…')`: the sign-in page's second-factor step, decision 050): on those pages only
 * the first-paint sheet is loaded, whenever their code arrives.
 */
function signedOutMantineComponents(): Set<string> {
  const seen = new Set<string>();
  const names = new Set<string>();
  const queue = [...SIGNED_OUT_ROOTS];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file) || NOT_FIRST_PAINT.some((pattern) => pattern.test(file))) continue;
    seen.add(file);
    const text = readFileSync(join(root, file), 'utf8');
    for (const name of mantineNamesIn(text)) names.add(name);
    for (const match of text.matchAll(
      /^import\s[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm,
    )) {
      const target = resolveImport(file, match[1] ?? match[2] ?? match[3] ?? '');
      if (target) queue.push(target);
    }
  }
  return names;
}

const mantineEsm = join(root, 'node_modules/@mantine/core/esm');

/** Each name @mantine/core exports, by the file of its package that defines it. */
const MANTINE_EXPORT_FILES = new Map(
  [
    ...readFileSync(join(mantineEsm, 'index.mjs'), 'utf8').matchAll(
      /^import \{([^}]*)\} from "(\.\/[^"]+)"/gm,
    ),
  ].flatMap((match) =>
    (match[1] ?? '').split(',').map((part) => [
      part
        .trim()
        .split(/\s+as\s+/)
        .pop() ?? '',
      join(mantineEsm, match[2] ?? ''),
    ]),
  ),
);

/** The names of @mantine/core a module's text imports (values only, not types). */
function mantineNamesIn(text: string): string[] {
  return [...text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]@mantine\/core['"]/g)].flatMap(
    (match) =>
      match[1]
        ? []
        : (match[2] ?? '')
            .split(',')
            .map((part) => part.trim())
            .filter((name) => name !== '' && !name.startsWith('type '))
            .map((name) => name.split(/\s+as\s+/)[0] ?? name),
  );
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The names of @mantine/core a Mantine package's own components use (dates, spotlight, notifications). */
function namesUsedByPackage(name: string): string[] {
  return filesUnder(join(root, 'node_modules/@mantine', name, 'esm'))
    .filter((file) => file.endsWith('.mjs'))
    .flatMap((file) => mantineNamesIn(readFileSync(file, 'utf8')));
}

/** Styles every page needs whatever it renders: Mantine's base, its variables and its globals. */
const BASE_STYLES = ['baseline', 'default-css-variables', 'global'];

/**
 * The style files the given @mantine/core names need: Mantine's own module graph walked from the
 * file defining each name, every `X.module.mjs` reached being the classes of `styles/X.layer.css`.
 * So Select brings Combobox, Input, Popover and ScrollArea because its code renders them, and a
 * component no code of ours reaches brings nothing.
 */
function stylesNeeded(names: Iterable<string>): Set<string> {
  const styles = new Set(BASE_STYLES);
  const seen = new Set<string>();
  const queue = [...names].flatMap((name) => MANTINE_EXPORT_FILES.get(name) ?? []);
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('.module.mjs')) styles.add(basename(file, '.module.mjs'));
    for (const match of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) {
      queue.push(resolve(dirname(file), match[1] ?? ''));
    }
  }
  return styles;
}

/** Every @mantine/core name the console's own modules (tests aside) and its Mantine packages use. */
function consoleMantineNames(): Set<string> {
  const ours = filesUnder(join(root, 'src'))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .flatMap((file) => mantineNamesIn(readFileSync(file, 'utf8')));
  return new Set([...ours, ...['dates', 'spotlight', 'notifications'].flatMap(namesUsedByPackage)]);
}

describe("Mantine's styles in two sheets", () => {
  const firstPaint = sheetImports('first-paint.css');
  const console = sheetImports('console.css');

  it('has the styles of every Mantine component the signed-out pages use in the first-paint sheet', () => {
    const components = signedOutMantineComponents();
    // The walk must reach the sign-in form, or this test checks nothing.
    expect(components).toContain('PasswordInput');
    expect(components).toContain('Button');
    // And the second-factor step the sign-in page loads lazily (its link back to the password).
    expect(components).toContain('Anchor');
    // The toasts the providers render on every page.
    const missing = [...stylesNeeded([...components, ...namesUsedByPackage('notifications')])].filter(
      (name) => !firstPaint.includes(name),
    );
    expect(missing, 'move these from src/styles/console.css to src/styles/first-paint.css').toEqual([]);
  });

  it('imports the style file of every Mantine component the console uses, once, and no other', () => {
    const needed = stylesNeeded(consoleMantineNames());
    // The walk must reach the list pages' table and the date picker's popover, or this checks nothing.
    expect(needed).toContain('Table');
    expect(needed).toContain('Popover');
    const imported = [...firstPaint, ...console];
    expect(
      [...needed].filter((name) => !imported.includes(name)),
      'add these to src/styles/console.css',
    ).toEqual([]);
    expect(
      imported.filter((name) => !needed.has(name)),
      'nothing of ours renders these: remove them from the sheets',
    ).toEqual([]);
    expect(
      imported.filter((name, i) => imported.indexOf(name) !== i),
      'imported twice',
    ).toEqual([]);
    const files = new Set(
      readdirSync(mantineStyles)
        .filter((file) => file.endsWith('.layer.css'))
        .map((file) => file.replace('.layer.css', '')),
    );
    expect(
      imported.filter((name) => !files.has(name)),
      'no such file',
    ).toEqual([]);
    // Mantine's own order: components another is built on come first (UnstyledButton before Button).
    const full = readFileSync(join(root, 'node_modules/@mantine/core/styles.layer.css'), 'utf8');
    const position = (name: string) => {
      const body = readFileSync(join(mantineStyles, `${name}.layer.css`), 'utf8')
        .replace(/^@layer mantine\s*\{/, '')
        .trim()
        .slice(0, 120);
      return full.indexOf(body);
    };
    for (const sheet of [firstPaint, console]) {
      const placed = sheet.filter((name) => position(name) >= 0);
      expect(placed).toEqual([...placed].sort((a, b) => position(a) - position(b)));
    }
  });
});
