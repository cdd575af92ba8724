/**
 * The journal entry search alone (issue 23, docs/decisions/048, 055, 058, 062): the list (its page and exact
 * total) and the totals of several terms, broad and narrow, through HTTP on a database seeded
 * earlier, each timed `--samples` times after a warm-up, list and totals taking turns. The full
 * `bench:api` times only `payment`; this one times the terms side by side, and runs the same on
 * the code before a change (a worktree of the commit before) for a baseline in the same sitting.
 *
 *   BENCH_DATABASE_URL=postgres://... node --import tsx bench/api/journal-search.ts \
 *     --db postgres --reuse <name> [--samples 50] [--warmup 3] [--terms payment,merchant] \
 *     [--sort amount.desc] [--no-fold]
 *
 * `--terms` is split on commas, or on `--terms-separator` (for terms holding a comma); `--sort`
 * times the list in that order (the totals have none). The rows waiting for the gram sums (decision
 * 067) are folded first, unless `--no-fold`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { queryRows } from '../../server/db/connect';
import { foldPendingJournalEntryGrams, vacuumGramTables } from '../../server/db/maintenance';
import { startBenchApp } from './bench-app';
import { benchOutDir, benchServerUrl, openBenchDatabase } from './database';
import { keepAliveGetter } from './http-client';
import { markdownTable, ms } from './stats';
import { httpSide, sampleSides } from './timing';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    reuse: { type: 'string' },
    samples: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '3' },
    terms: { type: 'string' },
    'terms-separator': { type: 'string', default: ',' },
    sort: { type: 'string', default: 'date.desc' },
    budget: { type: 'string', default: '120' },
    // `--no-fold`: time the short terms with whatever is pending (a server's fold falling behind).
    fold: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
if (!values.reuse) throw new Error('--reuse <database name or PGlite directory> is required');
const kind = values.db === 'pglite' ? 'pglite' : 'postgres';

/** A short hash of an answer's body: the runs before and after a change must print the same. */
async function answerHash(url: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
  return createHash('sha256')
    .update(await response.text())
    .digest('hex')
    .slice(0, 10);
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const database = await openBenchDatabase({
  kind,
  serverUrl: benchServerUrl(),
  outDir: benchOutDir(),
  reuse: values.reuse,
  keep: true,
  transactions: 0,
  merchants: 0,
});
// The server folds the postings waiting for the gram sums on its own timer (decision 067), which the
// bench's app does not start: a fresh seed (or a database just migrated to 0036) leaves every entry
// pending, and the short terms would be timed reading them one by one. Folded first, and timed.
if (values.fold) {
  const started = performance.now();
  const moved = await foldPendingJournalEntryGrams(database.handle.db);
  if (moved > 0) {
    // As the server's rounds do after a backlog: the deleted pending rows would be read by every
    // short term until autovacuum came.
    await vacuumGramTables(database.handle.db);
    const seconds = (performance.now() - started) / 1000;
    console.log(`folded ${moved} pending gram rows in ${seconds.toFixed(1)} s (load ${loadavg()})`);
  }
}
const app = await startBenchApp(database.handle);
const client = keepAliveGetter();
try {
  // A reference's prefix shared by a few thousand transactions, as decision 012 measured.
  const [reference] = await queryRows<{ prefix: string }>(
    database.handle.db,
    `select left(txn_ref, 9) as prefix from transactions order by transaction_date desc limit 1`,
  );
  const terms = values.terms
    ? values.terms.split(values['terms-separator'])
    : // Inside the literal text (048); through a kept fee (055); a reference prefix (kept prefix
      // sums, 058); an amount through the variable parts, checked one by one; words nothing holds;
      // one and two characters (kept gram sums, 062).
      [
        'payment',
        'merchant',
        'payout',
        'fee 5',
        reference?.prefix ?? 'FT',
        '100.',
        'harbor',
        'no such text anywhere',
        'F',
        'a',
        '7',
        'z9',
      ];
  console.log(`load average at start: ${loadavg()}`);
  const rows: string[][] = [];
  for (const term of terms) {
    const query = `search_term=${encodeURIComponent(term)}`;
    const listUrl = `${app.base}/journal-entries?${query}&page=1&limit=10&sort=${values.sort}`;
    const totalsUrl = `${app.base}/journal-entries/totals?${query}`;
    const { summaries, n } = await sampleSides(
      [httpSide('list', client, listUrl, app.headers), httpSide('totals', client, totalsUrl, app.headers)],
      {
        warmup: Number(values.warmup),
        count: Number(values.samples),
        budgetMs: Number(values.budget) * 1000,
      },
    );
    rows.push([
      JSON.stringify(term),
      String(n),
      ms(summaries.list.p50),
      ms(summaries.list.p95),
      ms(summaries.totals.p50),
      ms(summaries.totals.p95),
      `${await answerHash(listUrl, app.headers)} ${await answerHash(totalsUrl, app.headers)}`,
    ]);
    console.log(rows.at(-1)?.join(' | '));
  }
  console.log(`load average at end: ${loadavg()}`);
  console.log(
    markdownTable(
      ['term', 'samples', 'list p50', 'list p95', 'totals p50', 'totals p95', 'answers (list, totals)'],
      rows,
    ),
  );
} finally {
  client.close();
  await app.close();
  await database.dispose();
}
