/**
 * `npm test`'s long half: the unit, component and server suite (vitest) and the end-to-end suite
 * (Playwright) side by side instead of one after the other. Run in sequence they took about 29
 * minutes of CI's 30 on the 2-core machine; most of the end-to-end suite's time is Chromium and the
 * server waiting on each other, which leaves room beside vitest. Each line is prefixed with its
 * suite; both always run to the end, and the exit code is 1 when either failed. A failed suite's
 * last lines are printed again at the very end: CI keeps only the tail of the log, and with the
 * suites interleaved that tail is otherwise whichever suite finished last, not the one that failed.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

export interface Suite {
  name: string;
  command: string;
  args: string[];
}

export const SUITES: readonly Suite[] = [
  { name: 'unit', command: 'npm', args: ['run', '--silent', 'test:unit'] },
  { name: 'e2e', command: 'npm', args: ['run', '--silent', 'test:e2e'] },
];

export interface SuiteResult {
  name: string;
  code: number;
  seconds: number;
  /** The suite's last lines, unprefixed: Playwright and vitest print their failures at the end. */
  tail: string[];
}

/** How many of a suite's last lines are kept to print again when it fails. */
export const TAIL_LINES = 200;

/** Runs one suite, copying its output line by line under its name; resolves with its exit code. */
export function runSuite(suite: Suite, write: (line: string) => void): Promise<SuiteResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(suite.command, suite.args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const label = `[${suite.name}]`;
    const tail: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        write(`${label} ${line}`);
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
      });
    }
    const done = (code: number) =>
      resolve({ name: suite.name, code, seconds: Math.round((performance.now() - started) / 1000), tail });
    child.on('error', (error) => {
      write(`${label} could not start: ${error.message}`);
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** Runs the suites at once; every one runs to its end. */
export async function runSuites(
  suites: readonly Suite[],
  write: (line: string) => void,
): Promise<{ code: number; results: SuiteResult[] }> {
  const results = await Promise.all(suites.map((suite) => runSuite(suite, write)));
  for (const result of results.filter((result) => result.code !== 0)) {
    write(`---- the last ${result.tail.length} lines of ${result.name}, which failed ----`);
    for (const line of result.tail) write(`[${result.name}] ${line}`);
  }
  for (const result of results) {
    write(
      `${result.name}: ${result.code === 0 ? 'passed' : `FAILED (exit code ${result.code})`} in ${result.seconds} s`,
    );
  }
  return { code: results.every((result) => result.code === 0) ? 0 : 1, results };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { code } = await runSuites(SUITES, (line) => process.stdout.write(`${line}\n`));
  process.exit(code);
}
