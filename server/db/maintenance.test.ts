import { TRANSACTION_STATUSES, TRANSACTION_TYPES, type TransactionStatus } from '@contract/transaction';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  repeatedGroups,
  TEST_DATABASE_KINDS,
  TEST_POOL_SIZE,
  type TestDatabase,
  withSeededScratch,
} from '../test/db';
import { queryRows } from './connect';
import {
  compactTransactionCounts,
  compactTransactionDailyTotals,
  runMaintenance,
  vacuumChangedTables,
} from './maintenance';
import { countTransactions } from './queries/transactions';
import { merchants, transactionCountDeltas, transactionDailyTotals, transactions } from './schema';
import { seedDatabase } from './seed/seed';
import { transactionSeedStep } from './seed/transactions';

const NOW = new Date('2026-11-21T12:00:00Z');

/**
 * PostgreSQL counts a backend's table changes locally and publishes them when it goes idle, but at
 * most once a second: within that second they wait for an idle timeout, up to ten seconds. Asks
 * every pooled connection to publish now (each statement holds its connection briefly, so they
 * land on different ones), so `pg_stat_user_tables` holds every change made before this call.
 */
async function publishTableStatistics(db: TestDatabase['db']): Promise<void> {
  await Promise.all(
    Array.from({ length: TEST_POOL_SIZE }, () =>
      db.execute(sql`SELECT pg_stat_force_next_flush(), pg_sleep(0.05)`),
    ),
  );
}

/** Every subset of a small list, the empty one included. */
function subsets<T>(values: readonly T[]): T[][] {
  return values.reduce<T[][]>((all, v) => all.concat(all.map((s) => [...s, v])), [[]]);
}

