import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint';

/** Frame callbacks held until the test runs the frame, as a browser holds them until it paints. */
function heldFrames() {
  const frames = new Map<number, FrameRequestCallback>();
  let next = 1;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  return {
    runFrame() {
      const due = [...frames.values()];
      frames.clear();
      for (const callback of due) callback(performance.now());
    },
  };
}

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs the work in a task after the frame, not before it nor inside it', () => {
    vi.useFakeTimers();
    const frames = heldFrames();
    const work = vi.fn();
    afterNextPaint(work);
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
    frames.runFrame();
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('cancelled before the frame or after it, never runs', () => {
    vi.useFakeTimers();
    const frames = heldFrames();
    const beforeFrame = vi.fn();
    const afterFrame = vi.fn();
    afterNextPaint(beforeFrame)();
    const cancel = afterNextPaint(afterFrame);
    frames.runFrame();
    cancel();
    vi.runAllTimers();
    frames.runFrame();
    expect(beforeFrame).not.toHaveBeenCalled();
    expect(afterFrame).not.toHaveBeenCalled();
  });
});
