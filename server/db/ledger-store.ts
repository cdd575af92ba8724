/**
 * Reading the ledger's inputs from the database and writing its journals: the account mappings
 * buildJournal resolves through, the stored lines of a payout request, and one journal with its
 * entries plus the gateway balance change. Callers run these inside one database transaction, so
 * a journal, its entries, the balance change and the status change commit or roll back together.
 */

import { BOOKS_MESSAGES, monthOf, utcDay } from '@contract/books';
import { compare } from '@contract/decimal';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor';
import type { MappingRow, PostedLine } from '../domain/ledger';
import { ApiError } from '../http/envelope';
import { countLedgerPosting } from '../observability/metrics';
import type { Executor } from './connect';
import { runTogether } from './event-transaction';
import { namedStatement } from './named-statements';
import { accountingPeriods, accountMappings, gatewayAccounts, journalEntries, journals } from './schema';

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

/**
 * What postJournal writes: a money event's journal (buildJournal) or a manual journal or reversal
 * (event type MANUAL_JOURNAL, REVERSAL). The caller has checked that it balances.
 */
export interface PostableJournal {
  event_type: string;
  description: string;
  lines: readonly PostedLine[];
}

/**
 * Writes a balanced journal (from buildJournal, or a manual journal) and its entries; returns the
 * journal id.
 *
 * Closed periods (docs/ledger.md): a journal dated in a closed month is refused here, or in
 * postJournalMovingGateway, for every caller (payouts, payments, refunds, disputes, manual
 * journals): ApiError 409 naming the period, thrown inside the caller's transaction so everything
 * it wrote rolls back. The check runs after
 * the journal row is inserted on purpose: the insert holds journals' ROW EXCLUSIVE lock, which a
 * closing (LOCK journals IN SHARE MODE, server/services/accounting-period.ts) waits for, so either
 * the closing commits first and this check sees it, or this posting commits before the closing
 * can take its lock.
 */
export async function postJournal(
  db: Executor,
  journal: PostableJournal,
  options: PostJournalOptions,
): Promise<string> {
  const { journalId, entryDate } = await insertJournal(db, journal, options);
  // After the journal row's insert, in a statement of its own (a new snapshot): decision 038.
  await assertPeriodOpen(db, entryDate);
  countLedgerPosting(journal.event_type);
  return journalId;
}

export interface PostJournalOptions {
  transactionId: string | null;
  now: Date;
  /** Whose action this is (their token's subject and name); absent for the system's own postings. */
  postedBy?: Actor | undefined;
  /** The accounting date (YYYY-MM-DD); today's UTC date when absent. */
  entryDate?: string | undefined;
  /** The journal's currency when it has no transaction (a manual journal). */
  currencyId?: string | null | undefined;
  reference?: string | null | undefined;
  /** The journal this one reverses, and why (server/services/manual-journal.ts). */
  reverses?: { journalId: string; reason: string } | undefined;
}

/**
 * The journal and its entries in one statement (decision 047: a round trip fewer per event); the
 * entries' AFTER triggers (daily sums) and foreign key run at its end, when both rows exist.
 */
export const insertJournalStatement = namedStatement<
  [
    transactionId: string | null,
    eventType: string,
    description: string,
    postedById: string | null,
    postedByName: string | null,
    now: string,
    entryDate: string,
    currencyId: string | null,
    reference: string | null,
    reversesJournalId: string | null,
    reversalReason: string | null,
    /** JSON: [[gl_account_id, entry_type, amount], …] */
    lines: string,
  ],
  { id: string }
>(
  'ledger_insert_journal',
  `with journal as (
     insert into journals (transaction_id, event_type, description, posted_by_id, posted_by_name,
       created_at, entry_date, currency_id, reference, reverses_journal_id, reversal_reason)
     values ($1::uuid, $2, $3, $4::uuid, $5, $6::timestamptz, $7::date, $8::uuid, $9, $10::uuid, $11)
     returning id
   ), entries as (
     insert into journal_entries (journal_id, gl_account_id, entry_type, amount, created_at, entry_date)
     select journal.id, (line->>0)::uuid, line->>1, (line->>2)::numeric, $6::timestamptz, $7::date
     from journal, json_array_elements($12::json) as line
   )
   select id from journal`,
);

