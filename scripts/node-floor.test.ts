/**
 * The project supports Node >=20.19 (decision 001). A dependency whose newest release needs Node 22
 * installs on 20 with only an EBADENGINE warning, so a routine upgrade can raise the floor unseen
 * (@axe-core/playwright 4.14 did). This holds every locked package to the floor.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface Lockfile {
  packages: Record<string, { version?: string; engines?: Record<string, string> | string[] }>;
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

/** Locked packages whose `engines.node` range does not admit `floor`, as `path@version: range`. */
function packagesAbove(lockfile: Lockfile, floor: string): string[] {
  const refused: string[] = [];
  for (const [path, entry] of Object.entries(lockfile.packages)) {
    // Old packages sometimes wrote engines as an array; npm ignores that form, and so do we.
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (path === '' || range === undefined) continue;
    if (!semver.satisfies(floor, range, { includePrerelease: true })) {
      refused.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version}: ${range}`);
    }
  }
  return refused;
}

const manifest = readJson('../package.json') as { engines: { node: string } };
const floor = semver.minVersion(manifest.engines.node)?.version;

describe('the Node floor', () => {
  it('is read from package.json', () => {
    expect(floor).toBe('20.19.0');
  });

  it('is admitted by every locked package', () => {
    expect(packagesAbove(readJson('../package-lock.json') as Lockfile, floor ?? '')).toEqual([]);
  });

  it('names a package that needs a newer Node', () => {
    const lockfile: Lockfile = {
      packages: {
        '': { engines: { node: '>=20.19' } },
        'node_modules/vite': { version: '8.3.4', engines: { node: '^20.19.0 || >=22.12.0' } },
        'node_modules/@axe-core/playwright': { version: '4.14.0', engines: { node: '>=22.12.0' } },
        'node_modules/old': { version: '1.0.0', engines: ['node >= 0.4'] },
      },
    };
    expect(packagesAbove(lockfile, '20.19.0')).toEqual(['@axe-core/playwright@4.14.0: >=22.12.0']);
  });
});
