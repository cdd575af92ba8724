import { describe, expect, it } from 'vitest';
import { parseEventBlocks } from './live-stream';

describe('parseEventBlocks', () => {
  it('reads whole events, skips comments and keeps a half-received one for later', () => {
    const { messages, rest } = parseEventBlocks(
      'retry: 2000\n: connected\n\nevent: change\ndata: {"kind":"refund","id":"x"}\n\nevent: resync\ndata: {}\r\n\r\nevent: chan',
    );
    expect(messages).toEqual([
      { event: 'change', data: '{"kind":"refund","id":"x"}' },
      { event: 'resync', data: '{}' },
    ]);
    expect(rest).toBe('event: chan');
    expect(parseEventBlocks(`${rest}ge\ndata: a\ndata: b\n\n`)).toEqual({
      messages: [{ event: 'change', data: 'a\nb' }],
      rest: '',
    });
  });
});
