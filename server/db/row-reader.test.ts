/**
 * The compiled row mapper against drizzle's own `mapResultRow`: the same objects from the same
 * statements, on seeded rows of both databases (merchants with and without their left-joined
 * compliance and contact person; transactions with and without a payment method and merchant),
 * and on hand-made rows for the left-join rule's corners.
 */
import { desc, eq, sql } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../test/db';
import { prepareUnnamed, UNNAMED } from './prepared';
import { selectTransactions } from './queries/transactions';
import { compileRowMapper, type OrderedField, readRowsOnce } from './row-reader';
import {
  merchantCompliance,
  merchantContactPersons,
  merchants,
  paymentMethods,
  transactions,
} from './schema';
import { seedDatabase } from './seed/seed';
import { transactionSeedStep } from './seed/transactions';

const NOW = new Date('2026-11-24T12:00:00Z');

/** Drizzle's own mapping, the reference (exported at runtime, @internal in its typings). */
const { mapResultRow, orderSelectedFields } = drizzleUtils as unknown as {
  mapResultRow(fields: OrderedField[], row: unknown[], joins: Record<string, boolean> | undefined): unknown;
  orderSelectedFields(fields: Record<string, unknown>): OrderedField[];
};

describe.each(TEST_DATABASE_KINDS)('compiled row mapper (%s)', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDatabase(t.db, { merchants: 30, now: NOW, users: false, steps: [transactionSeedStep(400)] });
  }, 120_000);
  afterAll(() => t.dispose());

  const merchantsWithJoins = () =>
    t.db
      .select({ m: merchants, c: merchantCompliance, p: merchantContactPersons })
      .from(merchants)
      .leftJoin(merchantCompliance, eq(merchantCompliance.merchantId, merchants.id))
      .leftJoin(merchantContactPersons, eq(merchantContactPersons.merchantId, merchants.id))
      .orderBy(desc(merchants.createdAt), desc(merchants.id));

  it('maps merchants and their left joins exactly as drizzle does', async () => {
    const expected = await merchantsWithJoins().prepare(UNNAMED).execute();
    const actual = await prepareUnnamed(merchantsWithJoins()).execute();
    expect(actual).toEqual(expected);
    // The seed has merchants with and without each joined row, so both sides of the rule ran.
    expect(actual.some((row) => row.c === null)).toBe(true);
    expect(actual.some((row) => row.c !== null)).toBe(true);
    expect(actual.some((row) => row.p === null)).toBe(true);
    expect(actual.some((row) => row.m.createdAt instanceof Date)).toBe(true);
  });

  it('maps transactions with nullable joined columns and aggregates exactly as drizzle does', async () => {
    const page = () =>
      selectTransactions(t.db).orderBy(desc(transactions.transactionDate), desc(transactions.id));
    const expected = await page().prepare(UNNAMED).execute();
    expect(expected.length).toBe(400);
    expect(await prepareUnnamed(page()).execute()).toEqual(expected);
    // Flat columns of a left join that misses for some rows (amounts up to 500).
    const partial = () =>
      t.db
        .select({ id: transactions.id, methodName: paymentMethods.name, amount: transactions.amount })
        .from(transactions)
        .leftJoin(
          paymentMethods,
          sql`${paymentMethods.id} = ${transactions.paymentMethodId} and ${transactions.amount} > 500`,
        );
    const rows = await partial().prepare(UNNAMED).execute();
    expect(rows.some((row) => row.methodName === null)).toBe(true);
    expect(rows.some((row) => row.methodName !== null)).toBe(true);
    expect(await prepareUnnamed(partial()).execute()).toEqual(rows);

    const total = () =>
      t.db
        .select({ total: sql<number>`count(*)::int`, methods: sql`count(distinct ${paymentMethods.id})` })
        .from(paymentMethods);
    expect(await prepareUnnamed(total()).execute()).toEqual(await total().prepare(UNNAMED).execute());
  });

  it('fails loudly when drizzle no longer exposes the hook', () => {
    expect(() => readRowsOnce({})).toThrow(/customResultMapper/);
  });
});

describe('the left-join rule on hand-made rows', () => {
  // Two tables as drizzle orders them: the base's two columns, then the joined table's two.
  const fields = orderSelectedFields({
    m: { id: merchants.id, code: merchants.merchantCode },
    c: { merchantId: merchantCompliance.merchantId, tin: merchantCompliance.tin },
  });
  const mixed = orderSelectedFields({
    both: { id: merchants.id, tin: merchantCompliance.tin },
  });
  const cases: { name: string; fields: OrderedField[]; joins: Record<string, boolean>; rows: unknown[][] }[] =
    [
      {
        name: 'a joined object whose first column is null becomes null, even when a later one is not',
        fields,
        joins: { merchants: true, merchant_compliance: false },
        rows: [
          ['a', 'M1', null, null],
          ['b', 'M2', null, '123'],
          ['c', 'M3', 'c', null],
        ],
      },
      {
        name: 'an inner-joined object never becomes null',
        fields,
        joins: { merchants: true, merchant_compliance: true },
        rows: [['a', 'M1', null, null]],
      },
      {
        name: 'an object mixing two tables never becomes null',
        fields: mixed,
        joins: { merchants: false, merchant_compliance: false },
        rows: [
          [null, null],
          [null, '9'],
        ],
      },
    ];
  it.each(cases)('$name', ({ fields: ordered, joins, rows }) => {
    const expected = rows.map((row) => mapResultRow(ordered, row, joins));
    const actual = compileRowMapper(ordered, joins)(rows);
    expect(actual).toEqual(expected);
    // The same keys in the same order too: an answer's JSON is written in that order.
    expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
  });

  it("builds objects nested deeper, keys in drizzle's order, decoding each column (the code it generates)", () => {
    const nested = orderSelectedFields({
      id: merchants.id,
      deep: { when: merchants.createdAt, inner: { 'a quote\' and "another"': merchants.merchantCode } },
      last: sql<number>`1`.mapWith(Number),
    });
    const rows = [
      ['a', '2026-11-24 12:00:00', 'M1', '7'],
      ['b', null, null, null],
    ];
    const expected = rows.map((row) => mapResultRow(nested, row, undefined));
    const actual = compileRowMapper(nested, undefined)(rows);
    expect(actual).toEqual(expected);
    expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
    const [first] = actual;
    if (!first) throw new Error('no row mapped');
    expect((first.deep as { when: unknown }).when).toBeInstanceOf(Date);
    expect(first.last).toBe(7);
  });

  it('nulls nothing without a join map (a single-table select)', () => {
    const rows = [[null, null, null, null]];
    expect(compileRowMapper(fields, undefined)(rows)).toEqual(
      rows.map((row) => mapResultRow(fields, row, undefined)),
    );
  });
});
