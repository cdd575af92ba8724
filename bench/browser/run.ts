/**
 * Browser bench (docs/performance.md, "In the browser"): Chromium (Debian's, through Playwright)
 * against the console and API served as `npm start` serves them, over the million-transaction seed.
 * For each action it times, in the page, from the input event to the frame that paints the table's
 * new rows (paint-timer.ts): the next page (prefetched), a filter, a search and a date range on
 * Transactions, and the next page, a filter and a search on Merchants (which has no date range).
 * Prints p50/p95 per row beside issue 19's targets; asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS } from '@contract/demo/users';
import { chromium, type Page } from '@playwright/test';
import { queryRows } from '../../server/db/connect';
import { UI_LIST_KIT } from '../../src/components/copy';
import { UI_AUTH } from '../../src/features/auth/copy';
import { UI_MERCHANTS } from '../../src/features/merchants/copy';
import { UI_TRANSACTIONS } from '../../src/features/transactions/copy';
import { markdownTable, ms, summarize, table } from '../api/stats';
import { buildConsole, startConsoleServer } from './console-server';
import { dropBrowserBenchDatabase, ensureBrowserBenchDatabase } from './database';
import { parseBrowserOptions, USAGE } from './options';
import { armPaintTimer, type PaintTimerArgs, paintTimerResult } from './paint-timer';
import { cycle, dateRangeFor, type RowKind, summaryRow } from './plan';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** One try may not take longer than this (a row that never paints fails the run, loudly). */
const TRY_TIMEOUT_MS = 20_000;
/** No API request for this long: the prefetches of the page shown are done. */
const QUIET_MS = 300;

const parsed = parseBrowserOptions(process.argv.slice(2), process.env);
if (parsed === 'help') {
  console.log(USAGE);
  process.exit(0);
}
const options = parsed;
const outDir = fileURLToPath(new URL('../.out', import.meta.url));
mkdirSync(outDir, { recursive: true });

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
console.log(
  `Browser bench, ${new Date().toISOString()}, commit ${commit}, Node ${process.version}, ` +
    `${execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()}; load average ${loadavg()}`,
);

const database = await ensureBrowserBenchDatabase({ ...options, outDir });
// The inputs come from the data, so any seed (any base date, any size) works.
const { db } = database.handle;
const [sizes] = await queryRows<{ transactions: number; merchants: number; last: string }>(
  db,
  `select (select count(*) from transactions)::int as transactions,
          (select count(*) from merchants)::int as merchants,
          (select to_char(max(transaction_date) at time zone 'UTC', 'YYYY-MM-DD') from transactions) as last`,
);
// The 40 most frequent first names: a search of each matches thousands of a million rows.
const names = (
  await queryRows<{ name: string }>(
    db,
    'select customer_first_name as name from transactions group by 1 order by count(*) desc, 1 limit 40',
  )
).map((r) => r.name);
// A word of 40 merchants' names (the first word of at least four letters): each matches a few.
const merchantWords = (
  await queryRows<{ word: string }>(
    db,
    `select distinct on (lower(w)) w as word from (
       select business_name, (regexp_match(business_name, '[A-Za-z]{4,}'))[1] as w from merchants
     ) m where w is not null order by lower(w) limit 40`,
  )
).map((r) => r.word);
// 40 merchant codes for the palette row: each finds one merchant as its last character is typed.
const merchantCodes = (
  await queryRows<{ code: string }>(db, 'select merchant_code as code from merchants order by 1 limit 40')
).map((r) => r.code);
await database.handle.close();
if (!sizes?.last || names.length === 0 || merchantWords.length === 0) {
  throw new Error('the bench database has no transactions or merchants');
}
const lastDay = sizes.last;
console.log(
  `Database: ${options.db} (${database.location}): ${sizes.transactions} transactions, ${sizes.merchants} merchants`,
);

