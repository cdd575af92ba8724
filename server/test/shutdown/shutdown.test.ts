/**
 * SIGTERM against the real server process (`node --import tsx server/main.ts`, as `npm run serve`
 * starts it) on a fresh PGlite data directory: a request in flight finishes with its whole answer,
 * and its connection is closed, new connections are refused, a request that never finishes is cut
 * at SHUTDOWN_TIMEOUT_MS, the database is closed and the process exits 0.
 *
 * "In flight" is made real without any test hook in the server: the client sends a sign-in's
 * headers and half its form body, so the server is inside that request (reading its body) when the
 * signal comes, and sends the rest after the listener has closed. A second such request never gets
 * the rest of its body: that one is cut at the bound.
 *
 * Most of the time is the first run's start-up (PGlite's initdb, the migrations, the demo seed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '@contract/demo/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../config';

const SHUTDOWN_TIMEOUT_MS = 5000;
const START_TIMEOUT_MS = 150_000;

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(dataDir: string): Promise<Running> {
  // Only the server's own settings (and PATH): a DATABASE_URL or PORT of the caller's shell must
  // not reach the server under test.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_MERCHANTS: '2',
    STATIC_DIR: join(dataDir, 'no-console'),
    MAINTENANCE_INTERVAL_SECONDS: '0',
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    LOG_LEVEL: 'info',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start within ${START_TIMEOUT_MS} ms:\n${text}`)),
      START_TIMEOUT_MS,
    );
    const check = () => {
      const match = /running at http:\/\/localhost:(\d+)/.exec(text);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${text}`)));
  });
  return { child, port, output: () => text, exited };
}

/** A raw HTTP/1.1 sign-in whose body is sent in two parts, and the whole answer as text. */
function partialSignIn(port: number) {
  const { email, password } = DEMO_ACCOUNTS.admin;
  const body = new URLSearchParams({ username: email, password }).toString();
  const half = Math.floor(body.length / 2);
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
    socket.on('error', () => {});
  });
  socket.write(
    'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n` +
      body.slice(0, half),
  );
  // Not `end()`: a client that half-closes has given up, and Node aborts its request.
  return { finish: () => socket.write(body.slice(half)), closed, socket };
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SIGTERM', () => {
  let dataDir: string;
  let server: Running | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pbo-shutdown-'));
    server = await startServer(dataDir);
  }, START_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, refuses new connections, cuts a stalled one at the bound, exits 0', async () => {
    if (!server) throw new Error('the server did not start');
    const { port, child, output, exited } = server;

    const inFlight = partialSignIn(port);
    const stalled = partialSignIn(port);
    // Both connections' headers are read once another request has had its answer after them.
    const live = await fetch(`http://127.0.0.1:${port}/api/v1/health/live`);
    expect(live.status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`);
    expect(ready.status).toBe(200);

    const signalledAt = Date.now();
    child.kill('SIGTERM');
    await until(() => output().includes('Shutting down'), 'the shutdown to start');
    expect(await refusesConnections(port)).toBe(true);

    inFlight.finish();
    const answer = await inFlight.closed;
    // Closed by the server once answered, not left open as keep-alive until the bound.
    expect(Date.now() - signalledAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 OK/);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
    expect(Buffer.byteLength(body)).toBe(length);
    const json = JSON.parse(body) as { success: boolean; data: { access_token: string } };
    expect(json.success).toBe(true);
    expect(json.data.access_token.split('.')).toHaveLength(3);

    // The stalled request gets no answer: its connection is cut at the bound.
    expect(await stalled.closed).toBe('');
    const code = await exited;
    const tookMs = Date.now() - signalledAt;
    expect(code).toBe(0);
    expect(tookMs).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS - 100);
    expect(tookMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 8000);

    const lines = output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'Shutting down: finishing requests in flight',
        'Requests did not finish within SHUTDOWN_TIMEOUT_MS; cutting their connections',
        'Stopped',
      ]),
    );
    // The sign-in that finished during the shutdown was answered and logged like any other.
    expect(lines).toContainEqual(
      expect.objectContaining({ route: '/api/v1/auth/login', method: 'POST', status: 200 }),
    );
  });
});
