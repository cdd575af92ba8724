/**
 * Reading the ledger's inputs from the database and writing its journals: the account mappings
 * buildJournal resolves through, the stored lines of a payout request, and one journal with its
 * entries plus the gateway balance change. Callers run these inside one database transaction, so
 * a journal, its entries, the balance change and the status change commit or roll back together.
 */

import { compare } from '@contract/decimal';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor';
import type { Journal, MappingRow, PostedLine } from '../domain/ledger';
import { countLedgerPosting } from '../observability/metrics';
import type { Executor } from './connect';
import { accountMappings, gatewayAccounts, journalEntries, journals } from './schema';

/** Every account mapping, as the ledger reads them (the table is small: one row per role and rail). */
export async function loadMappings(db: Executor): Promise<MappingRow[]> {
  const rows = await db.select().from(accountMappings);
  return rows.map((m) => ({
    id: m.id,
    financial_account_type: m.financialAccountType,
    payment_method_id: m.paymentMethodId,
    gl_account_id: m.glAccountId,
    charge_id: m.chargeId,
    created_at: m.createdAt,
  }));
}

/**
 * The lines of the transaction's PAYOUT_REQUESTED journal (the newest, should there be several),
 * or undefined when the request was never posted (then the decision looks the accounts up again).
 */
export async function loadRequestLines(
  db: Executor,
  transactionId: string,
): Promise<PostedLine[] | undefined> {
  const [request] = await db
    .select({ id: journals.id })
    .from(journals)
    .where(and(eq(journals.transactionId, transactionId), eq(journals.eventType, 'PAYOUT_REQUESTED')))
    .orderBy(desc(journals.createdAt), desc(journals.id))
    .limit(1);
  if (!request) return undefined;
  const lines = await db
    .select({
      gl_account_id: journalEntries.glAccountId,
      entry_type: journalEntries.entryType,
      amount: journalEntries.amount,
    })
    .from(journalEntries)
    .where(eq(journalEntries.journalId, request.id));
  return lines;
}

/** Writes a balanced journal (from buildJournal) and its entries; returns the journal id. */
export async function postJournal(
  db: Executor,
  journal: Journal,
  options: {
    transactionId: string | null;
    now: Date;
    /** Whose action this is (their token's subject and name); absent for the system's own postings. */
    postedBy?: Actor | undefined;
  },
): Promise<string> {
  const [row] = await db
    .insert(journals)
    .values({
      transactionId: options.transactionId,
      eventType: journal.event_type,
      description: journal.description,
      postedById: options.postedBy?.id ?? null,
      postedByName: options.postedBy?.name ?? null,
      createdAt: options.now,
    })
    .returning({ id: journals.id });
  if (!row) throw new Error('journal insert returned no row');
  await db.insert(journalEntries).values(
    journal.lines.map((line) => ({
      journalId: row.id,
      glAccountId: line.gl_account_id,
      entryType: line.entry_type,
      amount: line.amount,
      createdAt: options.now,
    })),
  );
  countLedgerPosting(journal.event_type);
  return row.id;
}

/**
 * Adds a signed delta (gatewayBalanceDelta) to a gateway account's total_balance in SQL numeric,
 * relative to the stored value, so concurrent events on one account never lose an update.
 *
 * A gateway pays out only money it holds: a negative delta applies only while the balance covers
 * it, in the same statement (PostgreSQL re-reads the row after a concurrent writer commits, so two
 * payouts racing for the last funds cannot both pass). Returns false when it refused, true when the
 * balance moved or there was nothing to move.
 */
export async function moveGatewayBalance(
  db: Executor,
  gatewayAccountId: string | null,
  delta: string,
  now: Date,
): Promise<boolean> {
  const direction = compare(delta, '0');
  if (gatewayAccountId === null || direction === 0) return true;
  const moved = await db
    .update(gatewayAccounts)
    .set({ totalBalance: sql`${gatewayAccounts.totalBalance} + ${delta}::numeric`, updatedAt: now })
    .where(
      and(
        eq(gatewayAccounts.id, gatewayAccountId),
        direction < 0 ? sql`${gatewayAccounts.totalBalance} + ${delta}::numeric >= 0` : undefined,
      ),
    )
    .returning({ id: gatewayAccounts.id });
  return moved.length > 0;
}
