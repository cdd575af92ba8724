/**
 * Real server processes for the bench's load lines: `server/main.ts` as an operator runs it, over
 * the bench's PostgreSQL database, each on its own port, all sharing one signing key (as
 * docs/deploy.md asks of a deployment). The load comes from `closedLoop` in the bench's process,
 * spread over the instances connection by connection, as a round-robin proxy would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/test/free-port';
import { socketGetter } from './socket-client';
import { type Summary, summarize } from './stats';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY_TIMEOUT_MS = 120_000;

export interface Instance {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  stop(): Promise<void>;
}

async function waitForHealth(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the instance exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${origin}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the instance at ${origin} was not healthy within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

/** Starts `server/main.ts` and resolves once `GET /api/v1/health` answers 200. */
export async function startInstance(options: {
  databaseUrl: string;
  privateKeyPem: string;
  env?: Readonly<Record<string, string>>;
}): Promise<Instance> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-instance-'));
  const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      JWT_PRIVATE_KEY: options.privateKeyPem,
      MAINTENANCE_INTERVAL_SECONDS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept for an error message; the pipes are always drained so a chatty log cannot block the child.
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(force);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin, child, () => tail);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

export interface LoadLine {
  requestsPerSecond: number;
  latency: Summary;
  total: number;
  non200: number;
}

/**
 * `connections` clients, each sending its next request as soon as the last answer is read, for
 * `seconds`; connection i talks to `urls[i % urls.length]`. Every request's latency is kept, so p95
 * is exact rather than read off a histogram's buckets.
 */
export async function closedLoop(options: {
  urls: readonly string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<LoadLine> {
  const latencies: number[] = [];
  let non200 = 0;
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const clients = Array.from({ length: options.connections }, (_, i) => ({
    getter: socketGetter(),
    url: options.urls[i % options.urls.length] ?? '',
  }));
  try {
    await Promise.all(
      clients.map(async ({ getter, url }) => {
        while (performance.now() < until) {
          const t = performance.now();
          const status = await getter.get(url, options.headers);
          latencies.push(performance.now() - t);
          if (status !== 200) non200++;
        }
      }),
    );
  } finally {
    for (const { getter } of clients) getter.close();
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    requestsPerSecond: latencies.length / seconds,
    latency: summarize(latencies),
    total: latencies.length,
    non200,
  };
}
