/**
 * `transaction_name_count_deltas` (decision 063): a search's count of the rows carrying a matching
 * customer name is a sum of deltas kept per (name, status, type) by the transactions' statement
 * triggers (migration 0031). Held here to the transactions themselves, and the search's `total` to
 * a plain `count(*)` of the search's meaning, after the seed, random inserts, status and type moves,
 * renames, deletes, rolled-back writes, folds, a bulk load with the trigger off, the migration's
 * backfill and TRUNCATE.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@contract/transaction';
import { and, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  repeatedGroups,
  TEST_DATABASE_KINDS,
  type TestDatabase,
  withSeededScratch,
} from '../test/db';
import type { Executor } from './connect';
import { queryRows } from './connect';
import { compactTransactionNameCounts, withTransactionNameCountsDeferred } from './maintenance';
import { MIGRATIONS_FOLDER } from './migrate';
import { countTransactions, resolveTransactionFilter } from './queries/transactions';
import { transactionNameCountDeltas, transactions } from './schema';
import { seedDatabase } from './seed/seed';
import { transactionSeedStep } from './seed/transactions';
import { containsPattern } from './sql';

const NOW = new Date('2026-11-21T12:00:00Z');

/** Names the random writes use: a shared first name, a last name containing it, and no name at all. */
const FIRST_NAMES = ['Dawit', 'Hana', 'Selam', null, ''] as const;
const LAST_NAMES = ['Bekele', 'Dawitu', null] as const;
/**
 * Terms that resolve to several names, to one ('selam bekele' once inserted), to names the seed
 * wrote too, and to none (a reference only).
 */
const TERMS = ['dawit', 'bekele', 'hana', 'selam bekele', 'a', 'NAME-'];

/** Status and type filters a search is counted with: none, one, several. */
const FILTERS: { status: 'all' | TransactionStatus[]; types: TransactionType[] }[] = [
  { status: 'all', types: [...TRANSACTION_TYPES] },
  { status: ['SUCCESS'], types: [...TRANSACTION_TYPES] },
  { status: ['PENDING', 'FAILED', 'PAY_OUT'], types: [...TRANSACTION_TYPES] },
  { status: 'all', types: ['PAYOUT'] },
  { status: ['SUCCESS', 'CANCELED'], types: ['PAYMENT', 'REFUND'] },
];

type Group = { customer_name: string; status: string; type: string; n: string };

