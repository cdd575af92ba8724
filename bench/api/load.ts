/**
 * Throughput with autocannon, run as its own process: in the server's process it would share one
 * event loop with the app and measure the two together.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50: number;
  latencyP975: number;
  latencyP99: number;
  total: number;
  non2xx: number;
  errors: number;
}

/** The subset of autocannon's `--json` result the bench prints. */
interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('autocannon/package.json')), 'autocannon.js');

export function autocannon(options: {
  url: string;
  token: string;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const args = [
    cli,
    '--connections',
    String(options.connections),
    '--duration',
    String(options.seconds),
    '--headers',
    `Authorization=Bearer ${options.token}`,
    '--json',
    options.url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    // Bounded: autocannon stops itself after --duration; this only guards against a hang.
    const guard = setTimeout(() => child.kill('SIGTERM'), (options.seconds + 30) * 1000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      try {
        const r = JSON.parse(out.trim().split('\n').at(-1) ?? '') as AutocannonJson;
        resolve({
          requestsPerSecond: r.requests.average,
          latencyP50: r.latency.p50,
          latencyP975: r.latency.p97_5,
          latencyP99: r.latency.p99,
          total: r.requests.total,
          non2xx: r.non2xx,
          errors: r.errors + r.timeouts,
        });
      } catch (error) {
        reject(new Error(`autocannon output was not JSON: ${out.slice(0, 200)}`, { cause: error }));
      }
    });
  });
}
