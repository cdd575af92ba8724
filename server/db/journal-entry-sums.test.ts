/**
 * `journal_entry_sums` (docs/decisions/013) against the entries themselves: the trigger-kept
 * counts and amounts per (currency, GL account, entry type, description template: decision 048)
 * must equal a plain aggregate of journal_entries
 * after seeding, after more postings in other transactions, after folding, and after a TRUNCATE;
 * and the ledger refuses UPDATE and DELETE, which is what lets an insert trigger alone keep them.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJournal } from '../domain/ledger';
import {
  createTestDatabase,
  refusal,
  TEST_DATABASE_KINDS,
  type TestDatabase,
  withSeededScratch,
} from '../test/db';
import { type Executor, queryRows } from './connect';
import { loadMappings, postJournal } from './ledger-store';
import { compactJournalEntrySums, withJournalSumsDeferred } from './maintenance';
import { glAccounts, journalEntries, journals, transactions } from './schema';
import { type SeedResult, seedDatabase } from './seed/seed';
import { transactionSeedStep } from './seed/transactions';

const NOW = new Date('2026-11-21T12:00:00Z');

type SumRow = {
  currency_id: string | null;
  gl_account_id: string;
  entry_type: string;
  description_template_id: number | null;
  entries: string;
  amount: string;
};

/**
 * Posts PAYMENT_RECEIVED again for seeded successful payments (newest id order, `limit` from
 * `offset`), one journal per statement as the API posts.
 */
async function postCollections(db: Executor, limit: number, offset = 0): Promise<void> {
  const mappings = await loadMappings(db);
  const paid = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.type, 'PAYMENT'), eq(transactions.status, 'SUCCESS')))
    .orderBy(transactions.id)
    .limit(limit)
    .offset(offset);
  for (const payment of paid) {
    const event = {
      type: 'PAYMENT_RECEIVED' as const,
      amount: payment.amount,
      fee: payment.fee,
      charge_id: null,
      payment_method_id: payment.paymentMethodId,
      reference: payment.txnRef,
    };
    await postJournal(db, buildJournal(event, mappings), { transactionId: payment.id, now: NOW });
  }
}

