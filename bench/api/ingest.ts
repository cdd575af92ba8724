/**
 * Event ingestion with postings (issue 22, docs/performance.md "Platform API: event ingestion").
 * One instance of the real app on a seeded database; an API client reports payments through HTTP,
 * each a create (PENDING) then a move to SUCCESS (fee, journal, gateway balance), every call with
 * its own Idempotency-Key, from `--concurrency` callers at once. Then the same writes as raw SQL
 * on the driver, in the same run and at the same concurrency: per event the same transaction and
 * the very named statements the services issue (decisions 047, 051), in the same kind of transaction
 * (decision 059: BEGIN sent with the claim, COMMIT with the stored answer): the idempotency claim, the
 * new payment with its references or the row lock with the posting inputs, the journal with its
 * entries, the gateway move with the closed-period check, the status move, the stored answer, and
 * after commit the live event's notice. The API side adds HTTP, the API key check, validation and
 * the services' JavaScript. Prints events per second, p50/p95 per call, and API/raw, then what the
 * run left in the books: unbalanced journals, bench payments not at SUCCESS or without exactly one
 * journal, gateway balances off their postings (each should be 0). Asserts nothing (targets:
 * >= 500 events/s and p95 < 50 ms on PostgreSQL, API/raw < 1.5).
 *
 * The HTTP callers run in a child process of their own (`--callers process`, the default), as a
 * platform's callers are not in the server's process; `--callers inline` runs them in the server's
 * process, as before decision 051, where their own CPU (building requests, parsing answers) was
 * counted against the API. Even in their own process they share the machine's two cores with the
 * server and PostgreSQL, so they write each request's bytes and read the answer straight off a
 * kept-alive socket (`--client socket`, the default, as bench/api/socket-client.ts does for GETs):
 * node:http's client (`--client node`) cost the callers about 0.36 ms of CPU per event, CPU the
 * API side's server and database did not get. The run prints the callers' CPU per event.
 *
 * `--without-reference-sums` takes decision 058's migration 0030 off the seeded database before the
 * run (the trigram indexes on journals' description tails and transactions' reference tails, and the
 * statement trigger's insert into `journal_entry_reference_sums`, cut out of its current text), so
 * what 0030 costs each posting can be measured by alternating runs with and without it. The run
 * prints how many reference-sum rows the postings added (none without).
 *
 * `--compare DIR` serves a second tree's app (a worktree of another commit, its node_modules linked to
 * this one's) on the same database beside this one's, and its callers take turns with this app's and
 * the raw side, phase by phase (`--rounds N` phases of each, default 2): what a change costs or saves
 * in the server's CPU per event is then measured under the very same load, where runs one after
 * another differ by more than the change (decision 064). Both apps send the same named statements,
 * which must therefore have the same text in both trees.
 *
 * `--profile PREFIX` writes a CPU profile of this process (the server, and the raw side's driver) for
 * each timed phase, `PREFIX-api-1.cpuprofile` … `PREFIX-raw-2.cpuprofile`, sampled every 100 µs;
 * `node --import tsx bench/api/profile-summary.ts PREFIX-api-*.cpuprofile` sums their self time by
 * function per event. Profiling costs CPU of its own: the run's figures are not comparable.
 *
 *   npm run bench:ingest -- [--db pglite|postgres] [--events N] [--concurrency C] [--callers process|inline]
 *     [--client socket|node] [--profile PREFIX] [--without-reference-sums] [--compare DIR] [--rounds N]
 */