interface Row {
  label: string;
  kind: RowKind;
  table: string;
  event: PaintTimerArgs['event'];
  /** Watch this element's text instead of the table's rows (PaintTimerArgs). */
  results?: string;
  /** Brings the screen to where try `n` starts. */
  prepare(page: Page, n: number): Promise<void>;
  /** The user's action; the timer starts at its input event. */
  act(page: Page, n: number): Promise<void>;
  /** What the URL says after the action. */
  expected(n: number): RegExp;
}

const open = async (page: Page, path: string, tableName: string) => {
  await page.goto(path);
  await page.locator(`table[aria-label="${tableName}"]:not([aria-busy]) tbody tr`).first().waitFor();
};

/** Next-page tries in a row from page 1. */
const NEXT_PAGE_RUN = 10;
const nextPageRow = (label: string, path: string, tableName: string): Row => ({
  label,
  kind: 'prefetched',
  table: tableName,
  event: 'click',
  // Back to page 1 every 10 tries (pages 2 to 11), so a seed of 110 rows or more never runs out of
  // pages: 200 merchants make 20 pages, and every 20 tries asked for a page 21 that is not there.
  prepare: async (page, n) => {
    if (n % NEXT_PAGE_RUN === 0) await open(page, path, tableName);
  },
  act: async (page) => {
    await page.getByRole('button', { name: UI_LIST_KIT.nextPage }).click();
  },
  expected: (n) => new RegExp(`[?&]page=${(n % NEXT_PAGE_RUN) + 2}(&|$)`),
});

/** A new query: each try starts from a fresh load of the screen, so its answer is not in the cache. */
const freshRow = (row: Omit<Row, 'kind' | 'prepare'> & { path: string }): Row => ({
  ...row,
  kind: 'query',
  prepare: (page) => open(page, row.path, row.table),
});

const transactionFilters = Object.entries(UI_TRANSACTIONS.filters).filter(([value]) => value !== 'all');
/** Sortable columns of Transactions: the sort key and the header's name. */
const transactionSorts = [
  ['amount', 'Amount'],
  ['customer', 'Customer Name'],
  ['reference', 'Reference'],
  ['status', 'Status'],
] as const;
const merchantFilters = [
  ['pending', UI_MERCHANTS.filters.pending],
  ['pending-verification', UI_MERCHANTS.filters.pendingVerification],
  ['verified', UI_MERCHANTS.filters.verified],
  ['inactive', UI_MERCHANTS.filters.inactive],
] as const;
/**
 * A click on a filter panel's radio. Not `check()`: the radio shows the URL's filter, so it is
 * checked only once the router has taken the navigation, which can be after Playwright looks (on
 * 2026-11-26 every first try failed so); the URL is checked after each try instead.
 */
const pickFilter = (page: Page, label: string) =>
  page.getByRole('radio', { name: label, exact: true }).click();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const search = async (page: Page, placeholder: string, term: string) => {
  const box = page.getByRole('searchbox', { name: placeholder });
  await box.fill(term);
  await box.press('Enter');
};

/**
 * Issue 24's 'saved view' row: a click on a saved view in the Views menu (one per status filter,
 * saved through the API before the first try) to its rows painted.
 */
function savedViewRow(): Row {
  const views = transactionFilters.map(([status, label]) => ({ status, name: `Bench ${label}` }));
  let saved = false;
  const saveViews = async (page: Page) => {
    const token = await page.evaluate(() => window.localStorage.getItem('access_token'));
    const headers = { Authorization: `Bearer ${token}` };
    for (const view of views) {
      const response = await page.request.post('/api/v1/list-views', {
        headers,
        data: { list: 'transactions', name: view.name, search: { status: view.status }, columns: null },
      });
      // 409: saved by an earlier run on the same database.
      if (!response.ok() && response.status() !== 409)
        throw new Error(`saving ${view.name}: ${response.status()}`);
    }
    saved = true;
  };
  return {
    label: 'Transactions: saved view',
    kind: 'query',
    table: UI_TRANSACTIONS.title,
    event: 'click',
    prepare: async (page) => {
      // Saved before the screen loads, so its menu lists them from the first try.
      if (!saved) await saveViews(page);
      await open(page, '/transactions', UI_TRANSACTIONS.title);
      await page.getByRole('button', { name: 'Views' }).click();
      await page.getByRole('menuitem').first().waitFor();
    },
    act: (page, n) => page.getByRole('menuitem', { name: cycle(views, n).name, exact: true }).click(),
    expected: (n) => new RegExp(`[?&]status=${escapeRegExp(cycle(views, n).status)}(&|$)`),
  };
}

