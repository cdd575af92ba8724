/**
 * The console as `npm start` serves it, for the browser benches: `vite build` (the project's own
 * vite.config.ts, so the brotli and gzip copies too) into a directory of the bench's own, so it
 * never collides with another build writing `dist/`, then `node --max-semi-space-size=64 --import
 * tsx server/main.ts` (npm start's command) on its own port with STATIC_DIR pointing at that build.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The checkout whose server/ is started (BENCH_SERVER_ROOT, default this one): a before/after run
 * of the console can serve both builds from one server's code, untouched by edits in progress.
 */
const serverRoot = process.env.BENCH_SERVER_ROOT ?? root;

export interface ConsoleServer {
  origin: string;
  stop(): Promise<void>;
}

/** Builds the console into a temporary directory; returns it (removed by the server's stop). */
export async function buildConsole(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'pbo-bench-console-'));
  const started = performance.now();
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  console.log(`Built the console in ${((performance.now() - started) / 1000).toFixed(1)} s into ${outDir}`);
  return outDir;
}

async function waitForHealth(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${origin}/api/v1/health within ${timeoutMs / 1000} s`);
}

/**
 * Starts server/main.ts on 127.0.0.1:<port> over the given database settings and the built console.
 * Its output goes to this process's stderr (warnings and errors only: LOG_LEVEL=warn).
 */
export async function startConsoleServer(options: {
  port: number;
  staticDir: string;
  env: { DATABASE_URL: string; DATA_DIR?: string | undefined };
}): Promise<ConsoleServer> {
  // Keys are generated into DATA_DIR on PostgreSQL too: give it a private one unless PGlite's.
  const keysDir = options.env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'pbo-bench-keys-'));
  const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'server/main.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      STATIC_DIR: options.staticDir,
      DATABASE_URL: options.env.DATABASE_URL,
      DATA_DIR: options.env.DATA_DIR ?? keysDir,
      LOG_LEVEL: 'warn',
      // No upkeep rounds in the middle of the timings; the seed has vacuumed.
      MAINTENANCE_INTERVAL_SECONDS: '0',
      // Nor the journal search's gram fold (decision 067): a fresh seed leaves the whole ledger
      // pending, some 50 minutes of folding at 1M beside the timings. No row here searches journals.
      GRAM_FOLD_INTERVAL_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (keysDir) rmSync(keysDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin, child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}
