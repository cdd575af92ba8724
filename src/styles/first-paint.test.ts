import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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
    for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@mantine\/core'/g)) {
      if (match[1]) continue;
      for (const part of (match[2] ?? '').split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0] ?? name);
      }
    }
    for (const match of text.matchAll(
      /^import\s[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm,
    )) {
      const target = resolveImport(file, match[1] ?? match[2] ?? match[3] ?? '');
      if (target) queue.push(target);
    }
  }
  return names;
}

/** Components whose styles need others' (Mantine's CSS files list: "Components dependencies"). */
const BUILT_ON: Record<string, string[]> = {
  Button: ['UnstyledButton', 'Loader'],
  ActionIcon: ['UnstyledButton', 'Loader'],
  CloseButton: ['UnstyledButton'],
  Anchor: ['Text'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  Notification: ['CloseButton', 'Loader'],
  Tooltip: ['Popover'],
  PasswordInput: ['Input', 'ActionIcon'],
  PinInput: ['Input'],
  Checkbox: ['CheckboxIndicator', 'InlineInput'],
  Select: ['Combobox', 'Input', 'Popover', 'ScrollArea'],
  Autocomplete: ['Combobox', 'Input', 'Popover', 'ScrollArea'],
};

function stylesNeeded(component: string): string[] {
  const own = existsSync(join(mantineStyles, `${component}.layer.css`)) ? [component] : [];
  const input = /(Input|Textarea)$/.test(component) ? ['Input'] : [];
  return [...own, ...input, ...(BUILT_ON[component] ?? [])];
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
    const missing = [...components].flatMap(stylesNeeded).filter((name) => !firstPaint.includes(name));
    expect(missing, 'move these from src/styles/console.css to src/styles/first-paint.css').toEqual([]);
  });

  it('imports every style file of @mantine/core exactly once between the two, in the order of its styles.css', () => {
    const files = readdirSync(mantineStyles)
      .filter((file) => file.endsWith('.layer.css'))
      .map((file) => file.replace('.layer.css', ''));
    expect([...firstPaint, ...console].sort()).toEqual(files.sort());
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