/**
 * Issue 24's 'palette search' row: Ctrl+K, a merchant code typed but its last character, then the
 * timed last key to the merchants found painted (the palette's debounce included). It watches the
 * merchants' group, which is busy while its own search runs: the transactions and GL accounts
 * searched beside it answer in their own time and are not what the person is looking for.
 */
function paletteRow(): Row {
  return {
    label: 'Palette: find a merchant by code',
    kind: 'query',
    table: 'palette',
    results: '[data-palette-group="merchants"]',
    event: 'keydown',
    prepare: async (page, n) => {
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.keyboard.press('ControlOrMeta+k');
      const code = cycle(merchantCodes, n);
      // The partial code's own search runs now, before the timer (the row waits for quiet).
      await page.getByRole('textbox', { name: /Go to a screen/ }).fill(code.slice(0, -1));
    },
    act: (page, n) => page.keyboard.press(cycle(merchantCodes, n).slice(-1)),
    expected: () => /./,
  };
}

const rows: Row[] = [
  nextPageRow('Transactions: next page (prefetched)', '/transactions', UI_TRANSACTIONS.title),
  freshRow({
    label: 'Transactions: status filter',
    path: '/transactions',
    table: UI_TRANSACTIONS.title,
    event: 'click',
    act: (page, n) => pickFilter(page, cycle(transactionFilters, n)[1]),
    expected: (n) => new RegExp(`[?&]status=${escapeRegExp(cycle(transactionFilters, n)[0])}(&|$)`),
  }),
  freshRow({
    // Issue 24: a click on a column's header to its rows painted in the server's order.
    label: 'Transactions: sort by a column',
    path: '/transactions',
    table: UI_TRANSACTIONS.title,
    event: 'click',
    act: (page, n) =>
      page
        .getByRole('columnheader', { name: cycle(transactionSorts, n)[1] })
        .getByRole('button')
        .click(),
    expected: (n) => new RegExp(`[?&]sort=${cycle(transactionSorts, n)[0]}\\.(asc|desc)(&|$)`),
  }),
  freshRow({
    label: 'Transactions: search a name',
    path: '/transactions',
    table: UI_TRANSACTIONS.title,
    event: 'keydown',
    act: (page, n) => search(page, UI_TRANSACTIONS.search, cycle(names, n)),
    expected: (n) => new RegExp(`[?&]search=${escapeRegExp(encodeURIComponent(cycle(names, n)))}(&|$)`),
  }),
  freshRow({
    label: 'Transactions: date range (7/30/90 days)',
    path: '/transactions',
    table: UI_TRANSACTIONS.title,
    event: 'keydown',
    act: async (page, n) => {
      const { from, to } = dateRangeFor(n, lastDay);
      const range = page.getByRole('combobox', { name: UI_TRANSACTIONS.dateRange });
      await range.fill(`${from} ~ ${to}`);
      await range.press('Enter');
    },
    expected: (n) => new RegExp(`[?&]from=${dateRangeFor(n, lastDay).from}(&|$)`),
  }),
  nextPageRow('Merchants: next page (prefetched)', '/merchants', UI_MERCHANTS.title),
  freshRow({
    label: 'Merchants: status filter',
    path: '/merchants',
    table: UI_MERCHANTS.title,
    event: 'click',
    act: (page, n) => pickFilter(page, cycle(merchantFilters, n)[1]),
    expected: (n) => new RegExp(`[?&]filter=${cycle(merchantFilters, n)[0]}(&|$)`),
  }),
  freshRow({
    label: 'Merchants: search a word of a name',
    path: '/merchants',
    table: UI_MERCHANTS.title,
    event: 'keydown',
    act: (page, n) => search(page, UI_MERCHANTS.search, cycle(merchantWords, n)),
    expected: (n) =>
      new RegExp(`[?&]search=${escapeRegExp(encodeURIComponent(cycle(merchantWords, n)))}(&|$)`),
  }),
  savedViewRow(),
  paletteRow(),
].filter((row) => !options.only || row.label.toLowerCase().includes(options.only.toLowerCase()));