/** The kept deltas summed per group against the same counts taken from the transactions. */
async function expectNameCountsExact(db: Executor): Promise<void> {
  const kept = await queryRows<Group>(
    db,
    sql`SELECT customer_name, status, type, sum(delta)::text AS n FROM transaction_name_count_deltas
        GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3`,
  );
  const actual = await queryRows<Group>(
    db,
    sql`SELECT customer_name, status, type, count(*)::text AS n FROM transactions
        WHERE customer_name <> '' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
  expect(actual.length).toBeGreaterThan(0);
  expect(kept).toEqual(actual);
}

/** The search's total through the list's counter against `count(*)` of what the search means. */
async function expectSearchCountsExact(db: Executor): Promise<void> {
  for (const term of TERMS) {
    for (const filter of FILTERS) {
      const pattern = containsPattern(term);
      const [expected] = await db
        .select({ n: count() })
        .from(transactions)
        .where(
          and(
            or(
              ilike(transactions.txnRef, pattern),
              ilike(transactions.customerName, pattern),
              ilike(transactions.customerPhoneNumber, pattern),
            ),
            filter.status === 'all' ? undefined : inArray(transactions.status, filter.status),
            inArray(transactions.type, filter.types),
          ),
        );
      const resolved = await resolveTransactionFilter(db, { ...filter, search_term: term });
      const actual = await countTransactions(db, resolved);
      expect({ term, ...filter, n: actual }).toEqual({ term, ...filter, n: expected?.n });
    }
  }
}

describe.each(TEST_DATABASE_KINDS)('transaction name counts on %s', (kind) => {
  let t: TestDatabase;
  let merchantIds: string[];
  let currencyId: string;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDatabase(t.db, { merchants: 4, now: NOW, users: false, steps: [transactionSeedStep(300)] });
    merchantIds = (await queryRows<{ id: string }>(t.db, sql`SELECT id FROM merchants ORDER BY id`)).map(
      (row) => row.id,
    );
    const [row] = await t.db.select({ currencyId: transactions.currencyId }).from(transactions).limit(1);
    if (!row) throw new Error('the seed wrote no transactions');
    currencyId = row.currencyId;
  });
  afterAll(() => t?.dispose());

  type NewRow = [
    first: (typeof FIRST_NAMES)[number],
    last: (typeof LAST_NAMES)[number],
    status: TransactionStatus,
    type: TransactionType,
  ];

  function rowsOf(rows: readonly NewRow[]): (typeof transactions.$inferInsert)[] {
    return rows.map(([first, last, status, type], i) => ({
      txnRef: `NAME-${kind}-${serial++}`,
      transactionDate: new Date(NOW.getTime() - i * 3_600_000),
      merchantId: merchantIds[i % merchantIds.length] ?? null,
      customerFirstName: first,
      customerLastName: last,
      customerPhoneNumber: '+251911000000',
      amount: '10.00',
      type,
      status,
      currencyId,
    }));
  }

  /** Only rows this test inserted: seeded ones carry journals the ledger must keep. */
  const ours = sql`${transactions.txnRef} LIKE 'NAME-%'`;

  it('counts the seeded transactions exactly, one row per group after the seed folds them', async () => {
    await expectNameCountsExact(t.db);
    await expectSearchCountsExact(t.db);
    expect(
      await repeatedGroups(t.db, 'transaction_name_count_deltas', ['customer_name', 'status', 'type']),
    ).toBe(0);
  });

  it('a search listing names counts its named rows from the kept deltas', async () => {
    const filter = { status: 'all' as const, types: [...TRANSACTION_TYPES], search_term: 'dawit' };
    const resolved = await resolveTransactionFilter(t.db, filter);
    expect(resolved.search?.names?.length).toBeGreaterThan(0);
    const before = await countTransactions(t.db, resolved);
    const name = resolved.search?.names?.[0] ?? '';
    // A delta no transaction backs: only a count read from the kept rows sees it.
    await t.db
      .insert(transactionNameCountDeltas)
      .values({ customerName: name, status: 'SUCCESS', type: 'PAYMENT', delta: 1000 });
    try {
      expect(await countTransactions(t.db, resolved)).toBe(before + 1000);
      // A filter the kept counts do not hold (a merchant) keeps count(*).
      const merchantId = merchantIds[0];
      const withMerchant = { ...resolved, merchantId };
      const [plain] = await t.db
        .select({ n: count() })
        .from(transactions)
        .where(
          and(
            eq(transactions.merchantId, merchantId ?? ''),
            or(
              ilike(transactions.txnRef, containsPattern('dawit')),
              ilike(transactions.customerName, containsPattern('dawit')),
              ilike(transactions.customerPhoneNumber, containsPattern('dawit')),
            ),
          ),
        );
      expect(await countTransactions(t.db, withMerchant)).toBe(plain?.n);
    } finally {
      await t.db.delete(transactionNameCountDeltas).where(eq(transactionNameCountDeltas.delta, 1000));
    }
    expect(await countTransactions(t.db, resolved)).toBe(before);
  });

  it('stays exact through random inserts, status and type moves, renames, deletes, rollbacks and folds', async () => {
    const first = fc.constantFrom(...FIRST_NAMES);
    const last = fc.constantFrom(...LAST_NAMES);
    const status = fc.constantFrom(...TRANSACTION_STATUSES);
    const type = fc.constantFrom(...TRANSACTION_TYPES);
    const newRows = fc.array(fc.tuple(first, last, status, type), { minLength: 1, maxLength: 5 });
    const op = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), rows: newRows }),
      fc.record({ kind: fc.constant('status' as const), from: status, to: status }),
      fc.record({ kind: fc.constant('type' as const), status, to: type }),
      fc.record({ kind: fc.constant('rename' as const), status, to: first }),
      fc.record({ kind: fc.constant('delete' as const), status }),
      fc.record({ kind: fc.constant('noop-update' as const) }),
      fc.record({ kind: fc.constant('rollback' as const), rows: newRows, to: status }),
      fc.record({ kind: fc.constant('bulk' as const), rows: newRows, to: status }),
      fc.record({ kind: fc.constant('fold' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'insert') {
            await t.db.insert(transactions).values(rowsOf(o.rows));
          } else if (o.kind === 'status') {
            await t.db
              .update(transactions)
              .set({ status: o.to })
              .where(and(eq(transactions.status, o.from), ours));
          } else if (o.kind === 'type') {
            await t.db
              .update(transactions)
              .set({ type: o.to })
              .where(and(eq(transactions.status, o.status), ours));
          } else if (o.kind === 'rename') {
            await t.db
              .update(transactions)
              .set({ customerFirstName: o.to })
              .where(and(eq(transactions.status, o.status), ours));
          } else if (o.kind === 'delete') {
            await t.db.delete(transactions).where(and(eq(transactions.status, o.status), ours));
          } else if (o.kind === 'noop-update') {
            await t.db
              .update(transactions)
              .set({ fee: sql`${transactions.fee}` })
              .where(sql`true`);
          } else if (o.kind === 'rollback') {
            await expect(
              t.db.transaction(async (tx) => {
                await tx.insert(transactions).values(rowsOf(o.rows));
                await tx.update(transactions).set({ status: o.to }).where(ours);
                throw new Error('abort');
              }),
            ).rejects.toThrow('abort');
          } else if (o.kind === 'bulk') {
            // The seed's bulk load: the insert trigger off, the table counted again after.
            await t.db.transaction((tx) =>
              withTransactionNameCountsDeferred(tx, async () => {
                await tx.insert(transactions).values(rowsOf(o.rows));
                await tx.update(transactions).set({ status: o.to }).where(ours);
              }),
            );
          } else {
            await compactTransactionNameCounts(t.db);
          }
        }
        await expectNameCountsExact(t.db);
        await expectSearchCountsExact(t.db);
      }),
      { numRuns: 12, seed: 20_261_126 },
    );
  });

  it('folding keeps the sums and leaves one row per group', async () => {
    await t.db.insert(transactions).values(rowsOf([['Dawit', 'Bekele', 'PENDING', 'PAYMENT']]));
    await t.db.update(transactions).set({ status: 'SUCCESS' }).where(ours);
    const sums = await queryRows<Group>(
      t.db,
      sql`SELECT customer_name, status, type, sum(delta)::text AS n FROM transaction_name_count_deltas
          GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3`,
    );
    expect(await compactTransactionNameCounts(t.db)).toBeGreaterThan(0);
    const rows = await queryRows<Group>(
      t.db,
      sql`SELECT customer_name, status, type, delta::text AS n FROM transaction_name_count_deltas
          ORDER BY 1, 2, 3`,
    );
    expect(rows).toEqual(sums);
    await expectNameCountsExact(t.db);
  });

  it("the migration's backfill counts a book that holds transactions already", async () => {
    // Back to the state before migration 0031, then its statements as the migrator runs them.
    await t.db.execute(sql`DROP TABLE transaction_name_count_deltas`);
    await t.db.execute(sql`DROP FUNCTION transaction_name_count_deltas_append() CASCADE`);
    await t.db.execute(sql`DROP FUNCTION transaction_name_count_deltas_clear() CASCADE`);
    await t.db.execute(sql`DROP FUNCTION transaction_name_count_deltas_rebuild()`);
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0031_transaction_name_counts.sql'), 'utf8');
    await t.db.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint')) {
        await tx.execute(sql.raw(statement));
      }
    });
    await expectNameCountsExact(t.db);
    await expectSearchCountsExact(t.db);
    // And its triggers keep them from there.
    await t.db.insert(transactions).values(rowsOf([['Hana', 'Dawitu', 'FAILED', 'REFUND']]));
    await t.db.update(transactions).set({ status: 'CANCELED' }).where(ours);
    await expectNameCountsExact(t.db);
  });

  it('TRUNCATE clears the name counts with the rows', async () => {
    await withSeededScratch(kind, { merchants: 2, transactions: 20, now: NOW }, async (scratch) => {
      expect(await scratch.db.$count(transactionNameCountDeltas)).toBeGreaterThan(0);
      // The refunds' link is append-only and refuses TRUNCATE (migration 0019), which reaches it
      // through CASCADE: emptying transactions means switching that guard off first, on purpose.
      await scratch.db.execute(sql`ALTER TABLE refunds DISABLE TRIGGER refunds_no_truncate`);
      await scratch.db.execute(sql`TRUNCATE transactions CASCADE`);
      await scratch.db.execute(sql`ALTER TABLE refunds ENABLE TRIGGER refunds_no_truncate`);
      expect(await scratch.db.select().from(transactionNameCountDeltas)).toEqual([]);
      const resolved = await resolveTransactionFilter(scratch.db, {
        status: 'all',
        types: [...TRANSACTION_TYPES],
        search_term: 'a',
      });
      expect(resolved.search?.names?.length).toBeGreaterThan(0);
      expect(await countTransactions(scratch.db, resolved)).toBe(0);
    });
  });
});
