/**
 * One whole journal as the journal detail view shows it (issue 23): its lines, what caused it, who
 * posted it, and its reversal links both ways. A journal never stores who reversed it (the ledger
 * is append-only): the link back is the reversal's `reverses_journal_id`, unique.
 */
import type { JournalDetail } from '@contract/books';
import { lineTotals } from '@contract/books';
import { normalize } from '@contract/decimal';
import { asc, eq, sql } from 'drizzle-orm';
import { recordedActor } from '../../auth/actor';
import type { Executor } from '../connect';
import { currencies, glAccounts, journalEntries, journals, transactions } from '../schema';

function iso(at: Date | string): string {
  return (at instanceof Date ? at : new Date(at)).toISOString();
}

interface LinkRow {
  id: string;
  entryDate: string | null;
  reversalReason: string | null;
  postedById: string | null;
  postedByName: string | null;
  createdAt: Date;
}

function link(row: LinkRow | undefined, reason: string | null) {
  if (!row) return null;
  return {
    id: row.id,
    entry_date: row.entryDate ?? iso(row.createdAt).slice(0, 10),
    reason,
    posted_by: recordedActor(row.postedById, row.postedByName),
    created_at: iso(row.createdAt),
  };
}

const LINK_COLUMNS = {
  id: journals.id,
  entryDate: journals.entryDate,
  reversalReason: journals.reversalReason,
  postedById: journals.postedById,
  postedByName: journals.postedByName,
  createdAt: journals.createdAt,
};

export async function findJournal(db: Executor, id: string): Promise<JournalDetail | null> {
  const [row] = await db
    .select({
      journal: journals,
      txnRef: transactions.txnRef,
      currency: {
        id: currencies.id,
        name_code: currencies.nameCode,
        decimal_places: currencies.decimalPlaces,
      },
    })
    .from(journals)
    .leftJoin(transactions, eq(transactions.id, journals.transactionId))
    .leftJoin(
      currencies,
      sql`${currencies.id} = coalesce(${journals.currencyId}, ${transactions.currencyId})`,
    )
    .where(eq(journals.id, id));
  if (!row) return null;
  const j = row.journal;
  const lines = await db
    .select({
      id: journalEntries.id,
      entry_type: journalEntries.entryType,
      amount: journalEntries.amount,
      gl_account: { id: glAccounts.id, name: glAccounts.name, type: glAccounts.type },
    })
    .from(journalEntries)
    .innerJoin(glAccounts, eq(glAccounts.id, journalEntries.glAccountId))
    .where(eq(journalEntries.journalId, id))
    // Debits first, as the ledger builds them.
    .orderBy(sql`${journalEntries.entryType} = 'CREDIT'`, asc(journalEntries.id));
  const [reverses] = j.reversesJournalId
    ? await db.select(LINK_COLUMNS).from(journals).where(eq(journals.id, j.reversesJournalId))
    : [];
  const [reversedBy] = await db.select(LINK_COLUMNS).from(journals).where(eq(journals.reversesJournalId, id));
  const normalized = lines.map((l) => ({ ...l, amount: normalize(l.amount) }));
  const totals = lineTotals(normalized);
  return {
    id: j.id,
    event_type: j.eventType,
    description: j.description,
    reference: j.reference,
    entry_date: j.entryDate ?? iso(j.createdAt).slice(0, 10),
    currency: row.currency?.id ? row.currency : null,
    transaction: j.transactionId && row.txnRef ? { id: j.transactionId, txn_ref: row.txnRef } : null,
    posted_by: recordedActor(j.postedById, j.postedByName),
    created_at: iso(j.createdAt),
    lines: normalized,
    debit_total: totals.debit,
    credit_total: totals.credit,
    reverses: link(reverses, j.reversalReason),
    reversal_reason: j.reversalReason,
    reversed_by: link(reversedBy, reversedBy?.reversalReason ?? null),
  };
}