/** The journal row and its entries, without the closed-period check: callers run it next. */
async function insertJournal(
  db: Executor,
  journal: PostableJournal,
  options: PostJournalOptions,
): Promise<{ journalId: string; entryDate: string }> {
  const entryDate = options.entryDate ?? utcDay(options.now);
  return {
    journalId: journalIdOf(await insertJournalStatement.run(db, journalParams(journal, options, entryDate))),
    entryDate,
  };
}

function journalParams(
  journal: PostableJournal,
  options: PostJournalOptions,
  entryDate: string,
): Parameters<typeof insertJournalStatement.run>[1] {
  const lines = JSON.stringify(journal.lines.map((l) => [l.gl_account_id, l.entry_type, l.amount]));
  return [
    options.transactionId,
    journal.event_type,
    journal.description,
    options.postedBy?.id ?? null,
    options.postedBy?.name ?? null,
    options.now.toISOString(),
    entryDate,
    options.currencyId ?? null,
    options.reference ?? null,
    options.reverses?.journalId ?? null,
    options.reverses?.reason ?? null,
    lines,
  ];
}

function journalIdOf(rows: readonly { id: string }[]): string {
  const [row] = rows;
  if (!row) throw new Error('journal insert returned no row');
  return row.id;
}

/**
 * After the journal's insert, one statement moves the gateway balance and reads whether the
 * journal's month is closed: the period check in a statement after the insert, as decision 038
 * needs, and the gateway account's row locked only from here to commit (decision 051). A move out
 * applies only while the balance covers it (see moveGatewayBalance).
 */
export const moveGatewayAndCheckPeriod = namedStatement<
  [gatewayAccountId: string | null, delta: string, now: string, coverNeeded: boolean, month: string],
  { moved: number; closed: string | null }
>(
  'ledger_gateway_and_period',
  `with moved as (
     update gateway_accounts set total_balance = total_balance + $2::numeric, updated_at = $3::timestamptz
     where id = $1::uuid and (not $4::boolean or total_balance + $2::numeric >= 0)
     returning id
   )
   select (select count(*) from moved)::int as moved,
     (select month::text from accounting_periods where month = $5::date and status = 'CLOSED') as closed`,
);

/**
 * A money event's journal with its gateway balance move (postMoneyEvent): the journal and its
 * entries, then the move and the closed-period check in one statement. Returns undefined when the
 * gateway cannot cover a move out of it (the caller refuses, and its transaction rolls back with the
 * journal); ApiError 409 naming the period when it is closed.
 */
export async function postJournalMovingGateway(
  db: Executor,
  journal: PostableJournal,
  options: PostJournalOptions & { gatewayAccountId: string | null; delta: string },
): Promise<string | undefined> {
  const entryDate = options.entryDate ?? utcDay(options.now);
  const direction = compare(options.delta, '0');
  const moves = options.gatewayAccountId !== null && direction !== 0;
  // Two statements, the move after the insert (decision 038's order); inside an event's transaction
  // they leave in one write and share a round trip (decision 059).
  const [inserted, [checked]] = await runTogether(db, [
    () => insertJournalStatement.run(db, journalParams(journal, options, entryDate)),
    () =>
      moveGatewayAndCheckPeriod.run(db, [
        moves ? options.gatewayAccountId : null,
        options.delta,
        options.now.toISOString(),
        direction < 0,
        `${monthOf(entryDate)}-01`,
      ]),
  ] as const);
  const journalId = journalIdOf(inserted);
  if (moves && Number(checked?.moved ?? 0) === 0) return undefined;
  if (checked?.closed)
    throw new ApiError(409, BOOKS_MESSAGES.periodClosed(monthOf(checked.closed), entryDate));
  countLedgerPosting(journal.event_type);
  return journalId;
}

/** The closed month a date falls in, or null when its month is open. */
export async function closedMonthOf(db: Executor, date: string): Promise<string | null> {
  const month = `${monthOf(date)}-01`;
  const [closed] = await db
    .select({ month: accountingPeriods.month })
    .from(accountingPeriods)
    .where(and(eq(accountingPeriods.month, month), eq(accountingPeriods.status, 'CLOSED')));
  return closed ? monthOf(closed.month) : null;
}

/** Throws ApiError 409 naming the period when `date` falls in a closed month. */
export async function assertPeriodOpen(db: Executor, date: string): Promise<void> {
  const closed = await closedMonthOf(db, date);
  if (closed) throw new ApiError(409, BOOKS_MESSAGES.periodClosed(closed, date));
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
