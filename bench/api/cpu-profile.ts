/**
 * Where the API's CPU per request goes (issue 19, decision 060): the real app on a seeded database,
 * each chosen list call recorded once and then answered from memory (memory-driver.ts), so only
 * Node's work is left; for each call, the API and the bare server (the same statements, the
 * driver's rows as one JSON body) take turns under `process.cpuUsage`, then each side runs alone
 * under V8's sampling CPU profiler. Prints the CPU per request of each side (the client's share is
 * in both, the same requests), and where the API's samples fall: by owner (Hono, its Node adapter,
 * undici, Node's HTTP, drizzle, ours by file) and the busiest functions.
 *
 * With `--compare DIR` (a worktree of another commit, its node_modules linked to this one's), that
 * tree's app is served too, on the same database (with `--real` on PostgreSQL, through that
 * tree's own openDatabase), and takes its turns beside this one's and the
 * bare server's, so a change is measured against its baseline under the very same load.
 *
 *   node --max-semi-space-size=64 --import tsx bench/api/cpu-profile.ts \
 *     [--db pglite|postgres] [--reuse DIR|NAME] [--requests N] [--queries T,T] [--interval US]
 *     [--out FILE.cpuprofile] [--compare DIR] [--no-profile] [--real] [--show-sql]
 *
 * `--real`: the database answers instead of the memory driver, so both sides' CPU includes the
 * driver's work (sending statements, parsing rows) and the event loop's turns around real I/O.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { API_BASE } from '../../server/app';
import type { DatabaseHandle, openDatabase } from '../../server/db/connect';
import { startBareServer } from './bare-server';
import { type BenchApp, startBenchApp } from './bench-app';
import { type CpuProfile, selfTimeBy } from './cpu-samples';
import { benchOutDir, benchServerUrl, openBenchDatabase, withDatabase } from './database';
import { memoryDriver } from './memory-driver';
import { benchQueries } from './queries';
import { sqlCapture } from './raw-sql';
import { socketGetter } from './socket-client';
import { summarize, table } from './stats';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    db: { type: 'string', default: 'postgres' },
    reuse: { type: 'string' },
    requests: { type: 'string', default: '4000' },
    queries: {
      type: 'string',
      default: 'status=success,last 7,merchants,journal entries, sort=amount.desc,health',
    },
    /** The profiler's sampling interval, µs. */
    interval: { type: 'string', default: '50' },
    /** Where to write the API side's profiles (one per call, the label appended). */
    out: { type: 'string' },
    top: { type: 'string', default: '25' },
    compare: { type: 'string' },
    'no-profile': { type: 'boolean', default: false },
    /** The database answers (its driver's work in both sides' CPU), not the memory driver. */
    real: { type: 'boolean', default: false },
    /** Prints each call's captured statements (what the bare server replays), stage by stage. */
    'show-sql': { type: 'boolean', default: false },
  },
});
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const requests = Number(values.requests);
const wanted = (values.queries ?? '')
  .split(',')
  .map((text) => text.trim().toLowerCase())
  .filter(Boolean);
const outDir = benchOutDir();

const bench = await openBenchDatabase({
  kind,
  serverUrl: benchServerUrl(),
  outDir,
  reuse: values.reuse,
  keep: values.reuse !== undefined,
  transactions: 20_000,
  merchants: 200,
});
const session = new Session();
session.connect();
const app = await startBenchApp(bench.handle);
/**
 * The other tree's app: on the same database handle, so the memory driver answers it too; with
 * `--real` on PostgreSQL, on a handle that tree's own openDatabase opens (its driver path is part of
 * what is compared).
 */
const otherHandle: DatabaseHandle | undefined =
  values.compare && values.real && kind === 'postgres'
    ? await (
        (await import(pathToFileURL(resolve(values.compare, 'server/db/connect.ts')).href)) as {
          openDatabase: typeof openDatabase;
        }
      ).openDatabase({ databaseUrl: withDatabase(benchServerUrl() as string, bench.location) })
    : undefined;
const other: BenchApp | undefined = values.compare
  ? await (
      (await import(pathToFileURL(resolve(values.compare, 'bench/api/bench-app.ts')).href)) as {
        startBenchApp: typeof startBenchApp;
      }
    ).startBenchApp(otherHandle ?? bench.handle)
  : undefined;
