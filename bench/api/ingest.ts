/**
 * Event ingestion with postings (issue 22, docs/performance.md "Platform API: event ingestion").
 * One instance of the real app on a seeded database; an API client reports payments through HTTP,
 * each a create (PENDING) then a move to SUCCESS (fee, journal, gateway balance), every call with
 * its own Idempotency-Key, from `--concurrency` callers at once. Then the same writes as raw SQL
 * on the driver, in the same run and at the same concurrency: per event the same transaction and
 * the same statements the services issue (decision 047): the idempotency claim, the references or
 * the row lock, the currency/charges/mappings read, the gateway balance, the journal with its
 * entries, the closed-period check, the status update, the answer stored with its live event's
 * NOTIFY. The API side adds HTTP, the API key check, validation and drizzle. Prints events per second,
 * p50/p95 per call, and API/raw. Asserts nothing (targets: >= 500 events/s and p95 < 50 ms on
 * PostgreSQL, API/raw < 1.5).
 *
 *   npm run bench:ingest -- [--db pglite|postgres] [--events N] [--concurrency C]
 */

import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { generateApiKey } from '../../server/auth/api-keys';
import { queryRows } from '../../server/db/connect';
import { insertJournalStatement, moveGatewayAndCheckPeriod } from '../../server/db/ledger-store';
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
import { startBenchApp } from './bench-app';
import { openBenchDatabase } from './database';
import { markdownTable, ms, summarize } from './stats';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    db: { type: 'string', default: 'pglite' },
    events: { type: 'string', default: '4000' },
    concurrency: { type: 'string', default: '16' },
  },
});
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const events = Number(values.events);
const concurrency = Number(values.concurrency);
const outDir = fileURLToPath(new URL('../.out', import.meta.url));
mkdirSync(outDir, { recursive: true });

const bench = await openBenchDatabase({
  kind,
  serverUrl: process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL,
  outDir,
  keep: false,
  transactions: 1000,
  merchants: 50,
  namePrefix: 'bench_ingest',
});
const { db } = bench.handle;

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

const app = await startBenchApp(bench.handle);
const headers = { Authorization: `Bearer ${key.apiKey}`, 'Content-Type': 'application/json' };
let serial = 0;
const amountOf = (n: number) => `${100 + (n % 900)}.${String(n % 100).padStart(2, '0')}`;

/**
 * Keep-alive connections, a new set for each timed phase: between phases the server closes sockets
 * idle past its keep-alive timeout, and reusing one of those would fail the next call.
 */
let agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function post(path: string, body: unknown): Promise<{ id: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${app.base}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'Idempotency-Key': randomUUID(),
          'Content-Length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((response.statusCode ?? 500) >= 300)
            reject(new Error(`${path}: ${response.statusCode} ${text}`));
          else resolve((JSON.parse(text) as { data: { id: string } }).data);
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Runs `lifecycles` payments (two events each) from `concurrency` callers; every call's duration. */
async function drive(
  lifecycles: number,
  one: (n: number, time: (f: () => Promise<unknown>) => Promise<unknown>) => Promise<void>,
) {
  const samples: number[] = [];
  const time = async (f: () => Promise<unknown>) => {
    const start = performance.now();
    const result = await f();
    samples.push(performance.now() - start);
    return result;
  };
  agent.destroy();
  agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
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
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: samples.length / seconds, summary: summarize(samples), events: samples.length };
}

