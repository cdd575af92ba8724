/**
 * Fixtures for the general-ledger route tests: a signed-in user holding no permission, and journals
 * written straight into the tables (posting is server/domain's job, not these routers').
 */
import { journalEntries, journals, transactions } from '../db/schema';
import { type TestApi, tokenWithPermissions } from './api';

/** A valid token whose `resource_access` holds nothing: every permission check answers 403. */
export async function noPermissionToken(api: TestApi): Promise<string> {
  return tokenWithPermissions(
    api,
    { id: '00000000-0000-4000-8000-0000000000ff', name: 'No Body', handle: 'nobody' },
    [],
  );
}

export interface JournalFixture {
  description?: string | null;
  /** Ties the journal to a new transaction with this txn_ref. */
  txnRef?: string;
  /** The transaction's currency (a name code); default the catalog's first. */
  currency?: string;
  createdAt?: Date;
  entries: { glAccountId: string; entryType: 'DEBIT' | 'CREDIT'; amount: string; createdAt?: Date }[];
}

/** Inserts one journal and its entries; returns the entry ids in the order given. */
export async function insertJournal(api: TestApi, fixture: JournalFixture): Promise<string[]> {
  const db = api.database.db;
  const createdAt = fixture.createdAt ?? api.clock();
  let transactionId: string | null = null;
  if (fixture.txnRef) {
    const currency = fixture.currency
      ? api.catalog.currencies.find((c) => c.nameCode === fixture.currency)
      : api.catalog.currencies[0];
    const currencyId = currency?.id;
    if (!currencyId) throw new Error(`no seeded currency ${fixture.currency ?? ''}`);
    const [row] = await db
      .insert(transactions)
      .values({
        txnRef: fixture.txnRef,
        transactionDate: createdAt,
        amount: '100',
        type: 'PAYMENT',
        status: 'SUCCESS',
        currencyId,
      })
      .returning({ id: transactions.id });
    transactionId = row?.id ?? null;
  }
  const [journal] = await db
    .insert(journals)
    .values({
      transactionId,
      eventType: transactionId ? 'PAYMENT_RECEIVED' : 'MANUAL',
      description: fixture.description ?? null,
      createdAt,
    })
    .returning({ id: journals.id });
  if (!journal) throw new Error('journal insert failed');
  const rows = await db
    .insert(journalEntries)
    .values(
      fixture.entries.map((entry) => ({
        journalId: journal.id,
        glAccountId: entry.glAccountId,
        entryType: entry.entryType,
        amount: entry.amount,
        createdAt: entry.createdAt ?? createdAt,
      })),
    )
    .returning({ id: journalEntries.id });
  return rows.map((row) => row.id);
}