import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sub } from '@contract/decimal';
import { sql } from 'drizzle-orm';
import { generateApiKey } from '../../server/auth/api-keys';
import { type Executor, queryRows } from '../../server/db/connect';
import { eventTransaction, runTogether, sendAhead } from '../../server/db/event-transaction';
import { insertJournalStatement, moveGatewayAndCheckPeriod } from '../../server/db/ledger-store';
import { pgClientOf } from '../../server/db/named-statements';
import { postingInputsOf } from '../../server/db/queries/money-flows';
import { apiClients } from '../../server/db/schema';
import { computeFee } from '../../server/domain/fees';
import { buildJournal } from '../../server/domain/ledger';
import { claimKey, storeAnswer } from '../../server/http/idempotency';
import { announceCommitted } from '../../server/services/live-events';
import {
  insertTransactionStatement,
  lockPaymentStatement,
  moveStatusStatement,
} from '../../server/services/payment-events';
import { gatewayMovesAndPostings } from '../../server/test/gateway-postings';
import { startBenchApp } from './bench-app';
import { benchOutDir, benchServerUrl, openBenchDatabase } from './database';
import { SocketConnection } from './socket-client';
import { markdownTable, ms, summarize } from './stats';

/** One timed phase of HTTP calls, as the parent hands it to the callers' process. */
interface CallerJob {
  base: string;
  apiKey: string;
  lifecycles: number;
  concurrency: number;
  /** Makes this phase's references unique. */
  phase: string;
  merchantId: string;
  gatewayIds: string[];
  client: 'socket' | 'node';
}

interface PhaseResult {
  samples: number[];
  seconds: number;
  /** CPU (user and system) of the process that made the calls, over the phase. */
  callerCpuMs?: number;
}

/** Posts a JSON body; resolves to the status and the answer's text. */
type Post = (
  path: string,
  payload: string,
  headers: Record<string, string>,
) => Promise<{ status: number; text: string }>;

/**
 * A POST with a Content-Length body over a lean connection (socket-client.ts); its answer must come
 * with a Content-Length too (what the platform API sends), anything else fails the call.
 */
async function postOver(
  connection: SocketConnection,
  path: string,
  payload: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  let head = `POST ${path} HTTP/1.1\r\nHost: ${connection.origin}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n`;
  for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
  const answer = await connection.send(`${head}\r\n${payload}`);
  if (answer.chunked) throw new Error('a chunked answer: this client reads Content-Length bodies only');
  return {
    status: answer.status,
    text: answer.bytes.subarray(answer.bodyStart, answer.end).toString('utf8'),
  };
}

/** `concurrency` lean connections, each lent to one call at a time. */
async function socketPoster(
  base: string,
  concurrency: number,
): Promise<{ post: Post; close(): void; prefix: string }> {
  const url = new URL(base);
  const connections = await Promise.all(
    Array.from({ length: concurrency }, () => SocketConnection.open(url.hostname, Number(url.port))),
  );
  const idle = [...connections];
  return {
    prefix: url.pathname,
    async post(path, payload, headers) {
      const connection = idle.pop();
      if (!connection) throw new Error('more calls at once than connections');
      try {
        return await postOver(connection, path, payload, headers);
      } finally {
        idle.push(connection);
      }
    },
    close() {
      for (const connection of connections) connection.close();
    },
  };
}

/** node:http's client over a keep-alive agent (`--client node`). */
function nodePoster(base: string, concurrency: number): { post: Post; close(): void; prefix: string } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  return {
    prefix: '',
    post: (path, payload, headers) =>
      new Promise((resolve, reject) => {
        const request = http.request(
          `${base}${path}`,
          { method: 'POST', agent, headers: { ...headers, 'Content-Length': Buffer.byteLength(payload) } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 500, text: Buffer.concat(chunks).toString('utf8') }),
            );
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(payload);
      }),
    close: () => agent.destroy(),
  };
}

const amountOf = (n: number) => `${100 + (n % 900)}.${String(n % 100).padStart(2, '0')}`;

/** Runs `lifecycles` payments (two events each) from `concurrency` callers; every call's duration. */
async function drive(
  lifecycles: number,
  concurrency: number,
  one: (n: number, time: (f: () => Promise<unknown>) => Promise<unknown>) => Promise<void>,
): Promise<PhaseResult> {
  const samples: number[] = [];
  const time = async (f: () => Promise<unknown>) => {
    const start = performance.now();
    const result = await f();
    samples.push(performance.now() - start);
    return result;
  };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < lifecycles) {
        const n = next++;
        await one(n, time);
      }
    }),
  );
  return { samples, seconds: (performance.now() - started) / 1000 };
}