describe.each(TEST_DATABASE_KINDS)('journal entry sums on %s', (kind) => {
  let t: TestDatabase;
  let seeded: SeedResult;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    seeded = await seedDatabase(t.db, {
      merchants: 4,
      now: NOW,
      users: false,
      steps: [transactionSeedStep(250)],
    });
  });
  afterAll(() => t?.dispose());

  /** Both sides as text, sorted, so numeric scale differences cannot hide a wrong amount. */
  const kept = () =>
    queryRows<SumRow>(
      t.db,
      sql`select currency_id, gl_account_id, entry_type, description_template_id,
            sum(entries)::text as entries, sum(amount)::numeric(40,6)::text as amount
          from journal_entry_sums group by 1, 2, 3, 4 order by 1 nulls last, 2, 3, 4 nulls last`,
    );
  const actual = () =>
    queryRows<SumRow>(
      t.db,
      sql`select tr.currency_id, e.gl_account_id, e.entry_type, j.description_template_id,
            count(*)::text as entries, sum(e.amount)::numeric(40,6)::text as amount
          from journal_entries e join journals j on j.id = e.journal_id
          left join transactions tr on tr.id = j.transaction_id
          group by 1, 2, 3, 4 order by 1 nulls last, 2, 3, 4 nulls last`,
    );

  it('equals the entries after the seed, with a row per currency and side', async () => {
    const rows = await actual();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    // Every journal the seed posts is written from a description template (migration 0028).
    expect(rows.every((row) => row.description_template_id !== null)).toBe(true);
    expect(await kept()).toEqual(rows);
  });

  it('follows more postings, each statement appending, and folds to one row per group', async () => {
    await postCollections(t.db, 12);
    expect(await kept()).toEqual(await actual());
    const before = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from journal_entry_sums`,
    );
    expect(await compactJournalEntrySums(t.db)).toBe(before[0]?.n);
    const groups = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from (select distinct currency_id, gl_account_id, entry_type, description_template_id from journal_entry_sums) g`,
    );
    const after = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from journal_entry_sums`,
    );
    expect(after[0]?.n).toBe(groups[0]?.n);
    expect(await kept()).toEqual(await actual());
  });

  it('sums a bulk load once at the end, and the trigger posts again after it', async () => {
    await t.db.transaction((tx) => withJournalSumsDeferred(tx, () => postCollections(tx, 5, 12)));
    expect(await kept()).toEqual(await actual());
    await postCollections(t.db, 3, 17);
    expect(await kept()).toEqual(await actual());
  });

  it('refuses to edit or delete a posting, and nothing changes', async () => {
    const [entry] = await t.db.select().from(journalEntries).limit(1);
    if (!entry) throw new Error('no entry');
    const attempts = [
      t.db.update(journalEntries).set({ amount: '1' }).where(eq(journalEntries.id, entry.id)),
      t.db.delete(journalEntries).where(eq(journalEntries.id, entry.id)),
      t.db.update(journals).set({ description: 'edited' }).where(eq(journals.id, entry.journalId)),
      t.db.delete(journals).where(eq(journals.id, entry.journalId)),
    ];
    for (const attempt of attempts) expect(await refusal(attempt)).toMatch(/The ledger is append-only/);
    const [again] = await t.db.select().from(journalEntries).where(eq(journalEntries.id, entry.id));
    expect(again).toEqual(entry);
    expect(await kept()).toEqual(await actual());
  });

  it("gives every entry its journal's created_at, whatever the writer gives (decision 072)", async () => {
    const [account] = await t.db.select({ id: glAccounts.id }).from(glAccounts).limit(1);
    const journalAt = new Date('2026-11-20T23:59:59.123Z');
    const [journal] = await t.db
      .insert(journals)
      .values({ eventType: 'MANUAL', description: 'Posted late', createdAt: journalAt })
      .returning({ id: journals.id });
    if (!journal || !account) throw new Error('fixture missing');
    await t.db.insert(journalEntries).values([
      { journalId: journal.id, glAccountId: account.id, entryType: 'DEBIT', amount: '3', createdAt: NOW },
      { journalId: journal.id, glAccountId: account.id, entryType: 'CREDIT', amount: '3' },
    ]);
    const entries = await t.db
      .select({ createdAt: journalEntries.createdAt, entryDate: journalEntries.entryDate })
      .from(journalEntries)
      .where(eq(journalEntries.journalId, journal.id));
    // The entry date left out follows the journal's time too (its UTC day, not NOW's).
    expect(entries).toEqual([
      { createdAt: journalAt, entryDate: '2026-11-20' },
      { createdAt: journalAt, entryDate: '2026-11-20' },
    ]);
    expect(await kept()).toEqual(await actual());
  });

  it('keeps a posted transaction in its currency', async () => {
    const [posted] = await t.db
      .select({ id: transactions.id, currencyId: transactions.currencyId })
      .from(transactions)
      .innerJoin(journals, eq(journals.transactionId, transactions.id))
      .limit(1);
    const other = seeded.catalog.currencies.find((c) => c.id !== posted?.currencyId);
    if (!posted || !other) throw new Error('fixture missing');
    const change = t.db
      .update(transactions)
      .set({ currencyId: other.id })
      .where(eq(transactions.id, posted.id));
    expect(await refusal(change)).toMatch(/has postings: its currency cannot change/);
    const [after] = await t.db.select().from(transactions).where(eq(transactions.id, posted.id));
    expect(after?.currencyId).toBe(posted.currencyId);
  });

  it('is cleared with the entries by TRUNCATE', async () => {
    await withSeededScratch(kind, { merchants: 2, transactions: 30, now: NOW }, async (scratch) => {
      await scratch.db.execute(sql`TRUNCATE journal_entries`);
      expect(await queryRows(scratch.db, sql`select * from journal_entry_sums`)).toEqual([]);
    });
  });
});
