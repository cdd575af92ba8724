/**
 * API bench (docs/performance.md, "API"). Seeds transactions with the project's seed code, serves
 * the real app on 127.0.0.1, and times each list query through HTTP, as the raw SQL the handler
 * runs, and as those statements behind a bare node:http server (the floor any Node API pays),
 * interleaved so machine load hits all three alike; then autocannon on GET /merchants.
 * Prints figures; asserts nothing (issue 19's targets: list calls' p95 < 10 ms on PostgreSQL and
 * < 30 ms on PGlite at a million transactions, twice that above; what the API adds over the bare
 * server, HTTP/bare at p95, < 1.25; HTTP/raw is printed for information). `--scale` runs the growth
 * curves instead (scale-run.ts).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '../../server/app';
import { queryRows } from '../../server/db/connect';
import { startBareServer } from './bare-server';
import { startBenchApp } from './bench-app';
import { type BenchDatabase, openBenchDatabase, withDatabase } from './database';
import { watchGcPauses } from './gc-pauses';
import { type HttpGetter, keepAliveGetter } from './http-client';
import { autocannon } from './load';
import { printInstanceLines } from './load-lines';
import { memoryDriver } from './memory-driver';
import { describeYoungGeneration } from './node-flags';
import { printObservabilityCost } from './observability-cost';
import { chooseQueries, parseOptions } from './options';
import { benchQueries } from './queries';
import { type RawRunner, runStatements, type Statement, sqlCapture } from './raw-sql';
import { p95Target } from './scale';
import { runScale } from './scale-run';
import { socketGetter } from './socket-client';
import { markdownTable, ms, type Summary, summarize, table } from './stats';
import { httpSide, sampleSides } from './timing';

const outDir = fileURLToPath(new URL('../.out', import.meta.url));
mkdirSync(outDir, { recursive: true });

const options = parseOptions(process.argv.slice(2), process.env);
/** What our API adds over the bare server answering the same statements: HTTP/bare at p95. */
const RATIO_TARGET = 1.25;
/** Wall-clock cap per query (all sides), so a pathological query cannot stretch the run for hours. */
const QUERY_BUDGET_MS = 240_000;

if (options.scale) {
  await runScale(options, options.scale, outDir, QUERY_BUDGET_MS);
} else {
  const bench = await openBenchDatabase({ ...options, kind: options.db, outDir });
  try {
    if (options.seedOnly) {
      console.log(`Kept for --reuse: ${bench.location}`);
    } else {
      await measure(bench);
    }
  } finally {
    await bench.dispose();
  }
}

