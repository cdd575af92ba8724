import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkBoundaries, importsOf, RULES, readSources, resolveImport } from './boundaries';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('folder boundaries', () => {
  it('holds over the whole repository', () => {
    const sources = readSources(root);
    expect(sources.size).toBeGreaterThan(300);
    expect(checkBoundaries(sources)).toEqual([]);
  });

  it('finds each rule broken by a planted import', () => {
    const planted = new Map([
      ['src/components/pager.tsx', "import { merchantQueries } from '@/queries/merchants';"],
      ['src/components/search-box.tsx', "import { X } from '../features/merchants/columns';"],
      ['src/features/payouts/table.tsx', "import { Y } from '@/features/transactions/drawer';"],
      ['mocks/handlers/merchants.ts', "import { sum } from '../../server/domain/fees';"],
      ['server/routes/merchants.ts', "import { UI } from '../../src/features/merchants/copy';"],
      ['src/lib/api.ts', "import type { Database } from '../../server/db/connect';"],
      ['contract/merchant.ts', "import { db } from '@mocks/db';"],
      ['server/db/queries/merchants.ts', "import { expect } from 'vitest';"],
    ]);
    const broken = checkBoundaries(planted);
    expect(broken.map((v) => v.file)).toEqual([...planted.keys()]);
    expect(new Set(broken.map((v) => v.rule))).toEqual(new Set(RULES.map((r) => r.name)));
  });

  it('lets the allowed arrows through', () => {
    const allowed = new Map([
      ['src/components/data-table.tsx', "import { useQuery } from '@tanstack/react-query';"],
      [
        'src/features/merchants/columns.tsx',
        "import { x } from './status';\nimport { t } from '@/entities/transaction/columns';",
      ],
      [
        'src/routes/merchants.tsx',
        "import { a } from '@/features/merchants/columns';\nimport { b } from '@/features/transactions/drawer';",
      ],
      ['contract/merchant.ts', "import * as v from 'valibot';\nimport { idSchema } from './common';"],
      ['server/test/db.ts', "import { expect } from 'vitest';"],
      ['mocks/handlers/merchants.test.ts', "import { it } from 'vitest';"],
    ]);
    expect(checkBoundaries(allowed)).toEqual([]);
  });

  it('reads every form of import and resolves the aliases', () => {
    const source = [
      "import { a } from './a';",
      "import type {\n  B,\n} from '@contract/b';",
      "export { c } from '../c';",
      "import './d.css';",
      "const e = await import('@/e');",
    ].join('\n');
    expect(importsOf(source)).toEqual(['./a', '@contract/b', '../c', './d.css', '@/e']);
    expect(resolveImport('src/features/x/y.ts', '../../queries/z')).toBe('src/queries/z');
    expect(resolveImport('src/a.ts', '@mocks/db')).toBe('mocks/db');
  });
});