const staticDir = await buildConsole();
const server = await startConsoleServer({ port: options.port, staticDir, env: database.env });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const results: string[][] = [];
try {
  const context = await browser.newContext({
    baseURL: server.origin,
    viewport: { width: 1440, height: 900 },
  });
  // tsx compiles this file with esbuild's keepNames, which wraps the paint timer's inner functions
  // in a `__name` helper that exists in Node, not in the page it is sent to.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  // API requests in flight, so a try starts only once the screen's own prefetches are done.
  let inFlight = 0;
  let lastActivity = performance.now();
  // The live event stream (GET /api/v1/events) stays open as long as the page: never 'in flight'.
  const isApi = (url: string) => {
    const { pathname } = new URL(url);
    return pathname.startsWith('/api/') && pathname !== '/api/v1/events';
  };
  page.on('request', (request) => {
    if (!isApi(request.url())) return;
    inFlight++;
    lastActivity = performance.now();
  });
  const finished = (request: { url(): string }) => {
    if (!isApi(request.url())) return;
    inFlight--;
    lastActivity = performance.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  const quiet = async () => {
    while (inFlight > 0 || performance.now() - lastActivity < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  await page.goto('/signin');
  await page.getByLabel(UI_AUTH.signin.email).fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel(UI_AUTH.signin.password, { exact: true }).fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: UI_AUTH.signin.submit }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));

  for (const row of rows) {
    const samples: number[] = [];
    const domOnly: number[] = [];
    const started = loadavg();
    // Try 0 is not timed: the first of each kind compiles the code paths it meets.
    for (let n = 0; n <= options.tries; n++) {
      await row.prepare(page, n);
      await quiet();
      await page.evaluate(armPaintTimer, { table: row.table, event: row.event, results: row.results });
      await row.act(page, n);
      const timing = await Promise.race([
        page.evaluate(paintTimerResult),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`${row.label}, try ${n}: no new rows painted`)), TRY_TIMEOUT_MS),
        ),
      ]);
      if (!row.expected(n).test(page.url())) {
        throw new Error(`${row.label}, try ${n}: the URL is ${page.url()}, expected ${row.expected(n)}`);
      }
      if (n > 0) {
        samples.push(timing.toPaint);
        domOnly.push(timing.toRows);
      }
    }
    const summary = summaryRow(row.label, row.kind, samples);
    const dom = summarize(domOnly);
    results.push([...summary.slice(0, 4), ms(dom.p95), ...summary.slice(4), `${started} -> ${loadavg()}`]);
    console.log(
      `  ${row.label}: p50 ${summary[2]} ms, p95 ${summary[3]} ms (load ${started} -> ${loadavg()})`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(staticDir, { recursive: true, force: true });
  if (options.drop) await dropBrowserBenchDatabase(options.db, options.serverUrl, database.location);
}

const header = [
  'action',
  'tries',
  'p50',
  'p95',
  'rows in DOM p95',
  'max',
  'target p95',
  'ok',
  'load average (1/5/15 min)',
];
console.log(
  `\nFrom the click or Enter to the frame that paints the new rows, ms (${options.tries} timed tries ` +
    'after one untimed; a new query starts from a fresh load of the screen, so it is never cached):\n',
);
console.log(table(header, results));
console.log(`\nMarkdown:\n\n${markdownTable(header, results)}`);
console.log(`\nLoad average at the end: ${loadavg()}`);
