/**
 * Lighthouse bench (docs/performance.md, "In the browser"; decision 028): Lighthouse 13 with its
 * mobile defaults (simulated slow 4G, 4x CPU slowdown) against the console served as `npm start`
 * serves it, in Debian's Chromium. `/signin` signed out; `/transactions` signed in (the bench signs
 * in through the form in the same browser first, then empties the HTTP cache so the page loads
 * cold with the session kept). Prints the scores and the main metrics, the median of `--runs`
 * runs of each page, and the performance audits that did not pass. Asserts nothing (targets:
 * performance >= 90 on /signin, accessibility 100).
 *
 * Lighthouse 13 needs Node 22 and is not a dependency of the project: it runs through
 * `npx -y -p node@22 -p lighthouse@13` (fetched into npm's cache on first use; decision 028).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from '@contract/demo/users';
import { chromium } from '@playwright/test';
import { UI_AUTH } from '../../src/features/auth/copy';
import { table } from '../api/stats';
import { buildConsole, startConsoleServer } from '../browser/console-server';
import { type LighthouseSummary, SUMMARY_HEADER, summarizeReport, summaryCells } from './report';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = ['-y', '-p', 'node@22', '-p', 'lighthouse@13', 'lighthouse'];
/** Headless, as Lighthouse's launcher starts it, with the flags every browser run here uses. */
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const USAGE = `node --import tsx bench/lighthouse/run.ts [options]
  --runs N            Lighthouse runs per page (default 3; the median is printed)
  --port N            the server's port (default 8292)
  --debug-port N      Chromium's remote-debugging port, which Lighthouse drives (default 8293)
  --only signin|transactions   one page only
  --save DIR          keep each run's JSON report in DIR
  --baseline          also serve the same build without its route preload (no build manifest, so
                      no Link: rel=modulepreload header) and alternate its /signin runs with the
                      current one's, printing both (server/http/route-preload.ts)
  --database-url URL  serve from this PostgreSQL database (default: a fresh PGlite directory,
                      seeded on first start as npm start does)`;

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    runs: { type: 'string' },
    port: { type: 'string' },
    'debug-port': { type: 'string' },
    only: { type: 'string' },
    'database-url': { type: 'string' },
    save: { type: 'string' },
    baseline: { type: 'boolean' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const whole = (name: string, raw: string | undefined, fallback: number) => {
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65_535)
    throw new Error(`--${name} must be a whole number, got ${raw}`);
  return value;
};
const runs = whole('runs', values.runs, 3);
const port = whole('port', values.port, 8292);
const debugPort = whole('debug-port', values['debug-port'], 8293);
if (values.only && values.only !== 'signin' && values.only !== 'transactions') {
  throw new Error(`--only must be signin or transactions, got ${values.only}`);
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
console.log(`Lighthouse bench, ${new Date().toISOString()}, commit ${commit}; load average ${loadavg()}`);

/** Waits until Chromium answers on its debugging port. */
async function waitForDebugger(child: ChildProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`Chromium exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${debugPort}/json/version`)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Chromium did not open its debugging port ${debugPort}`);
}

/** One Lighthouse run on the Chromium at the debugging port; its JSON report, summarised. */
/**
 * One Lighthouse run; its JSON report, summarised. Signed out, Lighthouse starts Chromium itself
 * (its launcher's flags, as anyone running `lighthouse` gets); signed in, it drives the Chromium
 * at the debugging port where the bench signed in, keeping that origin's storage.
 */
function lighthouse(url: string, signedIn: boolean): Promise<LighthouseSummary> {
  const out = join(work, `report-${Date.now()}.json`);
  const args = [
    ...LIGHTHOUSE,
    url,
    ...(signedIn ? [`--port=${debugPort}`] : [`--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`]),
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices',
    '--quiet',
    // Signed in: Lighthouse would otherwise clear the origin's storage, and with it the session.
    ...(signedIn ? ['--disable-storage-reset'] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, CHROME_PATH: CHROMIUM },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) {
        reject(
          new Error(
            `lighthouse exited with ${code}:\n${stderr
              .split('\n')
              .filter((l) => !l.includes('EBADENGINE'))
              .join('\n')}`,
          ),
        );
        return;
      }
      try {
        const json = readFileSync(out, 'utf8');
        if (values.save) {
          mkdirSync(values.save, { recursive: true });
          copyFileSync(
            out,
            join(values.save, `${new URL(url).pathname.slice(1) || 'root'}-${Date.now()}.json`),
          );
        }
        resolve(summarizeReport(json));
      } catch (error) {
        reject(error);
      }
    });
  });
}

const work = mkdtempSync(join(tmpdir(), 'pbo-lighthouse-'));
const dataDir = values['database-url'] ? undefined : join(work, 'data');
const staticDir = await buildConsole();
const server = await startConsoleServer({
  port,
  staticDir,
  env: values['database-url']
    ? { DATABASE_URL: values['database-url'] }
    : { DATABASE_URL: '', DATA_DIR: dataDir },
});
// The baseline: the same files minus the manifest the server reads its preload hints from.
const baselineDir = values.baseline ? `${staticDir}-without-preload` : undefined;
if (baselineDir) {
  cpSync(staticDir, baselineDir, { recursive: true });
  rmSync(join(baselineDir, '.vite'), { recursive: true, force: true });
}
const baseline = baselineDir
  ? await startConsoleServer({
      port: port + 2,
      staticDir: baselineDir,
      env: values['database-url']
        ? { DATABASE_URL: values['database-url'] }
        : { DATABASE_URL: '', DATA_DIR: join(work, 'data-baseline') },
    })
  : undefined;
/** The signed-in runs' Chromium, with a debugging port for the bench to sign in and Lighthouse to drive. */
let browserProcess: ChildProcess | undefined;
const results: string[][] = [];
const findings: string[] = [];
try {
  const measure = async (
    page: string,
    path: string,
    signedIn: boolean,
    before?: () => Promise<unknown>,
    against?: { label: string; origin: string },
  ) => {
    // With a baseline, its runs alternate with the current one's, so both meet the same load.
    const sides = [
      ...(against ? [{ page: `${page} ${against.label}`, origin: against.origin }] : []),
      { page, origin: server.origin },
    ].map((side) => ({ ...side, summaries: [] as LighthouseSummary[], loads: [] as string[] }));
    for (let i = 0; i < runs; i++) {
      for (const side of sides) {
        await before?.();
        side.loads.push(loadavg());
        // Lighthouse now and then loses its trace on a busy machine (NO_NAVSTART): one more try.
        const summary = await lighthouse(`${side.origin}${path}`, signedIn).catch((error: unknown) => {
          console.log(
            `  ${side.page} run ${i + 1} failed, trying once more: ${String(error).split('\n')[0]}`,
          );
          return lighthouse(`${side.origin}${path}`, signedIn);
        });
        side.summaries.push(summary);
        console.log(
          `  ${side.page} run ${i + 1}: performance ${summary.performance}, accessibility ${summary.accessibility}, ` +
            `FCP ${(summary.fcp / 1000).toFixed(1)} s, LCP ${(summary.lcp / 1000).toFixed(1)} s, ` +
            `TBT ${Math.round(summary.tbt)} ms (load average ${side.loads.at(-1)})`,
        );
      }
    }
    for (const side of sides) {
      results.push([...summaryCells(side.page, side.summaries), `${side.loads[0]} .. ${loadavg()}`]);
    }
    const last = sides.at(-1)?.summaries.at(-1);
    if (last) findings.push(`${page}:`, ...last.findings.map((f) => `  - ${f}`));
  };

  if (values.only !== 'transactions') {
    await measure(
      '/signin',
      '/signin',
      false,
      undefined,
      baseline && { label: '(baseline: no route preload)', origin: baseline.origin },
    );
  }
  if (values.only !== 'signin') {
    browserProcess = spawn(
      CHROMIUM,
      [
        ...CHROMIUM_FLAGS,
        '--no-first-run',
        `--remote-debugging-port=${debugPort}`,
        `--user-data-dir=${join(work, 'profile')}`,
        'about:blank',
      ],
      { stdio: 'ignore' },
    );
    await waitForDebugger(browserProcess);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const tab = await context.newPage();
    await tab.goto(`${server.origin}/signin`);
    await tab.getByLabel(UI_AUTH.signin.email).fill(DEMO_ACCOUNTS.admin.email);
    await tab.getByLabel(UI_AUTH.signin.password, { exact: true }).fill(DEMO_ACCOUNTS.admin.password);
    await tab.getByRole('button', { name: UI_AUTH.signin.submit }).click();
    await tab.waitForURL((url) => !url.pathname.startsWith('/signin'));
    await tab.goto('about:blank');
    const cdp = await context.newCDPSession(tab);
    // Each run loads cold, as the first visit after signing in would; the session (localStorage) stays.
    await measure('/transactions (signed in)', '/transactions', true, () =>
      cdp.send('Network.clearBrowserCache'),
    );
    await cdp.detach();
  }
} finally {
  browserProcess?.kill('SIGTERM');
  await server.stop();
  await baseline?.stop();
  rmSync(staticDir, { recursive: true, force: true });
  if (baselineDir) rmSync(baselineDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}

const header = [...SUMMARY_HEADER, 'load average'];
console.log(
  `\nLighthouse 13, mobile defaults (simulated throttling), median of ${runs} runs per page ` +
    '(targets: /signin performance >= 90, accessibility 100):\n',
);
console.log(table(header, results));
console.log('\nPerformance audits under 0.9 in the last run of each page:');
for (const line of findings) console.log(`  ${line}`);
console.log(`\nLoad average at the end: ${loadavg()}`);