async function measure(bench: BenchDatabase) {
  const { db } = bench.handle;
  const sizes = await queryRows<{ transactions: number; merchants: number }>(
    db,
    'select (select count(*) from transactions)::int as transactions, (select count(*) from merchants)::int as merchants',
  );
  const targetMs = p95Target({ db: options.db, transactions: sizes[0]?.transactions ?? 0 });
  console.log(
    `\nDatabase: ${bench.handle.kind} (${bench.location}); ${sizes[0]?.transactions} transactions, ` +
      `${sizes[0]?.merchants} merchants; Node ${process.version}, ${describeYoungGeneration()}`,
  );

  const visible = async () =>
    (
      await queryRows<{ share: number }>(
        db,
        `select round(100.0 * relallvisible / greatest(relpages, 1))::int as share
           from pg_class where relname = 'transactions'`,
      )
    )[0]?.share;
  if (options.vacuum) {
    const t = performance.now();
    await db.execute(
      'VACUUM (ANALYZE) transactions, merchants, merchant_compliance, merchant_contact_persons',
    );
    console.log(`VACUUM (ANALYZE) of the listed tables: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  // Index-only scans (count(*) on an index) skip the heap only for pages marked all-visible.
  console.log(`transactions pages marked all-visible: ${await visible()}%`);

  // Query parameters come from the data, so --reuse of any seed (any base date) works.
  const queries = await benchQueries(db);
  const app = await startBenchApp(bench.handle);
  const { base, token, headers, tokens } = app;

  const client = socketGetter();
  const capture = sqlCapture(bench.handle, tokens);
  const bare = await startBareServer(capture.run);
  try {
    const results: ({
      label: string;
      floor: boolean;
      urls: { api: string; bare: string };
      statements: Statement[];
    } & Timed)[] = [];
    const gcPauses = watchGcPauses();
    for (const query of options.only === 'all'
      ? chooseQueries(queries, options.queries, options.reverse)
      : []) {
      const statements = await capture.capture(`${API_BASE}${query.path}`, token);
      const urls = { api: `${base}${query.path}`, bare: bare.route(statements) };
      const timed = await timeQuery(client, urls, headers, capture.run, statements, options.samples);
      results.push({ label: query.label, floor: query.floor ?? false, urls, statements, ...timed });
      console.log(
        `  ${query.label}: HTTP p95 ${ms(timed.http.p95)} ms, bare p95 ${ms(timed.bare.p95)} ms, ` +
          `raw p95 ${ms(timed.raw.p95)} ms (n=${timed.n}; ` +
          `${statements.length} statements in ${new Set(statements.map((s) => s.stage)).size} stages)`,
      );
    }

    // The per-query timing's results; `--only load` skips straight to the load lines.
    if (options.only === 'all') {
      console.log(`\nGarbage collection while the requests above were timed (all sides share one thread):`);
      for (const line of gcPauses.stop()) console.log(`  ${line}`);

      // What the client itself costs: the floor's bare route through node:http's client and ours.
      const floor = results.find((r) => r.floor);
      if (floor) {
        const clients = await compareClients(bare.route(floor.statements));
        console.log(
          `\nClient cost on the floor's bare route (${clients.n} requests each, interleaved): ` +
            `node:http client p50 ${ms(clients.node.p50)} / p95 ${ms(clients.node.p95)} ms, ` +
            `socket client (used above) p50 ${ms(clients.socket.p50)} / p95 ${ms(clients.socket.p95)} ms`,
        );
      }

      const header = [
        'query',
        'HTTP p50',
        'HTTP p95',
        'HTTP max',
        'bare p50',
        'bare p95',
        'raw p50',
        'raw p95',
        'p95 HTTP/raw',
        'p95 bare/raw',
        'p95 HTTP/bare',
        'target p95',
        'p95 ok',
        'HTTP/bare ok',
      ];
      const rows = results.map((r) => {
        const ratio = r.http.p95 / r.raw.p95;
        return [
          r.label,
          ms(r.http.p50),
          ms(r.http.p95),
          ms(r.http.max),
          ms(r.bare.p50),
          ms(r.bare.p95),
          ms(r.raw.p50),
          ms(r.raw.p95),
          // Three places: a ratio of 1.4985 printed as 1.50 would read as a miss marked "yes".
          ratio.toFixed(3),
          (r.bare.p95 / r.raw.p95).toFixed(3),
          (r.http.p95 / r.bare.p95).toFixed(3),
          r.floor ? '' : `< ${targetMs}`,
          r.floor ? '' : r.http.p95 < targetMs ? 'yes' : 'NO',
          r.floor ? '' : r.http.p95 / r.bare.p95 < RATIO_TARGET ? 'yes' : 'NO',
        ];
      });
      console.log(
        `\nLatency in ms, ${options.warmup} warm-up + up to ${options.samples} samples per query; ` +
          'HTTP (the API), bare (the same statements behind a bare node:http server) and raw interleaved:\n',
      );
      console.log(table(header, rows));
      console.log(`\nMarkdown:\n\n${markdownTable(header, rows)}`);

      await printNodeCost(bench, results, client, headers, capture.run);

      // The plans of the queries over target: the "why" the doc needs.
      for (const r of results.filter((r) => !r.floor && r.http.p95 >= targetMs)) {
        console.log(`\nEXPLAIN ANALYZE for "${r.label}" (over ${targetMs} ms):`);
        for (const statement of r.statements) {
          const plan = await capture.explain(statement);
          console.log(`\n${statement.sql}\n-- params ${JSON.stringify(statement.params)}\n${plan}`);
        }
      }
    }

    const url = `${base}/merchants?page=1&limit=10`;
    console.log(`\nautocannon: ${options.connections} connections, ${options.duration} s, GET ${url}`);
    const load = await autocannon({
      url,
      token,
      connections: options.connections,
      seconds: options.duration,
    });
    console.log(
      `  ${load.requestsPerSecond.toFixed(0)} requests/s (${load.total} requests, ${load.non2xx} non-2xx, ` +
        `${load.errors} errors); latency p50 ${load.latencyP50} ms, p97.5 ${load.latencyP975} ms, ` +
        `p99 ${load.latencyP99} ms`,
    );
    await printObservabilityCost({
      handle: bench.handle,
      tokens,
      token,
      samples: options.samples,
      warmup: options.warmup,
    });
    if (options.db === 'postgres' && options.serverUrl) {
      await printInstanceLines({
        databaseUrl: withDatabase(options.serverUrl, bench.location),
        privateKeyPem: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token,
        connections: options.connections,
        seconds: options.duration,
        rounds: options.rounds,
      });
    }
    if (bench.seedMs !== undefined) console.log(`\nSeed time: ${(bench.seedMs / 1000).toFixed(1)} s`);
  } finally {
    client.close();
    await bare.close();
    await app.close();
  }
}