describe.each(TEST_DATABASE_KINDS)('transaction counts on %s', (kind) => {
  let t: TestDatabase;
  let merchantIds: string[];
  let currencyId: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDatabase(t.db, { merchants: 6, now: NOW, users: false, steps: [transactionSeedStep(300)] });
    merchantIds = (await t.db.select({ id: merchants.id }).from(merchants)).map((m) => m.id);
    const [row] = await t.db.select({ currencyId: transactions.currencyId }).from(transactions).limit(1);
    if (!row) throw new Error('the seed wrote no transactions');
    currencyId = row.currencyId;
  });
  afterAll(() => t?.dispose());

  /** Compares the delta sums with count(*) for every scope and every status and type subset. */
  async function expectCountsExact() {
    const statusSets = subsets(TRANSACTION_STATUSES).filter((s) => s.length > 0);
    const typeSets = subsets(TRANSACTION_TYPES).filter((s) => s.length > 0);
    for (const merchantId of [undefined, ...merchantIds.slice(0, 2)]) {
      // Every status subset with all types, and every type subset with all statuses, keeps the
      // number of comparisons modest while covering each dimension's combinations.
      const filters = [
        ...statusSets.map((statuses) => ({ statuses, types: [...TRANSACTION_TYPES] })),
        ...typeSets.map((types) => ({ statuses: [...TRANSACTION_STATUSES], types })),
      ];
      for (const { statuses, types } of filters) {
        const [expected] = await t.db
          .select({ n: count() })
          .from(transactions)
          .where(
            and(
              merchantId ? eq(transactions.merchantId, merchantId) : undefined,
              inArray(transactions.status, statuses),
              inArray(transactions.type, types),
            ),
          );
        const actual = await countTransactions(t.db, { status: statuses, types, merchantId });
        expect({ merchantId, statuses, types, n: actual }).toEqual({
          merchantId,
          statuses,
          types,
          n: expected?.n,
        });
      }
    }
  }

  type DayGroup = { day: string; currency_id: string; status: string; transactions: string; amount: string };

  /** The daily totals' groups against the same sums taken from the transactions themselves. */
  async function expectDailyTotalsExact() {
    const kept = await queryRows<DayGroup>(
      t.db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, currency_id, status,
                 sum(transactions)::text AS transactions, sum(amount)::text AS amount
          FROM transaction_daily_totals GROUP BY 1, 2, 3 HAVING sum(transactions) <> 0 ORDER BY 1, 2, 3`,
    );
    const actual = await queryRows<DayGroup>(
      t.db,
      sql`SELECT to_char((transaction_date AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, currency_id,
                 status, count(*)::text AS transactions, sum(amount)::text AS amount
          FROM transactions GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(actual.length).toBeGreaterThan(0);
    // Both sums are numeric with the column's six places: equal values print alike.
    expect(kept).toEqual(actual);
  }

  it('counts the seeded transactions exactly, with one row per group after the seed folds them', async () => {
    const [total] = await t.db.select({ n: count() }).from(transactions);
    expect(total?.n).toBe(300);
    await expectCountsExact();
    expect(await repeatedGroups(t.db, 'transaction_count_deltas', ['scope_id', 'status', 'type'])).toBe(0);
  });

  it('sums the seeded transactions per UTC day, currency and status exactly, one row per group', async () => {
    await expectDailyTotalsExact();
    expect(await repeatedGroups(t.db, 'transaction_daily_totals', ['day', 'currency_id', 'status'])).toBe(0);
  });

  it('stays exact through random inserts, status changes, merchant moves, deletes and folds', async () => {
    const status = fc.constantFrom(...TRANSACTION_STATUSES);
    const type = fc.constantFrom(...TRANSACTION_TYPES);
    const merchant = fc.option(fc.integer({ min: 0, max: 5 }), { nil: null });
    // Cents, and a day either side of midnight UTC so a move can cross into the next day.
    const amount = fc.integer({ min: 0, max: 10_000_000 }).map((cents) => (cents / 100).toFixed(2));
    const dayOffset = fc.integer({ min: -3, max: 3 });
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('insert' as const),
        rows: fc.array(fc.tuple(status, type, merchant, amount, dayOffset), { minLength: 1, maxLength: 4 }),
      }),
      fc.record({ kind: fc.constant('amend' as const), status, to: amount, days: dayOffset }),
      fc.record({ kind: fc.constant('status' as const), from: status, to: status }),
      fc.record({ kind: fc.constant('move' as const), to: merchant, type }),
      fc.record({ kind: fc.constant('delete' as const), status }),
      fc.record({ kind: fc.constant('noop-update' as const) }),
      fc.record({ kind: fc.constant('fold' as const) }),
    );
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'insert') {
            await t.db.insert(transactions).values(
              o.rows.map(([s, ty, m, a, d]) => ({
                txnRef: `COUNT-${kind}-${serial++}`,
                transactionDate: new Date(NOW.getTime() + d * 43_200_000 - 1),
                merchantId: m === null ? null : (merchantIds[m] ?? null),
                amount: a,
                type: ty,
                status: s as TransactionStatus,
                currencyId,
              })),
            );
          } else if (o.kind === 'status') {
            // Only rows this test inserted: seeded ones carry journals the ledger must keep.
            await t.db
              .update(transactions)
              .set({ status: o.to })
              .where(and(eq(transactions.status, o.from), sql`${transactions.txnRef} LIKE 'COUNT-%'`));
          } else if (o.kind === 'amend') {
            // A corrected amount and a moved date: the totals leave one day's group for another's.
            await t.db
              .update(transactions)
              .set({
                amount: o.to,
                transactionDate: sql`${transactions.transactionDate} + ${`${o.days * 12} hours`}::interval`,
              })
              .where(and(eq(transactions.status, o.status), sql`${transactions.txnRef} LIKE 'COUNT-%'`));
          } else if (o.kind === 'move') {
            await t.db
              .update(transactions)
              .set({ merchantId: o.to === null ? null : (merchantIds[o.to] ?? null) })
              .where(and(eq(transactions.type, o.type), sql`${transactions.txnRef} LIKE 'COUNT-%'`));
          } else if (o.kind === 'delete') {
            await t.db
              .delete(transactions)
              .where(and(eq(transactions.status, o.status), sql`${transactions.txnRef} LIKE 'COUNT-%'`));
          } else if (o.kind === 'noop-update') {
            await t.db
              .update(transactions)
              .set({ fee: sql`${transactions.fee}` })
              .where(sql`true`);
          } else {
            await compactTransactionCounts(t.db);
            await compactTransactionDailyTotals(t.db);
          }
        }
        await expectCountsExact();
        await expectDailyTotalsExact();
      }),
      { numRuns: 12, seed: 20_261_122 },
    );
  });

  it('follows a corrected amount, a date moved past midnight, a new status and a delete', async () => {
    const ref = `DAILY-${kind}`;
    const where = eq(transactions.txnRef, ref);
    await t.db.insert(transactions).values({
      txnRef: ref,
      transactionDate: new Date('2026-11-20T23:59:59.999Z'),
      amount: '100.25',
      type: 'PAYMENT',
      status: 'PENDING',
      currencyId,
    });
    await expectDailyTotalsExact();
    // Same day, currency and status: only the amount changes.
    await t.db.update(transactions).set({ amount: '100.75' }).where(where);
    await expectDailyTotalsExact();
    await t.db
      .update(transactions)
      .set({ transactionDate: new Date('2026-11-21T00:00:00.000Z') })
      .where(where);
    await expectDailyTotalsExact();
    await t.db.update(transactions).set({ status: 'SUCCESS' }).where(where);
    await expectDailyTotalsExact();
    await t.db.delete(transactions).where(where);
    await expectDailyTotalsExact();
  });

  it('a rolled-back write leaves the counts as they were', async () => {
    const before = await countTransactions(t.db, {
      status: [...TRANSACTION_STATUSES],
      types: [...TRANSACTION_TYPES],
    });
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(transactions).values({
          txnRef: `ROLLBACK-${kind}`,
          transactionDate: NOW,
          amount: '1',
          type: 'PAYMENT',
          status: 'SUCCESS',
          currencyId,
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const after = await countTransactions(t.db, {
      status: [...TRANSACTION_STATUSES],
      types: [...TRANSACTION_TYPES],
    });
    expect(after).toBe(before);
    await expectDailyTotalsExact();
  });

  it('folding keeps the sums and leaves one row per group', async () => {
    const sums = await queryRows<{ scope_id: string; status: string; type: string; n: string }>(
      t.db,
      sql`SELECT scope_id, status, type, sum(delta)::text AS n FROM transaction_count_deltas
          GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3`,
    );
    await compactTransactionCounts(t.db);
    const rows = await queryRows<{ scope_id: string; status: string; type: string; n: string }>(
      t.db,
      sql`SELECT scope_id, status, type, delta::text AS n FROM transaction_count_deltas ORDER BY 1, 2, 3`,
    );
    expect(rows).toEqual(sums);

    const daySums = await queryRows<DayGroup>(
      t.db,
      sql`SELECT day::text, currency_id, status, sum(transactions)::text AS transactions, sum(amount)::text AS amount
          FROM transaction_daily_totals GROUP BY 1, 2, 3
          HAVING sum(transactions) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3`,
    );
    await compactTransactionDailyTotals(t.db);
    const dayRows = await queryRows<DayGroup>(
      t.db,
      sql`SELECT day::text, currency_id, status, transactions::text, amount::text
          FROM transaction_daily_totals ORDER BY 1, 2, 3`,
    );
    expect(dayRows).toEqual(daySums);
  });

  it('TRUNCATE clears the counts and daily totals with the rows', async () => {
    await withSeededScratch(kind, { merchants: 2, transactions: 20, now: NOW }, async (scratch) => {
      // The refunds' link is append-only and refuses TRUNCATE (migration 0019), which reaches it
      // through CASCADE: emptying transactions means switching that guard off first, on purpose.
      await scratch.db.execute(sql`ALTER TABLE refunds DISABLE TRIGGER refunds_no_truncate`);
      await scratch.db.execute(sql`TRUNCATE transactions CASCADE`);
      await scratch.db.execute(sql`ALTER TABLE refunds ENABLE TRIGGER refunds_no_truncate`);
      expect(
        await countTransactions(scratch.db, {
          status: [...TRANSACTION_STATUSES],
          types: [...TRANSACTION_TYPES],
        }),
      ).toBe(0);
      expect(await scratch.db.select().from(transactionCountDeltas)).toEqual([]);
      expect(await scratch.db.select().from(transactionDailyTotals)).toEqual([]);
    });
  });

  it('vacuums only tables with enough changes, and every table when asked', async () => {
    // Changes the earlier tests made but their connections had not yet published would otherwise
    // arrive after the VACUUM and count as new.
    await publishTableStatistics(t.db);
    const everything = await vacuumChangedTables(t.db, { all: true });
    expect(everything).toContain('transactions');
    // Just vacuumed: nothing has changed since.
    expect(await vacuumChangedTables(t.db)).toEqual([]);
    const round = await runMaintenance(t);
    expect(round.vacuumed).toEqual([]);
  });
});