const capture = sqlCapture(bench.handle, app.tokens);
const bare = await startBareServer(capture.run);
const client = socketGetter();
const memory = memoryDriver(bench.handle);
try {
  const queries = (await benchQueries(bench.handle.db)).filter((query) =>
    wanted.some((text) => query.label.toLowerCase().includes(text)),
  );
  /** Each call's sides: this tree's API, the other tree's (with --compare), the bare server. */
  const calls: { label: string; sides: Side[] }[] = [];
  for (const query of queries) {
    const statements = await capture.capture(`${API_BASE}${query.path}`, app.token);
    if (values['show-sql']) {
      console.log(`\n${query.label}:`);
      for (const { stage, sql, params } of statements)
        console.log(`  [${stage}] ${sql} -- ${JSON.stringify(params)}`);
    }
    calls.push({
      label: query.label,
      sides: [
        { name: 'API', url: `${app.base}${query.path}`, headers: app.headers },
        ...(other ? [{ name: 'base API', url: `${other.base}${query.path}`, headers: other.headers }] : []),
        { name: 'bare', url: bare.route(statements), headers: {} },
      ],
    });
  }
  const get = async ({ url, headers }: Side) => {
    const status = await client.get(url, headers);
    if (status !== 200) throw new Error(`${url}: HTTP ${status}`);
  };
  if (!values.real) memory.record();
  for (const call of calls) for (const side of call.sides) await get(side);
  if (!values.real) memory.replay();

  const names = calls[0]?.sides.map((side) => side.name) ?? [];
  const cpuRows: string[][] = [];
  const profiles: { label: string; bySide: Map<string, CpuProfile> }[] = [];
  for (const call of calls) {
    for (let i = 0; i < 300; i++) for (const side of call.sides) await get(side);
    // CPU per request, the sides taking turns (each going first in turn) in blocks of 50
    // (cpuUsage counts in µs).
    const cpu = new Map<string, number[]>(names.map((name) => [name, []]));
    const wall = new Map<string, number[]>(names.map((name) => [name, []]));
    const n = call.sides.length;
    for (let block = 0; block < requests / 50; block++) {
      for (let k = 0; k < n; k++) {
        const side = call.sides[(block + k) % n] as Side;
        const t = performance.now();
        const before = process.cpuUsage();
        for (let i = 0; i < 50; i++) await get(side);
        const used = process.cpuUsage(before);
        cpu.get(side.name)?.push((used.user + used.system) / 50);
        wall.get(side.name)?.push(((performance.now() - t) * 1000) / 50);
      }
    }
    const p50 = (list: number[] | undefined) => summarize(list ?? []).p50;
    const bareCpu = p50(cpu.get('bare'));
    cpuRows.push([
      call.label,
      ...names.map((name) => p50(cpu.get(name)).toFixed(0)),
      ...names.filter((name) => name !== 'bare').map((name) => (p50(cpu.get(name)) - bareCpu).toFixed(0)),
      ...names.map((name) => p50(wall.get(name)).toFixed(0)),
    ]);

    if (values['no-profile']) continue;
    const bySide = new Map<string, CpuProfile>();
    for (const side of call.sides) {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: Number(values.interval) });
      await session.post('Profiler.start');
      for (let i = 0; i < requests; i++) await get(side);
      const { profile } = await session.post('Profiler.stop');
      await session.post('Profiler.disable');
      bySide.set(side.name, profile as unknown as CpuProfile);
    }
    profiles.push({ label: call.label, bySide });
    const own = bySide.get('API');
    if (values.out && own) {
      const file = values.out.replace(/\.cpuprofile$/, '');
      writeFileSync(`${file}-${call.label.replace(/\W+/g, '-')}.cpuprofile`, JSON.stringify(own));
    }
  }

  console.log(
    `\n${kind} (${bench.location}), database answered ${values.real ? 'by the database' : 'from memory'}; ` +
      `Node ${process.version}; ` +
      `load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}${values.compare ? `; base API: ${values.compare}` : ''}\n`,
  );
  console.log(
    'CPU per request (µs, process.cpuUsage over blocks of 50 taking turns, p50 of the blocks; the ' +
      'client is in every side):\n',
  );
  const apiNames = names.filter((name) => name !== 'bare');
  console.log(
    table(
      [
        'query',
        ...names.map((name) => `${name} cpu`),
        ...apiNames.map((name) => `${name}-bare`),
        ...names.map((name) => `${name} wall`),
      ],
      cpuRows,
    ),
  );

  const perRequest = (us: number) => (us / requests).toFixed(1);
  for (const { label, bySide } of profiles) {
    const owners = new Map([...bySide].map(([name, profile]) => [name, selfTimeBy(profile, 'owner')]));
    const first = owners.get('API') ?? new Map<string, number>();
    const all = [...new Set([...owners.values()].flatMap((byOwner) => [...byOwner.keys()]))].sort(
      (a, b) => (first.get(b) ?? 0) - (first.get(a) ?? 0),
    );
    console.log(`\n${label}: sampled µs per request by owner\n`);
    console.log(
      table(
        ['owner', ...names],
        all.map((owner) => [owner, ...names.map((name) => perRequest(owners.get(name)?.get(owner) ?? 0))]),
      ),
    );
    for (const name of names) {
      const profile = bySide.get(name);
      if (!profile) continue;
      const sites = [...selfTimeBy(profile, 'site')].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
      console.log(`\n${label}: ${name}'s busiest functions, µs per request (self time)\n`);
      for (const [site, us] of sites) console.log(`  ${perRequest(us).padStart(7)}  ${site}`);
    }
  }
} finally {
  memory.restore();
  client.close();
  await bare.close();
  await other?.close();
  await otherHandle?.close();
  await app.close();
  session.disconnect();
  await bench.dispose();
}

interface Side {
  name: string;
  url: string;
  headers: Record<string, string>;
}
