/**
 * The bench's lean client reads whole responses, whatever the server's framing and however the
 * bytes arrive, over one kept-alive socket per origin; a response it cannot read fails the request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseResponse, socketGetter } from './socket-client';

describe('parseResponse', () => {
  const head = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n';
  it('waits for the whole Content-Length body and says where the response ends', () => {
    const whole = Buffer.from(`${head}Content-Length: 5\r\n\r\nhelloHTTP/1.1`);
    expect(parseResponse(whole.subarray(0, whole.length - 12))).toBeUndefined();
    expect(parseResponse(whole)).toEqual({
      status: 200,
      bodyStart: whole.length - 13,
      end: whole.length - 8,
      chunked: false,
    });
    expect(whole.subarray(whole.length - 13, whole.length - 8).toString()).toBe('hello');
  });
  it('reads a chunked body to its last chunk', () => {
    const body = 'Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n3\r\nabc\r\n0\r\n\r\n';
    const whole = Buffer.from(`HTTP/1.1 404 Not Found\r\n${body}`);
    expect(parseResponse(whole.subarray(0, whole.length - 3))).toBeUndefined();
    const bodyStart = 'HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n'.length;
    expect(parseResponse(whole)).toEqual({ status: 404, bodyStart, end: whole.length, chunked: true });
  });
  it('refuses what is not an HTTP/1.1 response', () => {
    expect(() => parseResponse(Buffer.from('SSH-2.0-OpenSSH\r\n\r\n'))).toThrow(/status line/);
  });
});

describe('socketGetter', () => {
  const connections = new Set<string>();
  const server = http.createServer((request, response) => {
    connections.add(`${request.socket.remotePort}`);
    if (request.url === '/chunked') {
      // Two writes without a length: node:http frames them as chunks.
      response.writeHead(201, { 'Content-Type': 'text/plain' });
      response.write('first,');
      setTimeout(() => response.end('second'), 5);
      return;
    }
    const body = JSON.stringify({ auth: request.headers.authorization ?? null, big: 'x'.repeat(200_000) });
    response.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
    });
    response.end(body);
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads large and chunked responses in turn over one kept-alive connection', async () => {
    const client = socketGetter();
    try {
      for (let i = 0; i < 3; i++) {
        expect(await client.get(`${base}/big`, { Authorization: 'Bearer t' })).toBe(200);
        expect(await client.get(`${base}/chunked`, {})).toBe(201);
      }
      expect(connections.size).toBe(1);
    } finally {
      client.close();
    }
  });

  it('fails the request when the connection closes before the response ends', async () => {
    const truncating = net.createServer((socket) => {
      socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort'));
    });
    await new Promise<void>((resolve) => truncating.listen(0, '127.0.0.1', resolve));
    const client = socketGetter();
    try {
      const port = (truncating.address() as AddressInfo).port;
      await expect(client.get(`http://127.0.0.1:${port}/`, {})).rejects.toThrow(/closed/);
    } finally {
      client.close();
      await new Promise<void>((resolve) => truncating.close(() => resolve()));
    }
  });
});
