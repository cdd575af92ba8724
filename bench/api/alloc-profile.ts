/**
 * Where the allocations come from under load (issue 19, docs/decisions/027): the real app on a
 * seeded database (PGlite by default), and for each of a few list calls the same requests as the
 * API (HTTP), as the bare server (the same statements, the driver's rows as one JSON body) and as
 * the raw replay on the driver, each under V8's sampling heap profiler with freed objects kept.
 * Prints the bytes allocated per request, by owner (allocations.ts), and the collector's work.
 *
 *   node --max-semi-space-size=64 --import tsx bench/api/alloc-profile.ts \
 *     [--db pglite|postgres] [--reuse DIR|NAME] [--requests N]
 */
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { API_BASE } from '../../server/app';
import { allocationsByOwner, allocationsBySite, type ProfileNode } from './allocations';
import { startBareServer } from './bare-server';
import { startBenchApp } from './bench-app';
import { benchOutDir, benchServerUrl, openBenchDatabase } from './database';
import { watchGcPauses } from './gc-pauses';
import { benchQueries } from './queries';
import { runStatements, sqlCapture } from './raw-sql';
import { socketGetter } from './socket-client';
import { markdownTable, table } from './stats';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    db: { type: 'string', default: 'pglite' },
    reuse: { type: 'string' },
    requests: { type: 'string', default: '1000' },
    /** Also print the busiest allocation sites of each side (allocationsBySite). */
    sites: { type: 'string', default: '12' },
  },
});
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const requests = Number(values.requests);
const outDir = benchOutDir();

const LABELS = [
  'transactions, no filter',
  'transactions, search (most frequent first name)',
  'merchants, page 1',
];
/** One sample per 1 KiB allocated on average: fine enough for a few-hundred-kB request. */
const SAMPLING_INTERVAL = 1024;

const bench = await openBenchDatabase({
  kind,
  serverUrl: benchServerUrl(),
  outDir,
  reuse: values.reuse,
  keep: values.reuse !== undefined,
  transactions: 20_000,
  merchants: 2_000,
});
const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
const app = await startBenchApp(bench.handle);
const capture = sqlCapture(bench.handle, app.tokens);
const bare = await startBareServer(capture.run);
const client = socketGetter();
try {
  const queries = (await benchQueries(bench.handle.db)).filter((q) => LABELS.includes(q.label));
  const perRequest = new Map<string, Map<string, number>>();
  const gcLines: string[] = [];
  const siteLines: string[] = [];
  for (const query of queries) {
    const statements = await capture.capture(`${API_BASE}${query.path}`, app.token);
    const bareUrl = bare.route(statements);
    const sides: [string, () => Promise<unknown>][] = [
      ['API', () => client.get(`${app.base}${query.path}`, app.headers)],
      ['bare', () => client.get(bareUrl, {})],
      ['raw', () => runStatements(capture.run, statements)],
    ];
    for (const [side, call] of sides) {
      for (let i = 0; i < 50; i++) await call();
      await session.post('HeapProfiler.collectGarbage');
      const gc = watchGcPauses();
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: SAMPLING_INTERVAL,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      for (let i = 0; i < requests; i++) await call();
      const { profile } = await session.post('HeapProfiler.stopSampling');
      const column = `${query.label}: ${side}`;
      const byOwner = allocationsByOwner(profile.head as unknown as ProfileNode);
      perRequest.set(column, new Map([...byOwner].map(([owner, bytes]) => [owner, bytes / requests])));
      const sites = [...allocationsBySite(profile.head as unknown as ProfileNode)]
        .sort((a, b) => b[1] - a[1])
        .slice(0, Number(values.sites));
      siteLines.push(
        `${column}:`,
        ...sites.map(([site, bytes]) => `  ${(bytes / requests / 1024).toFixed(1).padStart(7)} kB  ${site}`),
      );
      gcLines.push(`${column}: ${gc.stop().join('; ')}`);
    }
  }

  const columns = [...perRequest.keys()];
  const total = (column: string) => [...(perRequest.get(column)?.values() ?? [])].reduce((a, b) => a + b, 0);
  const owners = [...new Set(columns.flatMap((c) => [...(perRequest.get(c)?.keys() ?? [])]))].sort(
    (a, b) =>
      Math.max(...columns.map((c) => perRequest.get(c)?.get(b) ?? 0)) -
      Math.max(...columns.map((c) => perRequest.get(c)?.get(a) ?? 0)),
  );
  const kb = (bytes: number | undefined) => (bytes ? (bytes / 1024).toFixed(1) : '');
  const header = ['kB allocated per request', ...columns];
  const rows = [
    ...owners.map((owner) => [owner, ...columns.map((c) => kb(perRequest.get(c)?.get(owner)))]),
    ['total', ...columns.map((c) => kb(total(c)))],
  ];
  console.log(
    `\n${kind} (${bench.location}), ${requests} requests per side and query, sampled every ` +
      `${SAMPLING_INTERVAL} bytes with freed objects kept; Node ${process.version}\n`,
  );
  console.log(table(header, rows));
  console.log(`\nMarkdown:\n\n${markdownTable(header, rows)}`);
  console.log('\nThe busiest allocation sites, kB per request:');
  for (const line of siteLines) console.log(`  ${line}`);
  console.log('\nGarbage collection while each side ran:');
  for (const line of gcLines) console.log(`  ${line}`);
} finally {
  client.close();
  await bare.close();
  await app.close();
  await session.post('HeapProfiler.disable');
  session.disconnect();
  await bench.dispose();
}
