/**
 * Where a prefetched next page's time goes (decision 056): the browser bench's next-page row, with
 * Chromium's CPU profiler and timeline trace around the clicks, on an unminified build (so the
 * profile names React's and our functions). Prints the main thread's time by trace event and the
 * functions with the most self time, per click; with `--renders`, the number of components React
 * rendered per commit (through a DevTools-style hook installed before the app loads).
 *
 *   node --import tsx bench/browser/profile.ts [--path /merchants] [--tries 10] [--static DIR]
 *
 * Uses the browser bench's kept database (bench_browser_1000000_2000) and its server (BENCH_SERVER_ROOT
 * picks the checkout whose server is started); asserts nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from '@contract/demo/users';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { UI_LIST_KIT } from '../../src/components/copy';
import { UI_AUTH } from '../../src/features/auth/copy';
import { withDatabase } from '../api/database';
import { startConsoleServer } from './console-server';
import { armPaintTimer, paintTimerResult } from './paint-timer';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    path: { type: 'string', default: '/transactions' },
    table: { type: 'string' },
    tries: { type: 'string', default: '10' },
    static: { type: 'string' },
    port: { type: 'string', default: '8297' },
    renders: { type: 'boolean', default: false },
    minify: { type: 'boolean', default: false },
  },
});
const path = values.path;
const tableName = values.table ?? (path === '/merchants' ? 'Merchants' : 'Transactions');
const tries = Number(values.tries);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = fileURLToPath(new URL('../..', import.meta.url));

let staticDir = values.static;
let built: string | undefined;
if (!staticDir) {
  built = mkdtempSync(join(tmpdir(), 'pbo-profile-console-'));
  await build({ root, logLevel: 'warn', build: { outDir: built, emptyOutDir: true, minify: values.minify } });
  staticDir = built;
}
const server = await startConsoleServer({
  port: Number(values.port),
  staticDir,
  env: { DATABASE_URL: withDatabase(serverUrl, 'bench_browser_1000000_2000') },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** Counts the fibers each React commit rendered (a fiber whose alternate's props/state changed). */
const RENDER_HOOK = `
(() => {
  const commits = [];
  window.__renderCommits = commits;
  let id = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { id++; this.renderers.set(id, renderer); return id; },
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
    onCommitFiberRoot(_id, root) {
      const names = new Map();
      let rendered = 0;
      // A component rendered in this commit carries PerformedWork (flag 1); a subtree React
      // did not visit keeps its old children (the same child as the alternate's): not walked.
      const walk = (fiber) => {
        for (let f = fiber; f; f = f.sibling) {
          if ((f.flags & 1) !== 0 && (typeof f.type === 'function' || (typeof f.type === 'object' && f.type))) {
            rendered++;
            const t = f.type;
            const name = t.displayName || t.name || (t.render && (t.render.displayName || t.render.name)) || (t.type && (t.type.displayName || t.type.name)) || '?';
            names.set(name, (names.get(name) || 0) + 1);
          }
          if (f.child && (f.alternate === null || f.child !== f.alternate.child)) walk(f.child);
        }
      };
      walk(root.current.child);
      commits.push({ at: performance.now(), rendered, names: [...names.entries()].sort((a, b) => b[1] - a[1]) });
    },
  };
})();
`;

