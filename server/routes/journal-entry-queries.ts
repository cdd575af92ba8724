/**
 * The SQL behind the journal entry endpoints (read-only: posting is server/domain's job). An entry
 * is read with its journal, GL account and, for postings caused by a transaction, the transaction's
 * reference and currency. Totals are summed by PostgreSQL in numeric, never in JS floats.
 */
import type { EntryType, JournalEntry, JournalEntryTotals } from '@contract/journal-entry';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { currencies, glAccounts, journalEntries, journals, transactions } from '../db/schema';
import { containsPattern } from './merchant-queries';

export interface JournalEntryFilter {
  searchTerm?: string | undefined;
  entryType?: EntryType | undefined;
}

export interface JournalEntryListFilter extends JournalEntryFilter {
  page: number;
  limit: number;
}

function filterWhere(filter: JournalEntryFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.entryType) conditions.push(eq(journalEntries.entryType, filter.entryType));
  if (filter.searchTerm) {
    const pattern = containsPattern(filter.searchTerm);
    conditions.push(
      or(
        ilike(glAccounts.name, pattern),
        ilike(journals.description, pattern),
        ilike(transactions.txnRef, pattern),
      ),
    );
  }
  return and(...conditions);
}

/**
 * The joins every read needs (the search reaches into the GL account, journal and transaction).
 * Written out per selection: drizzle cannot type a join chain over a generic column set.
 */
function selectEntries(db: Database) {
  return db
    .select(entryColumns)
    .from(journalEntries)
    .innerJoin(journals, eq(journals.id, journalEntries.journalId))
    .innerJoin(glAccounts, eq(glAccounts.id, journalEntries.glAccountId))
    .leftJoin(transactions, eq(transactions.id, journals.transactionId))
    .leftJoin(currencies, eq(currencies.id, transactions.currencyId));
}

/** The joins the filter reads, for the count: as above, without the currency. */
function countEntries(db: Database) {
  return db
    .select({ total: count() })
    .from(journalEntries)
    .innerJoin(journals, eq(journals.id, journalEntries.journalId))
    .innerJoin(glAccounts, eq(glAccounts.id, journalEntries.glAccountId))
    .leftJoin(transactions, eq(transactions.id, journals.transactionId));
}

/** Summed by PostgreSQL in numeric; scale 6 like the column, also when nothing matches. */
function sumOf(type: EntryType) {
  return sql<string>`(coalesce(sum(${journalEntries.amount}) filter (where ${journalEntries.entryType} = ${type}), 0.000000))::text`;
}

const entryColumns = {
  id: journalEntries.id,
  journalId: journalEntries.journalId,
  entryType: journalEntries.entryType,
  amount: journalEntries.amount,
  createdAt: journalEntries.createdAt,
  glAccountId: glAccounts.id,
  glAccountName: glAccounts.name,
  glAccountType: glAccounts.type,
  description: journals.description,
  txnRef: transactions.txnRef,
  currencyCode: currencies.nameCode,
};

export async function listJournalEntries(
  db: Database,
  filter: JournalEntryListFilter,
): Promise<{ contents: JournalEntry[]; total: number }> {
  const where = filterWhere(filter);
  const [rows, totals] = await Promise.all([
    selectEntries(db)
      .where(where)
      // Newest first; id breaks ties (a journal's entries share created_at) so pages never overlap.
      .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    countEntries(db).where(where),
  ]);
  return { contents: rows.map(toJournalEntry), total: totals[0]?.total ?? 0 };
}

export async function findJournalEntry(db: Database, id: string): Promise<JournalEntry | undefined> {
  const rows = await selectEntries(db).where(eq(journalEntries.id, id));
  return rows[0] ? toJournalEntry(rows[0]) : undefined;
}

/**
 * Debit and credit sums over everything the filter matches, not one page, per currency: amounts of
 * different currencies are never added together. Manual postings (no transaction, so no currency)
 * make their own line, last. The balance is compared in numeric too, never in JS.
 */
export async function journalEntryTotals(
  db: Database,
  filter: JournalEntryFilter,
): Promise<JournalEntryTotals> {
  const side = (type: EntryType) =>
    sql`coalesce(sum(${journalEntries.amount}) filter (where ${journalEntries.entryType} = ${type}), 0)`;
  const rows = await db
    .select({
      code: currencies.nameCode,
      places: currencies.decimalPlaces,
      debit: sumOf('DEBIT'),
      credit: sumOf('CREDIT'),
      balanced: sql<boolean>`${side('DEBIT')} = ${side('CREDIT')}`,
    })
    .from(journalEntries)
    .innerJoin(journals, eq(journals.id, journalEntries.journalId))
    .innerJoin(glAccounts, eq(glAccounts.id, journalEntries.glAccountId))
    .leftJoin(transactions, eq(transactions.id, journals.transactionId))
    .leftJoin(currencies, eq(currencies.id, transactions.currencyId))
    .where(filterWhere(filter))
    .groupBy(currencies.nameCode, currencies.decimalPlaces)
    .orderBy(sql`${currencies.nameCode} asc nulls last`);
  return {
    currencies: rows.map((row) => ({
      currency:
        row.code === null || row.places === null ? null : { name_code: row.code, decimal_places: row.places },
      debit: row.debit,
      credit: row.credit,
      balanced: row.balanced,
    })),
  };
}

function toJournalEntry(row: {
  id: string;
  journalId: string;
  entryType: EntryType;
  amount: string;
  createdAt: Date;
  glAccountId: string;
  glAccountName: string;
  glAccountType: JournalEntry['gl_account']['type'];
  description: string | null;
  txnRef: string | null;
  currencyCode: string | null;
}): JournalEntry {
  return {
    id: row.id,
    journal_id: row.journalId,
    entry_type: row.entryType,
    amount: row.amount,
    currency: row.currencyCode === null ? null : { name_code: row.currencyCode },
    gl_account: { id: row.glAccountId, name: row.glAccountName, type: row.glAccountType },
    description: row.description,
    transaction_reference: row.txnRef,
    created_at: row.createdAt.toISOString(),
  };
}