/** The API side of one phase: each payment created, then moved to SUCCESS, over keep-alive HTTP. */
async function callApi(job: CallerJob): Promise<PhaseResult> {
  const cpu = process.cpuUsage();
  // A new set of connections per phase: between phases the server closes sockets idle past its
  // keep-alive timeout, and reusing one of those would fail the next call.
  const poster =
    job.client === 'node'
      ? nodePoster(job.base, job.concurrency)
      : await socketPoster(job.base, job.concurrency);
  const headers = { Authorization: `Bearer ${job.apiKey}`, 'Content-Type': 'application/json' };
  const post = async (path: string, body: unknown): Promise<{ id: string }> => {
    const answer = await poster.post(`${poster.prefix}${path}`, JSON.stringify(body), {
      ...headers,
      'Idempotency-Key': randomUUID(),
    });
    if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
    return (JSON.parse(answer.text) as { data: { id: string } }).data;
  };
  try {
    const result = await drive(job.lifecycles, job.concurrency, async (n, time) => {
      const payment = (await time(() =>
        post('/platform/payments', {
          reference: `BENCH-API-${job.phase}-${n}`,
          merchant_id: job.merchantId,
          gateway_account_id: job.gatewayIds[n % job.gatewayIds.length],
          amount: amountOf(n),
          currency: 'ETB',
        }),
      )) as { id: string };
      await time(() => post(`/platform/payments/${payment.id}/status`, { status: 'SUCCESS' }));
    });
    const used = process.cpuUsage(cpu);
    return { ...result, callerCpuMs: (used.user + used.system) / 1000 };
  } finally {
    poster.close();
  }
}

/** Set in the callers' process: it runs the jobs its parent sends and answers each with the timings. */
const CALLERS_ENV = 'BENCH_INGEST_CALLERS';

