/**
 * Every combination of the transaction list's filters against a plain reading of them. The list's
 * statements are built once per filter shape and kept (docs/decisions/014), so a shape key that
 * missed a dimension would answer one filter with another's SQL; here random filters follow one
 * another on one database, and each page, total and `is_empty` must equal what filtering the
 * fixture rows in JavaScript gives.
 */
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionListQuery,
  type TransactionStatus,
  type TransactionType,
} from '@contract/transaction';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import {
  countTransactions,
  listTransactions,
  resolveTransactionFilter,
  type TransactionListInput,
} from '../db/queries/transactions';
import { transactionDailyTotals, transactions } from '../db/schema';
import { createRandom } from '../db/seed/random';
import { describeApi, insertMerchant } from '../test/api';
import { insertTransaction } from '../test/transaction-fixtures';

interface Row {
  id: string;
  ref: string;
  date: Date;
  status: TransactionStatus;
  type: TransactionType;
  merchant: number | null;
  firstName: string | null;
  lastName: string | null;
  phone: string;
}

const ROW_COUNT = 60;
const FIRST_NAMES = ['Dawit', 'Hana', 'Meron', 'Selam', null] as const;
const LAST_NAMES = ['Bekele', 'Haile', 'Tadesse', null] as const;
const TERMS = ['dawit', 'e', 'BEK', 'tf-00', 'tf-0042', '+25191', 'hana haile', 'zzz', 'a'];
/** Fixture days: 2026-11-01 .. 2026-11-20 (UTC). */
const DAYS = 20;
/** Day n of November 2026 as YYYY-MM-DD (0 is 2026-10-31, before every row). */
const day = (n: number) => new Date(Date.UTC(2026, 10, n)).toISOString().slice(0, 10);

