/**
 * A lean HTTP/1.1 GET client over kept-alive TCP sockets (one per origin), for timing the server
 * rather than the client. node:http's client builds a ClientRequest and an IncomingMessage stream
 * per request; on loopback that is a measurable share of a 1 ms request (the bench prints both
 * clients against the bare server in the same run). This one writes the request bytes and reads the
 * status line, the headers and a Content-Length or chunked body, as wrk and autocannon do. It
 * handles only what our servers send (HTTP/1.1, no 1xx, no trailers) and fails loudly otherwise.
 */
import net from 'node:net';
import type { HttpGetter } from './http-client';

const HEAD_END = Buffer.from('\r\n\r\n');

/** A whole response at the start of a buffer: its status, where its body starts and where it ends. */
export interface ParsedResponse {
  status: number;
  /** Where the body starts (after the head's blank line). */
  bodyStart: number;
  end: number;
  chunked: boolean;
}

/** The whole response at the start of `buffer`; undefined until it is complete. */
export function parseResponse(buffer: Buffer): ParsedResponse | undefined {
  const headEnd = buffer.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const lines = buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(`${lines[0]} `)?.[1];
  if (!status) throw new Error(`unexpected status line: ${lines[0]}`);
  let length = 0;
  let chunked = false;
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-length') length = Number(value);
    else if (name === 'transfer-encoding') chunked = value.toLowerCase() === 'chunked';
  }
  const bodyStart = headEnd + 4;
  let offset = bodyStart;
  if (!chunked)
    return buffer.length < offset + length
      ? undefined
      : { status: Number(status), bodyStart, end: offset + length, chunked };
  // Chunked: a size line, the data and a CRLF per chunk, until the zero-size chunk and its CRLF.
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', offset);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(buffer.subarray(offset, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) throw new Error('bad chunk size line');
    offset = lineEnd + 2 + size + 2;
    if (buffer.length < offset) return undefined;
    if (size === 0) return { status: Number(status), bodyStart, end: offset, chunked };
  }
}

/** A whole response: its parse and the bytes it was read from (the body is `bytes[bodyStart, end)`). */
export interface SocketAnswer extends ParsedResponse {
  bytes: Buffer;
}

/**
 * One kept-alive socket, one request at a time: writes a request's bytes as given and resolves to
 * the whole response. Shared by the GET benches (socketGetter) and bench:ingest's callers.
 */
export class SocketConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve(answer: SocketAnswer): void; reject(error: Error): void } | undefined;
  private closed = false;

  private constructor(
    private readonly socket: net.Socket,
    /** `host:port`, for the Host header. */
    readonly origin: string,
  ) {
    socket.on('data', (data: Buffer) => this.receive(data));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed')));
  }

  static open(host: string, port: number): Promise<SocketConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port, noDelay: true });
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new SocketConnection(socket, `${host}:${port}`));
      });
    });
  }

  get usable(): boolean {
    return !this.closed;
  }

  send(request: string): Promise<SocketAnswer> {
    if (this.waiting) return Promise.reject(new Error('one request at a time per connection'));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close() {
    this.closed = true;
    this.socket.destroy();
  }

  private receive(data: Buffer) {
    this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
    const waiting = this.waiting;
    if (!waiting) return;
    let parsed: ReturnType<typeof parseResponse>;
    try {
      parsed = parseResponse(this.buffer);
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (!parsed) return;
    const bytes = this.buffer;
    this.buffer = this.buffer.subarray(parsed.end);
    this.waiting = undefined;
    waiting.resolve({ ...parsed, bytes });
  }

  private fail(error: Error) {
    this.closed = true;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}

export function socketGetter(): HttpGetter {
  const connections = new Map<string, SocketConnection>();
  return {
    async get(url, headers) {
      const target = new URL(url);
      const origin = `${target.hostname}:${target.port}`;
      let connection = connections.get(origin);
      if (!connection?.usable) {
        connection = await SocketConnection.open(target.hostname, Number(target.port));
        connections.set(origin, connection);
      }
      let request = `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${origin}\r\n`;
      for (const [name, value] of Object.entries(headers)) request += `${name}: ${value}\r\n`;
      return (await connection.send(`${request}\r\n`)).status;
    },
    close() {
      for (const connection of connections.values()) connection.close();
      connections.clear();
    },
  };
}
