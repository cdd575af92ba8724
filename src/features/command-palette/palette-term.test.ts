import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePaletteTerm } from './palette-term';

const BURST_MS = 100;

function typing() {
  const view = renderHook(({ value }) => usePaletteTerm(value, BURST_MS), {
    initialProps: { value: '' },
  });
  return {
    /** The box now reads `value`, `afterMs` after its last change. */
    type: (value: string, afterMs: number) => {
      act(() => vi.advanceTimersByTime(afterMs));
      view.rerender({ value });
    },
    wait: (ms: number) => act(() => vi.advanceTimersByTime(ms)),
    term: () => view.result.current,
  };
}

describe('usePaletteTerm', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches a change after a pause at once', () => {
    const box = typing();
    box.type('MER-1001', 500);
    expect(box.term()).toBe('MER-1001');
    // The last key of a code typed slowly: no wait either.
    box.type('MER-10012', BURST_MS);
    expect(box.term()).toBe('MER-10012');
  });

  it('holds keys typed in a burst until the typing pauses, then searches the last text once', () => {
    const box = typing();
    box.type('M', 500);
    expect(box.term()).toBe('M');
    box.type('ME', 30);
    box.type('MER', 30);
    box.type('MER-', 30);
    expect(box.term()).toBe('M');
    // Each key restarts the wait: 99 ms after the last one it still holds.
    box.wait(BURST_MS - 1);
    expect(box.term()).toBe('M');
    box.wait(1);
    expect(box.term()).toBe('MER-');
  });

  it('a key after the burst has paused is searched at once again', () => {
    const box = typing();
    box.type('MER', 500);
    box.type('MER-', 20);
    box.wait(BURST_MS);
    expect(box.term()).toBe('MER-');
    box.type('MER-1', 50);
    expect(box.term()).toBe('MER-1');
  });
});
