/**
 * Search by customer name goes through `transaction_customer_names` (docs/decisions/011): the term
 * is resolved to stored names, rows are found by equality, and the count adds the rows matching
 * by reference or phone only. These tests hold that to the plain meaning of the search: a row is
 * counted once when its reference, customer name or phone contains the term, case-insensitively.
 */
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, type TransactionStatus } from '@contract/transaction';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../db/connect';
import { countTransactions, listTransactions, resolveTransactionFilter } from '../db/queries/transactions';
import { transactions } from '../db/schema';
import { describeApi } from '../test/api';
import { insertTransaction } from '../test/transaction-fixtures';

interface Row {
  ref: string;
  firstName: string | null;
  lastName: string | null;
  phone: string;
  status: TransactionStatus;
}

const ROWS: Row[] = [
  { ref: 'SR-0001', firstName: 'Dawit', lastName: 'Bekele', phone: '+251911000001', status: 'SUCCESS' },
  { ref: 'SR-0002', firstName: 'Dawit', lastName: 'Haile', phone: '+251911000002', status: 'PENDING' },
  { ref: 'SR-0003', firstName: 'Hana', lastName: 'Dawitson', phone: '+251922000003', status: 'SUCCESS' },
  { ref: 'SR-0004', firstName: 'Selam', lastName: 'Worku', phone: '+251933000004', status: 'FAILED' },
  // Name and phone both contain "4455": counted once.
  { ref: 'SR-0005', firstName: 'Agent', lastName: '4455', phone: '+251944550005', status: 'SUCCESS' },
  { ref: 'SR-4455', firstName: 'Meron', lastName: 'Tadesse', phone: '+251900000006', status: 'SUCCESS' },
  { ref: 'SR-0007', firstName: null, lastName: 'Bekele', phone: '+251900000007', status: 'CANCELED' },
  { ref: 'SR-0008', firstName: 'Meron', lastName: null, phone: '+251900000008', status: 'PENDING' },
];

const TERMS = ['dawit', 'DAWIT', 'bekele', 'it be', '4455', 'sr-', '0911', 'meron', 'zzz', 'e'];

function customerName(row: Row): string {
  return `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
}

function expectedCount(term: string, statuses: readonly TransactionStatus[] = TRANSACTION_STATUSES): number {
  const needle = term.toLowerCase();
  return ROWS.filter(
    (row) =>
      statuses.includes(row.status) &&
      [row.ref, customerName(row), row.phone].some((value) => value.toLowerCase().includes(needle)),
  ).length;
}

describeApi('transaction search', (api) => {
  beforeAll(async () => {
    for (const [i, row] of ROWS.entries()) {
      await insertTransaction(api, {
        ref: row.ref,
        date: new Date(Date.UTC(2026, 10, 1 + i)),
        firstName: row.firstName,
        lastName: row.lastName,
        phone: row.phone,
        status: row.status,
      });
    }
  });

  const filterFor = (searchTerm: string, statuses: readonly TransactionStatus[] = TRANSACTION_STATUSES) => ({
    status: [...statuses],
    types: [...TRANSACTION_TYPES],
    search_term: searchTerm,
  });

  it('keeps every customer name a transaction carries, and no empty name', async () => {
    const names = await queryRows<{ name: string }>(
      api.database.db,
      sql`select name from transaction_customer_names order by name`,
    );
    const stored = names.map((row) => row.name);
    for (const row of ROWS) expect(stored).toContain(customerName(row));
    expect(stored).not.toContain('');
  });

  it('counts each row whose reference, name or phone contains the term once, with or without a status filter', async () => {
    for (const term of TERMS) {
      const all = await countTransactions(
        api.database.db,
        await resolveTransactionFilter(api.database.db, filterFor(term)),
      );
      expect(all, term).toBe(expectedCount(term));
      const statuses: TransactionStatus[] = ['SUCCESS'];
      const success = await countTransactions(
        api.database.db,
        await resolveTransactionFilter(api.database.db, filterFor(term, statuses)),
      );
      expect(success, `${term} SUCCESS`).toBe(expectedCount(term, statuses));
    }
  });

  it('gives the same rows and totals when a term matches too many names to list', async () => {
    for (const term of TERMS) {
      const broad = await resolveTransactionFilter(api.database.db, filterFor(term), 0);
      const listed = await resolveTransactionFilter(api.database.db, filterFor(term));
      const matchesAName = ROWS.some((row) => customerName(row).toLowerCase().includes(term.toLowerCase()));
      // Over the limit of 0 names: the name arm falls back to ILIKE; otherwise names are listed.
      expect(broad.search?.names === undefined, term).toBe(matchesAName);
      expect((listed.search?.names?.length ?? 0) > 0, term).toBe(matchesAName);
      expect(await countTransactions(api.database.db, broad), term).toBe(expectedCount(term));
    }
  });

  it('lists the matching rows newest first with the exact total', async () => {
    const page = await listTransactions(api.database.db, { ...filterFor('dawit'), page: 1, limit: 10 });
    expect(page.contents.map((t) => t.reference.txn_ref)).toEqual(['SR-0003', 'SR-0002', 'SR-0001']);
    expect(page.total).toBe(3);
    const second = await listTransactions(api.database.db, { ...filterFor('e'), page: 2, limit: 3 });
    expect(second.total).toBe(expectedCount('e'));
    expect(second.contents).toHaveLength(3);
  });

  it('finds a customer by the name an update gave them, and no longer by the old one', async () => {
    await api.database.db
      .update(transactions)
      .set({ customerFirstName: 'Yohannes' })
      .where(eq(transactions.txnRef, 'SR-0004'));
    const count = async (term: string) =>
      countTransactions(api.database.db, await resolveTransactionFilter(api.database.db, filterFor(term)));
    expect(await count('yohannes worku')).toBe(1);
    expect(await count('selam')).toBe(0);
    await api.database.db
      .update(transactions)
      .set({ customerFirstName: 'Selam' })
      .where(eq(transactions.txnRef, 'SR-0004'));
    expect(await count('selam')).toBe(1);
  });
});