if (process.env[CALLERS_ENV]) {
  process.on('message', (job: CallerJob) => {
    callApi(job).then(
      (result) => process.send?.({ ok: true, result }),
      (error: unknown) => process.send?.({ ok: false, error: String(error) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
} else {
  await main();
}

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      db: { type: 'string', default: 'pglite' },
      events: { type: 'string', default: '4000' },
      concurrency: { type: 'string', default: '16' },
      callers: { type: 'string', default: 'process' },
      client: { type: 'string', default: 'socket' },
      profile: { type: 'string' },
      'without-reference-sums': { type: 'boolean', default: false },
      compare: { type: 'string' },
      rounds: { type: 'string', default: '2' },
    },
  });
  const profilePrefix = values.profile;
  const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
  const events = Number(values.events);
  const concurrency = Number(values.concurrency);
  const callersInline = values.callers === 'inline';
  const httpClient = values.client === 'node' ? 'node' : 'socket';
  const outDir = benchOutDir();

  const bench = await openBenchDatabase({
    kind,
    serverUrl: benchServerUrl(),
    outDir,
    keep: false,
    transactions: 1000,
    merchants: 50,
    namePrefix: 'bench_ingest',
  });
  const { db } = bench.handle;
  const withoutReferenceSums = values['without-reference-sums'];
  if (withoutReferenceSums) {
    if (kind !== 'postgres') throw new Error('--without-reference-sums is for --db postgres');
    await dropReferenceSums(db);
  }
  const referenceSumRows = async () =>
    Number(
      (
        await queryRows<{ n: number }>(db, sql`select count(*)::int as n from journal_entry_reference_sums`)
      )[0]?.n ?? 0,
    );
  const referenceSumsBefore = await referenceSumRows();

  interface Gateway extends Record<string, unknown> {
    id: string;
    payment_method_id: string;
  }
  const gateways = await queryRows<Gateway>(
    db,
    sql`select id, payment_method_id from gateway_accounts where status = 'ACTIVE' order by code`,
  );
  const [refs] = await queryRows<{ merchant_id: string; currency_id: string }>(
    db,
    sql`select (select id from merchants order by id limit 1) as merchant_id,
             (select id from currencies where name_code = 'ETB') as currency_id`,
  );
  if (!refs || gateways.length === 0) throw new Error('no merchant, ETB or active gateway account');
  const merchantId = refs.merchant_id;
  /**
   * The payments spread over the active gateway accounts, as a platform's traffic does: each SUCCESS
   * adds to its gateway's balance row, so one gateway for all would measure that row's lock queue.
   */
  const fixtureOf = (n: number) => {
    const gateway = gateways[n % gateways.length] as Gateway;
    return {
      merchant_id: refs.merchant_id,
      currency_id: refs.currency_id,
      gateway_id: gateway.id,
      payment_method_id: gateway.payment_method_id,
    };
  };
  const key = generateApiKey();
  const [client] = await db
    .insert(apiClients)
    .values({
      name: 'Bench platform',
      scopes: ['payments:write'],
      keyId: key.keyId,
      secretHash: key.secretHash,
    })
    .returning({ id: apiClients.id });
  if (!client) throw new Error('no client');

  // What each gateway balance holds beyond its postings before the run (the seed's opening
  // balances): after it, every balance must be that plus all its postings, the run's included.
  const before = await gatewayMovesAndPostings(db, new Map());
  const opening = new Map(
    Object.keys(before.moves).map((id) => [id, sub(before.moves[id] ?? '0', before.postings[id] ?? '0')]),
  );

  const app = await startBenchApp(bench.handle);
  /** `--compare`: the other tree's app, on the same database handle. */
  const other = values.compare
    ? await (
        (await import(pathToFileURL(resolve(values.compare, 'bench/api/bench-app.ts')).href)) as {
          startBenchApp: typeof startBenchApp;
        }
      ).startBenchApp(bench.handle)
    : undefined;
  const rounds = Math.max(1, Number(values.rounds));
  let serial = 0;

  /** The callers' process, started once; each phase is one message there and one answer back. */
  const callers = callersInline
    ? undefined
    : fork(fileURLToPath(import.meta.url), [], {
        env: { ...process.env, [CALLERS_ENV]: '1' },
        execArgv: ['--import', 'tsx'],
      });
  let phases = 0;
  async function apiPhase(lifecycles: number, target: { base: string } = app): Promise<PhaseResult> {
    const job: CallerJob = {
      base: target.base,
      apiKey: key.apiKey,
      lifecycles,
      concurrency,
      phase: `${process.pid}-${++phases}`,
      merchantId,
      gatewayIds: gateways.map((g) => g.id),
      client: httpClient,
    };
    if (!callers) return callApi(job);
    return new Promise((resolve, reject) => {
      callers.once('message', (answer: { ok: true; result: PhaseResult } | { ok: false; error: string }) =>
        answer.ok ? resolve(answer.result) : reject(new Error(answer.error)),
      );
      callers.send(job);
    });
  }

  /**
   * The same two events as the services' own named statements on the driver, each in one
   * transaction, with the same values and the same fee and journal code between them.
   */
  const rawSide = (n: number, time: (f: () => Promise<unknown>) => Promise<unknown>) =>
    (async () => {
      const fixture = fixtureOf(n);
      const reference = `BENCH-RAW-${n}-${++serial}`;
      const amount = amountOf(n);
      const id = (await time(async () => {
        const k = randomUUID();
        const now = new Date().toISOString();
        // The claim with the new payment's insert in one write, as the service sends them.
        const created = await eventTransaction(
          db,
          { statement: claimKey, params: [client.id, k, 'POST /platform/payments', 'h'] },
          async (_, { last }, [row]) => {
            if (!row?.id) throw new Error('raw insert refused');
            await last(storeAnswer, [client.id, k, 201, JSON.stringify(row)]);
            return row.id;
          },
          {
            statement: insertTransactionStatement,
            params: [
              'ETB',
              fixture.merchant_id,
              fixture.gateway_id,
              reference,
              null,
              null,
              null,
              amount,
              'PAYMENT',
              'PENDING',
              client.id,
              now,
            ],
          },
        );
        await announceCommitted(db, { kind: 'payment', id: created });
        return created;
      })) as string;
      await time(async () => {
        const k = randomUUID();
        await eventTransaction(
          db,
          { statement: claimKey, params: [client.id, k, 'POST /platform/payments/{id}/status', 'h'] },
          // The row lock with the currency, its charges and bands, the account mappings, sent with
          // the claim as the service sends it.
          async (_, { tx, last }, [locked]) => {
            if (!locked) throw new Error('raw lock found no payment');
            const inputs = postingInputsOf(locked, locked.currency_id);
            const { fee, charge_id } = computeFee({
              amount,
              currency: inputs.currency as NonNullable<typeof inputs.currency>,
              charges: inputs.charges,
              on: new Date(Number(locked.date_ms)),
            });
            const journal = buildJournal(
              {
                type: 'PAYMENT_RECEIVED',
                amount,
                fee,
                charge_id,
                payment_method_id: fixture.payment_method_id,
                reference,
              },
              inputs.mappings,
            );
            const now = new Date();
            const day = now.toISOString().slice(0, 10);
            // The status move sent ahead, then the journal with its entries and the gateway move
            // with the closed-period check together: one round trip for the three, as the service.
            const moving = await sendAhead(tx, () =>
              moveStatusStatement.run(tx, [id, 'SUCCESS', fee, now.toISOString(), 'PENDING']),
            );
            await runTogether(tx, [
              () =>
                insertJournalStatement.run(tx, [
                  id,
                  'PAYMENT_RECEIVED',
                  journal.description,
                  null,
                  null,
                  now.toISOString(),
                  day,
                  null,
                  null,
                  null,
                  null,
                  JSON.stringify(journal.lines.map((l) => [l.gl_account_id, l.entry_type, l.amount])),
                ]),
              () =>
                moveGatewayAndCheckPeriod.run(tx, [
                  fixture.gateway_id,
                  amount,
                  now.toISOString(),
                  false,
                  `${day.slice(0, 7)}-01`,
                ]),
            ] as const);
            await moving();
            await last(storeAnswer, [client.id, k, 200, '{}']);
          },
          { statement: lockPaymentStatement, params: [id, true] },
        );
        await announceCommitted(db, { kind: 'payment', id });
      });
    })();

  try {
    const lifecycles = Math.ceil(events / 2);
    // A short warm-up of each side (JIT, connections, plans), not counted.
    await apiPhase(Math.min(100, lifecycles));
    if (other) await apiPhase(Math.min(100, lifecycles), other);
    /**
     * This process's CPU per side (user and system): with the callers in their own process, the
     * API side's is the server's alone, so the two sides' CPU per event compare what the app's
     * layers cost in CPU, whatever the machine's load does to the wall-clock figures.
     */
    const cpuMs = { api: 0, other: 0, raw: 0 };
    /** PostgreSQL's side: the CPU of the backends serving this database, per phase (decision 064). */
    const databaseCpuMs = { api: 0, other: 0, raw: 0 };
    const profiler = profilePrefix ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
    }
    const profiled = { api: 0, other: 0, raw: 0 };
    /** Each phase's CPU per event, ms, in order. */
    const phaseCpu = { api: [] as number[], other: [] as number[], raw: [] as number[] };
    const cpuOf = async <T>(side: keyof typeof cpuMs, phase: () => Promise<T>): Promise<T> => {
      if (profiler) await profiler.post('Profiler.start');
      const databaseBefore = await backendCpu(db);
      const before = process.cpuUsage();
      const result = await phase();
      const used = process.cpuUsage(before);
      cpuMs[side] += (used.user + used.system) / 1000;
      databaseCpuMs[side] += backendCpuSince(databaseBefore, await backendCpu(db));
      const events = (result as { samples?: unknown[] }).samples?.length ?? 1;
      phaseCpu[side].push((used.user + used.system) / 1000 / events);
      if (profiler) {
        const { profile } = await profiler.post('Profiler.stop');
        writeFileSync(`${profilePrefix}-${side}-${++profiled[side]}.cpuprofile`, JSON.stringify(profile));
      }
      return result;
    };
    await drive(Math.min(100, lifecycles), concurrency, rawSide);
    // Alternating phases (halves by default), so the machine's load changes hit every side alike.
    const share = Math.ceil(lifecycles / rounds);
    const runs = { api: [] as PhaseResult[], other: [] as PhaseResult[], raw: [] as PhaseResult[] };
    for (let i = 0; i < rounds; i++) {
      // With --compare the two apps take turns going first, so neither always follows the raw side.
      if (other && i % 2 === 1) runs.other.push(await cpuOf('other', () => apiPhase(share, other)));
      runs.api.push(await cpuOf('api', () => apiPhase(share)));
      if (other && i % 2 === 0) runs.other.push(await cpuOf('other', () => apiPhase(share, other)));
      runs.raw.push(await cpuOf('raw', () => drive(share, concurrency, rawSide)));
    }
    profiler?.disconnect();
    const merge = (rs: PhaseResult[]) => {
      const summaries = rs.map((r) => summarize(r.samples));
      return {
        perSecond: rs.reduce((s, r) => s + r.samples.length / r.seconds, 0) / rs.length,
        p50: Math.max(...summaries.map((x) => x.p50)),
        p95: Math.max(...summaries.map((x) => x.p95)),
        events: rs.reduce((s, r) => s + r.samples.length, 0),
      };
    };
    const api = merge(runs.api);
    const raw = merge(runs.raw);
    const [balanced] = await queryRows<{ unbalanced: number }>(
      db,
      sql`select count(*)::int as unbalanced from (select journal_id from journal_entries group by journal_id
        having sum(case when entry_type = 'DEBIT' then amount else -amount end) <> 0) t`,
    );
    console.log(
      `\nEvent ingestion on ${kind}, ${concurrency} callers (HTTP ${callersInline ? 'in the server process' : 'from a child process'}, ${httpClient} client), ${api.events} API events (${raw.events} raw)${withoutReferenceSums ? ', without migration 0030 (reference sums, trigram indexes)' : ''}:`,
    );
    const compared = other ? merge(runs.other) : undefined;
    const rows = [
      ['API (HTTP)', api.perSecond.toFixed(0), ms(api.p50), ms(api.p95)],
      ...(compared
        ? [[`API of ${values.compare}`, compared.perSecond.toFixed(0), ms(compared.p50), ms(compared.p95)]]
        : []),
      ['raw SQL', raw.perSecond.toFixed(0), ms(raw.p50), ms(raw.p95)],
      [
        'API / raw',
        (raw.perSecond / api.perSecond).toFixed(2),
        (api.p50 / raw.p50).toFixed(2),
        (api.p95 / raw.p95).toFixed(2),
      ],
    ];
    console.log(markdownTable(['side', 'events/s', 'p50', 'p95'], rows));
    console.log(
      `CPU of this process per event: API ${(cpuMs.api / api.events).toFixed(2)} ms${callersInline ? ' (callers included)' : ''}, raw ${(cpuMs.raw / raw.events).toFixed(2)} ms`,
    );
    if (kind === 'postgres') {
      console.log(
        `CPU of PostgreSQL's backends per event: API ${(databaseCpuMs.api / api.events).toFixed(2)} ms${compared ? `, API of ${values.compare} ${(databaseCpuMs.other / compared.events).toFixed(2)} ms` : ''}, raw ${(databaseCpuMs.raw / raw.events).toFixed(2)} ms`,
      );
    }
    if (!callersInline) {
      const callerMs = runs.api.reduce((sum, r) => sum + (r.callerCpuMs ?? 0), 0);
      console.log(
        `CPU of the callers' process per API event (${httpClient} client): ${(callerMs / api.events).toFixed(2)} ms`,
      );
    }
    if (compared) {
      console.log(
        `CPU of this process per event, API of ${values.compare}: ${(cpuMs.other / compared.events).toFixed(3)} ms against this tree's ${(cpuMs.api / api.events).toFixed(3)} ms (phase by phase: ${runs.api.map((_, i) => `${phaseCpu.api[i]?.toFixed(3)}/${phaseCpu.other[i]?.toFixed(3)}`).join(', ')})`,
      );
    }
    console.log(`Unbalanced journals after the run: ${balanced?.unbalanced ?? '?'}`);
    if (kind === 'postgres') {
      console.log(`Reference-sum rows the run added: ${(await referenceSumRows()) - referenceSumsBefore}`);
    }
    // Exactness beyond balance: each bench payment moved to SUCCESS once, with one journal (no
    // double posting, none lost), and each gateway balance equal to its postings.
    const [payments] = await queryRows<{ unmoved: number; journals_off: number }>(
      db,
      sql`select count(*) filter (where t.status <> 'SUCCESS')::int as unmoved,
            count(*) filter (where (select count(*) from journals j where j.transaction_id = t.id) <> 1)::int
              as journals_off
          from transactions t where t.txn_ref like 'BENCH-%'`,
    );
    const { moves, postings } = await gatewayMovesAndPostings(db, opening);
    const mismatched = Object.keys(moves).filter((id) => moves[id] !== postings[id]).length;
    console.log(
      `Bench payments not SUCCESS: ${payments?.unmoved ?? '?'}; without exactly one journal: ${payments?.journals_off ?? '?'}; gateway balances off their postings: ${mismatched}`,
    );
  } finally {
    callers?.disconnect();
    await other?.close();
    await app.close();
    await bench.dispose();
  }
}

