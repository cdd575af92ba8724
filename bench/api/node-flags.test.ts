import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeYoungGeneration, semiSpaceOf } from './node-flags';

const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('the bench runs Node as the server does', () => {
  it('gives the server scripts and the bench the same young generation', () => {
    const server = semiSpaceOf(scripts.start ?? '');
    expect(server).toBe(64);
    expect(semiSpaceOf(scripts.serve ?? '')).toBe(server);
    expect(semiSpaceOf(scripts['bench:api'] ?? '')).toBe(server);
  });

  it('reads the flag from the command line or NODE_OPTIONS, and says when V8 chooses', () => {
    expect(semiSpaceOf('node --max-semi-space-size=32 x.ts')).toBe(32);
    expect(semiSpaceOf('node --max-semi-space-size 48 x.ts')).toBe(48);
    expect(semiSpaceOf('node --import tsx x.ts')).toBeUndefined();
    expect(describeYoungGeneration(['--max-semi-space-size=64'], '')).toBe('--max-semi-space-size=64');
    expect(describeYoungGeneration([], '--max-semi-space-size=8')).toBe('--max-semi-space-size=8');
    expect(describeYoungGeneration([], '')).toMatch(/default/);
  });
});
