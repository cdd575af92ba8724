/**
 * Reads the API's live event stream (`GET events`, Server-Sent Events) with fetch, so the bearer
 * token goes in the Authorization header as on every other call: the browser's EventSource cannot
 * send one, and a token in the URL would land in logs (decision 035).
 */
import { apiBaseUrl } from './api';

export interface StreamMessage {
  event: string;
  data: string;
}

/** Parses SSE blocks out of a growing text buffer; returns the messages and what is left. */
export function parseEventBlocks(buffer: string): { messages: StreamMessage[]; rest: string } {
  const messages: StreamMessage[] = [];
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0 || event !== 'message') messages.push({ event, data: data.join('\n') });
  }
  return { messages, rest };
}

export type StreamEnd = 'ended' | 'unauthorized' | 'failed';

/**
 * Opens the stream and calls `onMessage` for each event until the server ends it, the request
 * fails, or `signal` aborts. `onOpen` runs once the server has answered 200.
 */
export async function readLiveStream(options: {
  token: string;
  signal: AbortSignal;
  onOpen: () => void;
  onMessage: (message: StreamMessage) => void;
}): Promise<StreamEnd> {
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}/events`, {
      headers: { Authorization: `Bearer ${options.token}`, Accept: 'text/event-stream' },
      signal: options.signal,
      cache: 'no-store',
    });
  } catch {
    return 'failed';
  }
  if (response.status === 401) return 'unauthorized';
  if (!response.ok || !response.body) return 'failed';
  options.onOpen();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'ended';
      buffer += decoder.decode(value, { stream: true });
      const { messages, rest } = parseEventBlocks(buffer);
      buffer = rest;
      for (const message of messages) options.onMessage(message);
    }
  } catch {
    return options.signal.aborted ? 'ended' : 'failed';
  } finally {
    reader.cancel().catch(() => {});
  }
}