/**
 * Takes migration 0030 (decision 058) off this bench's own database: its two trigram indexes, and
 * the "referenced" step of the journal entries' statement trigger, cut out of the function's current
 * text (so any later migration's change to the other steps stays), then checked gone.
 */
async function dropReferenceSums(db: Executor): Promise<void> {
  const [row] = await queryRows<{ definition: string }>(
    db,
    sql`select pg_get_functiondef('journal_entry_sums_append'::regproc) as definition`,
  );
  const definition = row?.definition ?? '';
  const start = definition.indexOf('"referenced" AS (');
  const comma = definition.lastIndexOf(',', start);
  if (start < 0 || comma < 0) throw new Error('journal_entry_sums_append has no "referenced" step');
  let depth = 0;
  let end = definition.indexOf('(', start);
  for (; end < definition.length; end++) {
    const char = definition[end];
    if (char === '(') depth++;
    else if (char === ')' && --depth === 0) break;
  }
  const without = definition.slice(0, comma) + definition.slice(end + 1);
  if (depth !== 0 || without.includes('journal_entry_reference_sums')) {
    throw new Error('could not cut the "referenced" step out of journal_entry_sums_append');
  }
  await db.execute(sql.raw(without));
  await db.execute(sql`drop index journals_description_tail_trgm_idx, transactions_txn_ref_tail_trgm_idx`);
}

/**
 * The CPU (user and system, ms) each backend serving this database has used so far, by process id,
 * from /proc (PostgreSQL on this machine; an empty map elsewhere or on PGlite). PostgreSQL's own
 * background processes (WAL writer, checkpointer) are not counted.
 */
async function backendCpu(db: Executor): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!pgClientOf(db)) return cpu;
  const rows = await queryRows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  // Clock ticks per second of /proc's CPU times (Linux's USER_HZ). A function's constant: main()
  // runs while this module is still being evaluated, before any later top-level constant exists.
  const clockTicks = 100;
  for (const { pid } of rows) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // Not on this machine, or gone.
    }
    // Fields 14 and 15 of /proc/PID/stat (after the command's closing parenthesis: 12 and 13).
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks);
  }
  return cpu;
}

/** What the backends used between two readings; one that started meanwhile counts whole. */
function backendCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
  return used;
}
