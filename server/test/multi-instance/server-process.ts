/**
 * A real server process (`node --import tsx server/main.ts`), as `npm run serve` starts it, for the
 * tests of several instances over one PostgreSQL database. Its output is kept to show when a test
 * fails; the caller stops it with `stop()` (SIGTERM, then SIGKILL after a bound).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { PROJECT_ROOT } from '../../config';
import { freePort } from '../free-port';

export interface ServerProcess {
  readonly name: string;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves when GET /api/v1/health/ready answers 200; rejects if the process exits first. */
  ready(timeoutMs: number): Promise<void>;
  /** SIGTERM; resolves to the exit code (null when it had to be killed). */
  stop(): Promise<number | null>;
}

export async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });

  return {
    name,
    origin,
    output: () => printed,
    async ready(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (exitCode !== undefined) throw new Error(`${name} exited (${exitCode}):\n${printed}`);
        try {
          const response = await fetch(`${origin}/api/v1/health/ready`);
          await response.body?.cancel();
          if (response.status === 200) return;
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${printed}`);
    },
    async stop() {
      if (exitCode !== undefined) return exitCode;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      try {
        return await exited;
      } finally {
        clearTimeout(killer);
      }
    },
  };
}
