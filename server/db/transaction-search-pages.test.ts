/**
 * A search's page read by name (decision 069) against the walk of the sort order's index (the plan
 * before it) and against the plain meaning of the search (a row whose reference, customer name or
 * phone contains the term, case-insensitively, `ILIKE` on each column): the same rows in the same
 * order, for every order the list offers in both directions, with and without a status, type,
 * merchant, date range and amount filter, on the first, a middle, the last and a past-the-end page,
 * with ties in every sort key (rows sharing a date, an amount, a status and a type).
 */
import { TRANSACTION_SORT_KEYS } from '@contract/list-sort';
import { transactionListQuerySchema } from '@contract/transaction';
import { and, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../test/db';
import { queryRows } from './connect';
import {
  chooseSearchPagePlan,
  endOfUtcDayExclusive,
  listTransactions,
  startOfUtcDay,
  transactionOrderBy,
} from './queries/transactions';
import { transactions } from './schema';
import { seedDatabase } from './seed/seed';
import { transactionSeedStep } from './seed/transactions';
import { containsPattern } from './sql';

const NOW = new Date('2026-11-21T12:00:00Z');

/**
 * Terms: several names (the seed's and ours), one name, a name and a phone holding the same digits,
 * and references only (no name). A term matching no name has no page read by name.
 */
const TERMS = ['dawit', 'selam bekele', '4455', 'pg-ref'];

/** The list's filters a search is combined with (query-string values, as the route parses them). */
type Filter = {
  status?: string;
  types?: string;
  merchant?: boolean;
  from?: string;
  to?: string;
  amount_min?: string;
};
const FILTERS: Filter[] = [
  {},
  { status: 'success' },
  { status: 'pending,failed' },
  { types: 'payout' },
  { merchant: true },
  { from: '2026-11-10', to: '2026-11-20' },
  { merchant: true, status: 'success' },
  { amount_min: '20' },
];

/** Every sort key in both directions: each has its own walk of each name (decisions 069 and 071). */
const ORDERS = TRANSACTION_SORT_KEYS.flatMap((key) => [`${key}.asc`, `${key}.desc`]);

describe.each(TEST_DATABASE_KINDS)('a search page read by name on %s', (kind) => {
  let t: TestDatabase;
  let merchantId: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDatabase(t.db, { merchants: 3, now: NOW, users: false, steps: [transactionSeedStep(300)] });
    const [merchant] = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT id FROM merchants ORDER BY id LIMIT 1`,
    );
    const merchantIds = (
      await queryRows<{ id: string }>(t.db, sql`SELECT id FROM merchants ORDER BY id`)
    ).map((row) => row.id);
    merchantId = merchant?.id ?? '';
    const [row] = await t.db.select({ currencyId: transactions.currencyId }).from(transactions).limit(1);
    if (!row) throw new Error('the seed wrote no transactions');
    const names: [string | null, string | null][] = [
      ['Dawit', 'Alemu'],
      ['Dawit', 'Bekele'],
      ['Hana', 'Dawitu'],
      ['Selam', 'Bekele'],
      ['Agent', '4455'],
      ['Meron', null],
    ];
    const statuses = ['SUCCESS', 'PENDING', 'FAILED'] as const;
    const types = ['PAYMENT', 'PAYOUT'] as const;
    // Ties in every key: four rows share each date, three each amount; statuses and types repeat.
    const rows = Array.from({ length: 96 }, (_, i) => {
      const [first, last] = names[i % names.length] ?? [null, null];
      return {
        txnRef: i % 7 === 0 ? `PG-REF-${i}` : `PG-${String(i).padStart(3, '0')}`,
        transactionDate: new Date(NOW.getTime() - Math.floor(i / 4) * 86_400_000),
        merchantId: merchantIds[i % merchantIds.length] ?? null,
        customerFirstName: first,
        customerLastName: last,
        customerPhoneNumber: i % 5 === 0 ? '+251944550000' : `+2519110${String(i).padStart(5, '0')}`,
        amount: String(10 + (Math.floor(i / 3) % 4) * 5),
        type: types[i % types.length] ?? 'PAYMENT',
        status: statuses[i % statuses.length] ?? 'SUCCESS',
        currencyId: row.currencyId,
      };
    });
    await t.db.insert(transactions).values(rows);
  });
  afterAll(() => t?.dispose());

  function queryOf(term: string, filter: Filter, sort: string, page: number, limit: number) {
    const { merchant, ...rest } = filter;
    return v.parse(transactionListQuerySchema, {
      ...rest,
      search_term: term,
      sort,
      page: String(page),
      limit: String(limit),
      ...(merchant ? { merchantId } : {}),
    });
  }

  /**
   * The plain meaning: every column `ILIKE` the term, the filters as written, the list's order; all
   * of its rows, which each page of that order is cut from.
   */
  async function plainOrder(query: ReturnType<typeof queryOf>): Promise<string[]> {
    const pattern = containsPattern(query.search_term ?? '');
    const conditions: (SQL | undefined)[] = [
      or(
        ilike(transactions.txnRef, pattern),
        ilike(transactions.customerName, pattern),
        ilike(transactions.customerPhoneNumber, pattern),
      ),
      query.status === 'all' ? undefined : inArray(transactions.status, query.status),
      inArray(transactions.type, query.types),
      query.merchantId ? sql`${transactions.merchantId} = ${query.merchantId}` : undefined,
      query.from ? gte(transactions.transactionDate, startOfUtcDay(query.from)) : undefined,
      query.to ? lt(transactions.transactionDate, endOfUtcDayExclusive(query.to)) : undefined,
      query.amount_min ? gte(transactions.amount, query.amount_min) : undefined,
    ];
    const rows = await t.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(...conditions))
      .orderBy(...transactionOrderBy(query.sort));
    return rows.map((row) => row.id);
  }

  const pageOf = (ids: readonly string[], page: number, limit: number) =>
    ids.slice((page - 1) * limit, page * limit);

  it('gives the plain search the same rows in the same order on every page, by every plan', async () => {
    let compared = 0;
    let deep = 0;
    for (const term of TERMS) {
      for (const filter of FILTERS) {
        const plain = new Map<string, string[]>();
        for (const sort of ORDERS) plain.set(sort, await plainOrder(queryOf(term, filter, sort, 1, 4)));
        const first = await listTransactions(t.db, queryOf(term, filter, 'date.desc', 1, 4));
        expect(first.contents.map((row) => row.id)).toEqual(pageOf(plain.get('date.desc') ?? [], 1, 4));
        expect(first.total).toBe(plain.get('date.desc')?.length);
        const lastPage = Math.max(1, Math.ceil(first.total / 4));
        // The plan chosen (from kept counts with a merchant or an amount, else bounded by the page's
        // depth) in every order, on a middle page and on the last.
        for (const [sort, page] of ORDERS.map(
          (order, i) => [order, i % 2 === 0 ? Math.ceil(lastPage / 2) : lastPage] as const,
        )) {
          const chosen = await listTransactions(t.db, queryOf(term, filter, sort, page, 4));
          expect(chosen.contents.map((row) => row.id)).toEqual(pageOf(plain.get(sort) ?? [], page, 4));
        }
        const pages = [...new Set([1, Math.ceil(lastPage / 2), lastPage, lastPage + 1])];
        // Every order and page of one term and filter at once (PostgreSQL answers them in parallel).
        await Promise.all(
          ORDERS.flatMap((sort) =>
            pages.map(async (page) => {
              const query = queryOf(term, filter, sort, page, 4);
              const expected = pageOf(plain.get(sort) ?? [], page, 4);
              const label = JSON.stringify({ term, filter, sort, page });
              for (const plan of ['walk', 'by-name', 'by-name-with-bound'] as const) {
                const answer = await listTransactions(t.db, query, { searchPagePlan: plan });
                expect(
                  answer.contents.map((row) => row.id),
                  `${label} ${plan}`,
                ).toEqual(expected);
                expect(answer.total, label).toBe(first.total);
              }
              compared++;
              if (page > 1 && expected.length > 0) deep++;
            }),
          ),
        );
      }
    }
    // The fixture is what makes this meaningful: deep, non-empty pages were compared.
    expect(compared).toBeGreaterThan(1000);
    expect(deep).toBeGreaterThan(200);
  }, 600_000);

  it('reads a dense name by name on a deep page or sorted by customer, and walks where that reads less', () => {
    // Decision 069's example at 1M: 28 names, 22,022 rows of 1,000,000.
    const shape = {
      merchant: false,
      statuses: 'all',
      types: 'all',
      from: false,
      to: false,
      reference: false,
      search: 'names',
    } as const;
    const dawit = { namedAll: 22_022, named: 22_022, system: 1_000_000, merchant: null, range: null };
    const date = { key: 'date', direction: 'desc' } as const;
    expect(chooseSearchPagePlan(dawit, shape, date, 28, 500)).toBe('by-name');
    expect(chooseSearchPagePlan(dawit, shape, { key: 'amount', direction: 'desc' }, 28, 500)).toBe('by-name');
    // Sorted by another column each name's walk also stops at the page's depth (decision 071): 100
    // names of 100,000 rows, page 30 by amount, reads 100 x 300 entries, not 100,000 (the walk about
    // 3,000 rows, so 10 x 3,000 is the bound).
    const many = { namedAll: 100_000, named: 100_000, system: 1_000_000, merchant: null, range: null };
    for (const key of ['amount', 'reference', 'type', 'status'] as const)
      expect(chooseSearchPagePlan(many, shape, { key, direction: 'asc' }, 100, 300), key).toBe('by-name');
    // A merchant of 500 rows: the walk reads at most its rows, the names' 22,022 entries are more.
    const merchant = { ...dawit, merchant: 500 };
    expect(chooseSearchPagePlan(merchant, { ...shape, merchant: true }, date, 28, 10)).toBe('walk');
    // Sorted by customer the names are one run of the walked index: read by name even on page 1.
    expect(chooseSearchPagePlan(dawit, shape, { key: 'customer', direction: 'desc' }, 28, 10)).toBe(
      'by-name',
    );
    // A term most rows carry: the walk finds the page at once.
    const broad = { namedAll: 900_000, named: 900_000, system: 1_000_000, merchant: null, range: null };
    expect(chooseSearchPagePlan(broad, shape, { key: 'amount', direction: 'desc' }, 900, 10)).toBe('walk');
  });
});
