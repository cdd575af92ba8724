import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleRounds } from './maintenance';

describe('scheduleRounds (the maintenance and gram fold timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('skips a tick while a round still runs, so rounds never overlap', async () => {
    let finish: () => void = () => {};
    const round = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = scheduleRounds(100, 'test round', round, () => {});
    await vi.advanceTimersByTimeAsync(350);
    expect(round).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(round).toHaveBeenCalledTimes(2);
    stop();
  });

  it('logs a failed round under its name and tries again on the next tick', async () => {
    const log = vi.fn();
    const round = vi.fn().mockRejectedValueOnce(new Error('connection lost')).mockResolvedValue(undefined);
    const stop = scheduleRounds(100, 'test round', round, log);
    await vi.advanceTimersByTimeAsync(200);
    expect(log).toHaveBeenCalledExactlyOnceWith('test round failed: connection lost');
    expect(round).toHaveBeenCalledTimes(2);
    stop();
  });

  it('runs nothing once stopped', async () => {
    const round = vi.fn(async () => {});
    const stop = scheduleRounds(100, 'test round', round, () => {});
    stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(round).not.toHaveBeenCalled();
  });
});