try {
  const context = await browser.newContext({
    baseURL: server.origin,
    viewport: { width: 1440, height: 900 },
  });
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  if (values.renders) await context.addInitScript(RENDER_HOOK);
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByLabel(UI_AUTH.signin.email).fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel(UI_AUTH.signin.password, { exact: true }).fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: UI_AUTH.signin.submit }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
  await page.goto(path);
  await page.locator(`table[aria-label="${tableName}"]:not([aria-busy]) tbody tr`).first().waitFor();
  await page.waitForTimeout(1500);
  // Two untimed clicks: the code paths compile.
  for (let i = 0; i < 2; i++) {
    await page.getByRole('button', { name: UI_LIST_KIT.nextPage }).click();
    await page.waitForTimeout(700);
  }

  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const traceEvents: Array<{
    name: string;
    ph: string;
    ts: number;
    dur?: number;
    tid: number;
    pid: number;
    cat: string;
    args?: unknown;
  }> = [];
  cdp.on('Tracing.dataCollected', (e) => {
    traceEvents.push(...(e.value as unknown as typeof traceEvents));
  });
  const traceDone = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.start');
  const timings: Array<{ toRows: number; toPaint: number }> = [];
  for (let i = 0; i < tries; i++) {
    await page.waitForTimeout(700);
    await page.evaluate(armPaintTimer, { table: tableName, event: 'click' as const });
    await page.evaluate(() => performance.mark('try-start'));
    await page.getByRole('button', { name: UI_LIST_KIT.nextPage }).click();
    const t = await page.evaluate(paintTimerResult);
    await page.evaluate(() => performance.mark('try-end'));
    timings.push(t);
  }
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: {
      nodes: Array<{
        id: number;
        callFrame: { functionName: string; url: string; lineNumber: number };
        children?: number[];
      }>;
      samples: number[];
      timeDeltas: number[];
      startTime: number;
    };
  };
  await cdp.send('Tracing.end');
  await traceDone;
  if (process.env.PROFILE_OUT) {
    writeFileSync(`${process.env.PROFILE_OUT}.cpuprofile`, JSON.stringify(profile));
    writeFileSync(`${process.env.PROFILE_OUT}.trace.json`, JSON.stringify(traceEvents));
  }

  console.log(
    'toRows / toPaint per try:',
    timings.map((t) => `${t.toRows.toFixed(1)}/${t.toPaint.toFixed(1)}`).join(' '),
  );

  // Self time per function over the whole profile (the tries and the waits between them; idle
  // apart). PROFILE_OUT=<path> writes the profile and the trace for a closer look.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i] ?? -1);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)') {
      const k = functionName;
      self.set(k, (self.get(k) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
      continue;
    }
    const file = url.split('/').pop() ?? '';
    const k = `${functionName || '(anon)'} ${file}:${lineNumber}`;
    self.set(k, (self.get(k) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }

  // Main-thread trace: the renderer's main thread is the one with the click's EventDispatch.
  const clicks = traceEvents.filter(
    (e) => e.name === 'EventDispatch' && (e.args as { data?: { type?: string } })?.data?.type === 'click',
  );
  const main = clicks[0];
  if (main) {
    const mainEvents = traceEvents.filter(
      (e) => e.tid === main.tid && e.pid === main.pid && e.ph === 'X' && e.dur,
    );
    // Per try: the 150 ms after the click (the paint comes well within it).
    const names = new Map<string, number>();
    for (const click of clicks) {
      const end = click.ts + 150_000;
      for (const e of mainEvents) {
        if (e.ts < click.ts || e.ts > end) continue;
        names.set(e.name, (names.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
      }
    }
    console.log(
      `\nMain thread, per click (150 ms after each of ${clicks.length} clicks), inclusive ms by event:`,
    );
    for (const [n, d] of [...names.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
      console.log(`  ${(d / clicks.length).toFixed(2).padStart(8)}  ${n}`);
    }
    // One try's timeline of top-level tasks.
    const last = clicks[clicks.length - 1];
    if (last) {
      console.log('\nLast click, main-thread events > 0.3 ms (ms from the click, duration):');
      for (const e of mainEvents
        .filter((e) => e.ts >= last.ts - 2000 && e.ts < last.ts + 150_000 && (e.dur ?? 0) > 300)
        .sort((a, b) => a.ts - b.ts)) {
        const d = (e.args as { data?: { type?: string; functionName?: string; url?: string } })?.data;
        console.log(
          `  ${((e.ts - last.ts) / 1000).toFixed(1).padStart(7)} ${((e.dur ?? 0) / 1000).toFixed(2).padStart(7)}  ${e.name} ${d?.type ?? ''}${d?.functionName ?? ''}`,
        );
      }
    }
  }

  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\nCPU profile self time over the ${tries} tries (whole window, incl. waits), top 45, ms per try (total ${(total / 1000 / tries).toFixed(1)}):`,
  );
  for (const [k, us] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 45)) {
    console.log(`  ${(us / 1000 / tries).toFixed(2).padStart(7)}  ${k}`);
  }

  if (values.renders) {
    await page.evaluate(() => {
      (window as unknown as { __renderCommits: unknown[] }).__renderCommits.length = 0;
    });
    await page.waitForTimeout(700);
    await page.getByRole('button', { name: UI_LIST_KIT.nextPage }).click();
    await page.waitForTimeout(1000);
    const commits = await page.evaluate(
      () =>
        (
          window as unknown as {
            __renderCommits: Array<{ rendered: number; names: Array<[string, number]> }>;
          }
        ).__renderCommits,
    );
    console.log(`\nReact commits after one next-page click: ${commits.length}`);
    for (const c of commits) {
      console.log(`  ${c.rendered} components: ${c.names.map(([n, k]) => `${n}×${k}`).join(', ')}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
  if (built) rmSync(built, { recursive: true, force: true });
}
