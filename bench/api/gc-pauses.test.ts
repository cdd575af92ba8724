import { constants } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { describePauses, gcKind, watchGcPauses } from './gc-pauses';

describe('GC pauses in the bench', () => {
  it('names the kinds of collection', () => {
    expect(gcKind({ detail: { kind: constants.NODE_PERFORMANCE_GC_MINOR } })).toBe('scavenges');
    expect(gcKind({ detail: { kind: constants.NODE_PERFORMANCE_GC_MAJOR } })).toBe('mark-compacts');
    expect(gcKind({ detail: null })).toBe('kind unknown');
  });

  it('sums each kind and gives its median and longest pause', () => {
    const lines = describePauses(
      new Map([
        ['scavenges', [0.5, 1.5, 1]],
        ['mark-compacts', [4]],
      ]),
    );
    expect(lines).toEqual([
      '3 scavenges: 3 ms in all, p50 1.00 ms, max 1.50 ms',
      '1 mark-compacts: 4 ms in all, p50 4.00 ms, max 4.00 ms',
    ]);
  });

  it('counts the collections that happen while it watches', async () => {
    const watch = watchGcPauses();
    // Short-lived garbage well past a young generation's size forces scavenges.
    let keep = 0;
    for (let i = 0; i < 200_000; i++) keep += new Array(64).fill(i).length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = watch.stop();
    expect(keep).toBeGreaterThan(0);
    expect(lines.some((line) => /^\d+ scavenges: /.test(line))).toBe(true);
  });
});