const apiSide = (n: number, time: (f: () => Promise<unknown>) => Promise<unknown>) =>
  (async () => {
    const fixture = fixtureOf(n);
    const payment = (await time(() =>
      post('/platform/payments', {
        reference: `BENCH-API-${n}-${++serial}`,
        merchant_id: fixture.merchant_id,
        gateway_account_id: fixture.gateway_id,
        amount: amountOf(n),
        currency: 'ETB',
      }),
    )) as { id: string };
    await time(() => post(`/platform/payments/${payment.id}/status`, { status: 'SUCCESS' }));
  })();

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
      const created = await db.transaction(async (tx) => {
        const k = randomUUID();
        await claimKey.run(tx, [client.id, k, 'POST /platform/payments', 'h']);
        const now = new Date().toISOString();
        const [row] = await insertTransactionStatement.run(tx, [
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
        ]);
        if (!row?.id) throw new Error('raw insert refused');
        await storeAnswer.run(tx, [client.id, k, 201, JSON.stringify(row)]);
        return row.id;
      });
      await announceCommitted(db, { kind: 'payment', id: created });
      return created;
    })) as string;
    await time(async () => {
      await db.transaction(async (tx) => {
        const k = randomUUID();
        await claimKey.run(tx, [client.id, k, 'POST /platform/payments/{id}/status', 'h']);
        // The row lock with the currency, its charges and bands, the account mappings.
        const [locked] = await lockPaymentStatement.run(tx, [id, true]);
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
        // The journal with its entries; then the gateway move with the closed-period check.
        await insertJournalStatement.run(tx, [
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
        ]);
        await moveGatewayAndCheckPeriod.run(tx, [
          fixture.gateway_id,
          amount,
          now.toISOString(),
          false,
          `${day.slice(0, 7)}-01`,
        ]);
        await moveStatusStatement.run(tx, [id, 'SUCCESS', fee, now.toISOString(), 'PENDING']);
        await storeAnswer.run(tx, [client.id, k, 200, '{}']);
      });
      await announceCommitted(db, { kind: 'payment', id });
    });
  })();

try {
  const lifecycles = Math.ceil(events / 2);
  // A short warm-up of each side (JIT, connections, plans), not counted.
  await drive(Math.min(100, lifecycles), apiSide);
  await drive(Math.min(100, lifecycles), rawSide);
  // Alternating halves, so the machine's load changes hit both sides alike.
  const half = Math.ceil(lifecycles / 2);
  const runs = {
    api: [] as Awaited<ReturnType<typeof drive>>[],
    raw: [] as Awaited<ReturnType<typeof drive>>[],
  };
  for (let i = 0; i < 2; i++) {
    runs.api.push(await drive(half, apiSide));
    runs.raw.push(await drive(half, rawSide));
  }
  const merge = (rs: Awaited<ReturnType<typeof drive>>[]) => ({
    perSecond: rs.reduce((s, r) => s + r.perSecond, 0) / rs.length,
    p50: Math.max(...rs.map((r) => r.summary.p50)),
    p95: Math.max(...rs.map((r) => r.summary.p95)),
    events: rs.reduce((s, r) => s + r.events, 0),
  });
  const api = merge(runs.api);
  const raw = merge(runs.raw);
  const [balanced] = await queryRows<{ unbalanced: number }>(
    db,
    sql`select count(*)::int as unbalanced from (select journal_id from journal_entries group by journal_id
        having sum(case when entry_type = 'DEBIT' then amount else -amount end) <> 0) t`,
  );
  console.log(
    `\nEvent ingestion on ${kind}, ${concurrency} callers, ${api.events} API events (${raw.events} raw):`,
  );
  const rows = [
    ['API (HTTP)', api.perSecond.toFixed(0), ms(api.p50), ms(api.p95)],
    ['raw SQL', raw.perSecond.toFixed(0), ms(raw.p50), ms(raw.p95)],
    [
      'API / raw',
      (raw.perSecond / api.perSecond).toFixed(2),
      (api.p50 / raw.p50).toFixed(2),
      (api.p95 / raw.p95).toFixed(2),
    ],
  ];
  console.log(markdownTable(['side', 'events/s', 'p50', 'p95'], rows));
  console.log(`Unbalanced journals after the run: ${balanced?.unbalanced ?? '?'}`);
} finally {
  await app.close();
  await bench.dispose();
}