/**
 * Node's own work per request: the same requests again with every statement answered from memory
 * (memory-driver.ts), so HTTP minus bare is the API's CPU without the database's variance, beside
 * what it was above, after real round trips.
 */
async function printNodeCost(
  bench: BenchDatabase,
  results: readonly ({
    label: string;
    urls: { api: string; bare: string };
    statements: Statement[];
  } & Timed)[],
  client: HttpGetter,
  headers: Record<string, string>,
  run: RawRunner,
) {
  const memory = memoryDriver(bench.handle);
  const samples = options.samples * 4;
  const rows: string[][] = [];
  try {
    memory.record();
    for (const r of results) {
      for (const [url, sent] of [
        [r.urls.api, headers],
        [r.urls.bare, {}],
      ] as const) {
        const status = await client.get(url, sent);
        if (status !== 200) throw new Error(`${url}: HTTP ${status}`);
      }
    }
    memory.replay();
    for (const r of results) {
      const t = await timeQuery(client, r.urls, headers, run, r.statements, samples);
      const us = (value: number) => (value * 1000).toFixed(0);
      rows.push([
        r.label,
        us(t.http.p50),
        us(t.http.p95),
        us(t.bare.p50),
        us(t.bare.p95),
        us(t.http.p50 - t.bare.p50),
        us(r.http.p50 - r.bare.p50),
        (t.http.p95 / t.bare.p95).toFixed(3),
      ]);
    }
  } finally {
    memory.restore();
  }
  const header = [
    'query',
    'HTTP p50',
    'HTTP p95',
    'bare p50',
    'bare p95',
    'HTTP-bare p50',
    'HTTP-bare p50 above',
    'p95 HTTP/bare',
  ];
  console.log(
    `\nNode's own work, database answered from memory (µs; ${options.warmup} warm-up + up to ${samples} ` +
      'samples, HTTP and bare interleaved; "above": the same difference after real round trips):\n',
  );
  console.log(table(header, rows));
  console.log(`\nMarkdown:\n\n${markdownTable(header, rows)}`);
}

/** The same URL through node:http's client and the socket client, taking turns. */
async function compareClients(url: string): Promise<{ node: Summary; socket: Summary; n: number }> {
  const node = keepAliveGetter();
  const socket = socketGetter();
  const samples = { node: [] as number[], socket: [] as number[] };
  try {
    for (let i = 0; i < options.warmup + options.samples; i++) {
      for (const [name, getter] of i % 2
        ? ([
            ['node', node],
            ['socket', socket],
          ] as const)
        : ([
            ['socket', socket],
            ['node', node],
          ] as const)) {
        const t = performance.now();
        const status = await getter.get(url, {});
        if (status !== 200) throw new Error(`${url}: HTTP ${status}`);
        if (i >= options.warmup) samples[name].push(performance.now() - t);
      }
    }
  } finally {
    node.close();
    socket.close();
  }
  return { node: summarize(samples.node), socket: summarize(samples.socket), n: samples.node.length };
}

interface Timed {
  http: Summary;
  bare: Summary;
  raw: Summary;
  n: number;
}

/** One API request, one bare-server request and one raw replay per sample, taking turns. */
async function timeQuery(
  client: HttpGetter,
  urls: { api: string; bare: string },
  headers: Record<string, string>,
  run: RawRunner,
  statements: readonly Statement[],
  count: number,
): Promise<Timed> {
  const { summaries, n } = await sampleSides(
    [
      httpSide('http', client, urls.api, headers),
      httpSide('bare', client, urls.bare, {}),
      {
        name: 'raw',
        time: async () => {
          const t = performance.now();
          await runStatements(run, statements);
          return performance.now() - t;
        },
      },
    ],
    { warmup: options.warmup, count, budgetMs: QUERY_BUDGET_MS },
  );
  return { ...summaries, n };
}
