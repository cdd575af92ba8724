/**
 * Issue 22's randomized run (docs/performance.md "Platform API: event ingestion"): on a fresh
 * seeded database, `--events` money events at random from `--concurrency` callers at once, through
 * the services the routes call (platform payments created and moved to SUCCESS or FAILED, staff
 * refunds, chargebacks opened and decided WON or LOST; each either applied or refused as a whole),
 * then the check of server/test/money-invariants.ts: every journal balances, each gateway balance
 * equals its postings, and no payment gives back more than its amount. The property test
 * (server/services/money-flows.property.test.ts) runs the same check at a small size.
 *
 * Refunds and chargebacks pick among the latest payments, so many land on one payment at once and
 * race for its row lock. Exits 1 when an invariant fails or a step fails otherwise than a refusal.
 *
 *   npm run bench:money-random -- [--db postgres|pglite] [--events N] [--concurrency C] [--seed S]
 */
import { parseArgs } from 'node:util';
import { sub } from '@contract/decimal';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/connect';
import { mulberry32 } from '../../server/db/seed/random';
import { ApiError } from '../../server/http/envelope';
import { decideDispute, openDispute } from '../../server/services/dispute';
import { createPayment, movePayment } from '../../server/services/payment-events';
import { createRefund } from '../../server/services/refund';
import { gatewayMovesAndPostings } from '../../server/test/gateway-postings';
import { checkMoneyInvariants } from '../../server/test/money-invariants';
import { benchOutDir, benchServerUrl, openBenchDatabase } from './database';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    db: { type: 'string', default: 'postgres' },
    events: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '8' },
    seed: { type: 'string', default: '22' },
  },
});
const kind = values.db === 'pglite' ? 'pglite' : 'postgres';
const events = Number(values.events);
const concurrency = Number(values.concurrency);

// Deterministic (the seed's own generator), so a failing run can be repeated with its seed.
const random = mulberry32(Number(values.seed));
const pick = <T>(list: readonly T[]): T | undefined =>
  list.length === 0 ? undefined : list[Math.floor(random() * list.length)];
/** Latest first: a refund or chargeback picks among the last 50, so several race on one payment. */
const recent = <T>(list: readonly T[]): T | undefined => pick(list.slice(-50));
const money = (max: number) =>
  `${1 + Math.floor(random() * max)}.${String(Math.floor(random() * 100)).padStart(2, '0')}`;

const bench = await openBenchDatabase({
  kind,
  serverUrl: benchServerUrl(),
  outDir: benchOutDir(),
  keep: false,
  transactions: 1000,
  merchants: 20,
  namePrefix: 'bench_money',
});
const { db } = bench.handle;

try {
  const [refs] = await queryRows<{ merchant_id: string }>(
    db,
    sql`select id as merchant_id from merchants where status = 'ACTIVE' order by id limit 1`,
  );
  const gateways = await queryRows<{ id: string }>(
    db,
    sql`select g.id from gateway_accounts g join payment_methods m on m.id = g.payment_method_id
        where g.status = 'ACTIVE' and m.supported_currencies @> array['ETB']::text[] order by g.code`,
  );
  if (!refs || gateways.length === 0) throw new Error('no active merchant or ETB gateway account');
  const [client] = await queryRows<{ id: string }>(
    db,
    sql`insert into api_clients (name, scopes, key_id, secret_hash)
        values ('Random run', array['payments:write'], 'ffffffffffffffff', repeat('0', 64)) returning id`,
  );
  if (!client) throw new Error('no api client');
  const principal = { id: client.id, name: 'Random run', scopes: ['payments:write' as const] };
  const staff = { id: '00000000-0000-4000-8000-0000000000f2', name: 'Random Run', email: 'r@example.com' };
  // What each balance holds beyond its postings before the run (the seed's opening balances): the
  // check then holds every balance to that plus all its postings, the seed's and the run's.
  const before = await gatewayMovesAndPostings(db, new Map());
  const opening = new Map(
    Object.keys(before.moves).map((id) => [id, sub(before.moves[id] ?? '0', before.postings[id] ?? '0')]),
  );

  const payments: string[] = [];
  const open: string[] = [];
  const counts = { payment: 0, refund: 0, dispute: 0, decision: 0, refused: 0 };
  let serial = 0;
  let done = 0;

  /** One step; how many money events it reported (a payment is two: created, then moved). */
  async function step(): Promise<number> {
    const now = new Date();
    const roll = random();
    if (roll < 0.4 || payments.length === 0) {
      const n = ++serial;
      const outcome = random() < 0.9 ? 'SUCCESS' : 'FAILED';
      const id = await db.transaction(async (tx) => {
        const created = await createPayment(
          tx,
          {
            reference: `RANDOM-${n}`,
            merchant_id: refs?.merchant_id ?? '',
            gateway_account_id: gateways[n % gateways.length]?.id ?? '',
            amount: money(5000),
            currency: 'ETB',
            customer: { first_name: '', last_name: '', phone_number: '' },
          },
          principal,
          now,
        );
        return (await movePayment(tx, created.id, outcome, now)).id;
      });
      counts.payment += 2;
      if (outcome === 'SUCCESS') payments.push(id);
      return 2;
    } else if (roll < 0.65) {
      counts.refund++;
      const paymentId = recent(payments) as string;
      await createRefund(db, { paymentId, amount: money(2500), reason: 'random' }, staff, { now });
      return 1;
    } else if (roll < 0.85) {
      counts.dispute++;
      const paymentId = recent(payments) as string;
      const opened = await openDispute(
        db,
        { paymentId, amount: money(2500), reason: 'random', responseDue: '2026-12-31' },
        { kind: 'staff', actor: staff },
        { now },
      );
      open.push(opened.id);
      return 1;
    } else {
      counts.decision++;
      const id = recent(open);
      if (!id) return 1;
      await decideDispute(db, { id, decision: random() < 0.5 ? 'WON' : 'LOST', notes: 'random' }, staff, {
        now,
      });
      return 1;
    }
  }

  const started = performance.now();
  let reported = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (done < events) {
        // Counted before the step (a payment as two), so the callers stop at the total.
        const previous = done;
        done += 1;
        try {
          // Read after the await: `done += await …` would add to the value from before it.
          const reportedEvents = await step();
          done += reportedEvents - 1;
        } catch (error) {
          // A refusal is the whole step rolled back (409: too much, already decided, no funds).
          if (!(error instanceof ApiError) || error.status !== 409) throw error;
          counts.refused++;
        }
        if (Math.floor(done / 10_000) > Math.floor(previous / 10_000) && done > reported) {
          reported = done;
          console.log(`${done} events, ${((performance.now() - started) / 1000).toFixed(0)} s`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const invariants = await checkMoneyInvariants(db, opening);
  const failed =
    invariants.unbalancedJournals.length +
    invariants.gatewayMismatches.length +
    invariants.overRefunded.length +
    invariants.overHeld.length;
  console.log(
    `\nRandomized money flows on ${kind}, ${concurrency} callers, ${done} events in ${seconds.toFixed(0)} s ` +
      `(${(done / seconds).toFixed(0)} events/s; seed ${values.seed}):`,
  );
  console.log(
    JSON.stringify(
      { counts, ...invariants, failed },
      (_key, value) =>
        Array.isArray(value) && value.length > 5 ? [...value.slice(0, 5), `… ${value.length} in all`] : value,
      2,
    ),
  );
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  await bench.dispose();
}
