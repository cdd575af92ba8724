import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { rememberLazyFn } from './remember-split-loaders';

const ROUTER = 'node_modules/@tanstack/router-core/dist/esm/router.js';

/** The rewritten `lazyFn`, taken out of the installed router's code and made callable. */
function patchedLazyFn() {
  const code = rememberLazyFn(readFileSync(ROUTER, 'utf8'));
  if (code === null) throw new Error('lazyFn not found');
  const start = code.indexOf('function lazyFn(');
  const source = code.slice(start, code.indexOf('\n}', start) + 2);
  return new Function(`${source}; return lazyFn;`)() as (
    fn: () => Promise<Record<string, (...args: unknown[]) => unknown>>,
    key?: string,
  ) => (...args: unknown[]) => Promise<unknown>;
}

describe('rememberSplitLoaders (decision 056)', () => {
  it("finds the installed router's lazyFn (a router upgrade that changes it fails here and in the build)", () => {
    expect(rememberLazyFn(readFileSync(ROUTER, 'utf8'))).not.toBeNull();
    expect(rememberLazyFn('function lazyFn(fn) { return fn; }')).toBeNull();
  });

  it('imports the chunk once, runs its loader with the arguments each time, and retries a failed import', async () => {
    const lazyFn = patchedLazyFn();
    const loader = vi.fn((n: unknown) => `loaded ${n}`);
    const importer = vi
      .fn<() => Promise<Record<string, (...args: unknown[]) => unknown>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ loader });
    const run = lazyFn(importer, 'loader');
    await expect(run(0)).rejects.toThrow('offline');
    expect(await run(1)).toBe('loaded 1');
    expect(await run(2)).toBe('loaded 2');
    expect(importer).toHaveBeenCalledTimes(2);
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