function matches(row: Row, filter: TransactionListInput, merchantIds: readonly string[]): boolean {
  const merchantId = row.merchant === null ? undefined : merchantIds[row.merchant];
  if (filter.status !== 'all' && !filter.status.includes(row.status)) return false;
  if (!filter.types.includes(row.type)) return false;
  if (filter.merchantId && merchantId !== filter.merchantId) return false;
  if (filter.from && row.date < new Date(`${filter.from}T00:00:00Z`)) return false;
  if (filter.to && row.date >= new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000)) return false;
  if (filter.reference && row.ref !== filter.reference) return false;
  if (filter.search_term) {
    const needle = filter.search_term.toLowerCase();
    const name = `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
    if (![row.ref, name, row.phone].some((value) => value.toLowerCase().includes(needle))) return false;
  }
  return true;
}

describeApi('transaction list filters', (api) => {
  const rows: Row[] = [];
  const merchantIds: string[] = [];

  beforeAll(async () => {
    merchantIds.push(
      await insertMerchant(api, { code: 'TF-M1' }),
      await insertMerchant(api, { code: 'TF-M2' }),
    );
    const random = createRandom(14);
    for (let i = 0; i < ROW_COUNT; i++) {
      const row: Omit<Row, 'id'> = {
        ref: `TF-${String(i).padStart(4, '0')}`,
        // Distinct instants, so newest first is one order.
        date: new Date(Date.UTC(2026, 10, 1 + random.int(0, DAYS - 1), random.int(0, 23), i)),
        status: random.pick(TRANSACTION_STATUSES),
        type: random.pick(TRANSACTION_TYPES),
        merchant: random.pick([0, 1, null]),
        firstName: random.pick(FIRST_NAMES),
        lastName: random.pick(LAST_NAMES),
        phone: `+2519${random.int(10_000_000, 99_999_999)}`,
      };
      const id = await insertTransaction(api, {
        ...row,
        merchantId: row.merchant === null ? null : merchantIds[row.merchant],
      });
      rows.push({ ...row, id });
    }
  });

  const filters = fc.record({
    // 'all' is what the contract makes of an absent, empty or `all` status: no status condition.
    status: fc.oneof(fc.constant('all' as const), fc.subarray([...TRANSACTION_STATUSES], { minLength: 1 })),
    types: fc.subarray([...TRANSACTION_TYPES], { minLength: 1 }),
    from: fc.option(fc.integer({ min: 1, max: DAYS + 1 }).map(day), { nil: undefined }),
    to: fc.option(fc.integer({ min: 0, max: DAYS }).map(day), { nil: undefined }),
    reference: fc.option(fc.constantFrom('TF-0007', 'TF-0042', 'TF-9999'), { nil: undefined }),
    merchant: fc.option(fc.constantFrom(0, 1), { nil: undefined }),
    search_term: fc.option(fc.constantFrom(...TERMS), { nil: undefined }),
    page: fc.integer({ min: 1, max: 3 }),
    limit: fc.constantFrom(5, 10),
  });

  it('pages, totals and is_empty equal a plain reading of the filters, whatever filter came before', async () => {
    const db = api.database.db;
    await fc.assert(
      fc.asyncProperty(filters, async ({ merchant, ...f }) => {
        const filter: TransactionListInput = {
          ...f,
          merchantId: merchant === undefined ? undefined : merchantIds[merchant],
        };
        const expected = rows
          .filter((row) => matches(row, filter, merchantIds))
          .sort((a, b) => b.date.getTime() - a.date.getTime());
        const scope = rows.filter(
          (row) => !filter.merchantId || merchantIds[row.merchant ?? -1] === filter.merchantId,
        );
        const page = await listTransactions(db, filter);
        expect(page.total).toBe(expected.length);
        expect(page.contents.map((t) => t.id)).toEqual(
          expected.slice((filter.page - 1) * filter.limit, filter.page * filter.limit).map((row) => row.id),
        );
        expect(page.isEmpty).toBe(expected.length === 0 && scope.length === 0);
        // A term too broad to list its names (over a limit of one) counts the same rows.
        if (filter.search_term) {
          const broad = await resolveTransactionFilter(db, filter, 1);
          expect(await countTransactions(db, broad)).toBe(expected.length);
        }
      }),
      { numRuns: 150, seed: 20_261_124 },
    );
  });

  // The whole system's date ranges are counted from transaction_daily_totals (decision 017); the
  // filters above reach that path only when types, merchant, reference and search are all unset.
  const ranges = fc.record({
    status: fc.oneof(fc.constant('all' as const), fc.subarray([...TRANSACTION_STATUSES], { minLength: 1 })),
    from: fc.option(fc.integer({ min: 1, max: DAYS + 1 }).map(day), { nil: undefined }),
    to: fc.option(fc.integer({ min: 0, max: DAYS }).map(day), { nil: undefined }),
  });
  const countRange = async (range: {
    status: TransactionListQuery['status'];
    from?: string;
    to?: string;
  }) => {
    const filter: TransactionListInput = { ...range, types: [...TRANSACTION_TYPES], page: 1, limit: 10 };
    const expected = rows.filter((row) => matches(row, filter, merchantIds)).length;
    return { expected, total: (await listTransactions(api.database.db, filter)).total };
  };

  it('a date range over the whole system counts from the daily totals, exactly, also after status changes', async () => {
    const db = api.database.db;
    const check = () =>
      fc.assert(
        fc.asyncProperty(ranges, async (range) => {
          const { expected, total } = await countRange(range);
          expect(total).toBe(expected);
        }),
        { numRuns: 60, seed: 20_261_125 },
      );
    await check();
    // Status changes move rows between the totals' groups (the UPDATE trigger).
    for (const row of rows.slice(0, 10)) {
      row.status = row.status === 'SUCCESS' ? 'FAILED' : 'SUCCESS';
      await db.update(transactions).set({ status: row.status }).where(eq(transactions.id, row.id));
    }
    await check();
  });

  it('the daily totals are what a date range reads (a row added to them shows in the count)', async () => {
    const db = api.database.db;
    const range = { status: 'all' as const, from: day(5), to: day(5) };
    const before = await countRange(range);
    expect(before.total).toBe(before.expected);
    const [currency] = api.catalog.currencies;
    if (!currency) throw new Error('no currency');
    await db.insert(transactionDailyTotals).values({
      day: day(5),
      currencyId: currency.id,
      status: 'SUCCESS',
      transactions: 1000,
      amount: '0',
    });
    try {
      expect((await countRange(range)).total).toBe(before.expected + 1000);
      // A range with a merchant is still counted from the transactions themselves.
      const withMerchant = await listTransactions(db, {
        ...range,
        types: [...TRANSACTION_TYPES],
        merchantId: merchantIds[0],
        page: 1,
        limit: 10,
      });
      expect(withMerchant.total).toBeLessThan(1000);
    } finally {
      await db.execute(sql`delete from transaction_daily_totals where transactions = 1000`);
    }
  });
});
