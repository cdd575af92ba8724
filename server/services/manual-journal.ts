/**
 * Manual journals and reversals (issue 23; docs/ledger.md "Manual journals", "Reversals").
 *
 * Each is one function `(db, input, actor)` doing its work in one database transaction (a
 * savepoint when the caller already holds one), so the four-eyes approvals can run the same
 * function when a request is approved. The journal, its entries, the sums the trigger appends and
 * the audit record commit together or not at all. Refusals are ApiError: 400 naming the field,
 * 404, or 409 (closed period, already reversed).
 */
import {
  BOOKS_MESSAGES,
  linesProblem,
  type ManualJournalInput,
  type ReversalInput,
  utcDay,
} from '@contract/books';
import { fractionDigits } from '@contract/decimal';
import { API_ERRORS } from '@contract/messages';
import { eq, inArray } from 'drizzle-orm';
import { type Database, type Executor, SQLSTATE, sqlState } from '../db/connect';
import { assertPeriodOpen, postJournal } from '../db/ledger-store';
import { currencies, glAccounts, journalEntries, journals, transactions } from '../db/schema';
import { reverseLines } from '../domain/ledger';
import { ApiError } from '../http/envelope';
import { type Gated, manualJournalRequest, type RequestContext, throughGate } from './approval-gates';
import { type AuditActor, auditActor, recordAudit } from './audit-log';

/** When and from where; defaults to this process's clock and no address. */
export interface ServiceContext {
  now?: Date;
  address?: string | null;
}

export const MANUAL_JOURNAL_EVENT = 'MANUAL_JOURNAL';
export const REVERSAL_EVENT = 'REVERSAL';

/**
 * A manual journal as staff ask for it (decision 045): with the manual-journal rule on it becomes a
 * pending request (decision 039); otherwise createManualJournal, at once (`done`: the journal's id).
 */
export function submitManualJournal(
  db: Database,
  input: ManualJournalInput,
  context: RequestContext,
): Promise<Gated<string>> {
  return throughGate(
    () => manualJournalRequest(db, input, context),
    () =>
      createManualJournal(db, input, auditActor(context.claims), {
        now: context.now,
        address: context.address,
      }),
  );
}

/**
 * Past the gate: only submitManualJournal and an approved request's carry-out call it. Posts a
 * manual journal. Refused when the lines do not balance (the input schema checks it, and
 * this checks again for callers that skip the schema), when a GL account does not exist, does not
 * allow manual entries or is inactive, when an amount has more decimals than the currency, or when
 * the date falls in a closed period (409). Returns the new journal's id.
 */
export async function createManualJournal(
  db: Executor,
  input: ManualJournalInput,
  actor: AuditActor,
  context: ServiceContext = {},
): Promise<string> {
  const now = context.now ?? new Date();
  const problem = linesProblem(input.lines);
  if (problem) throw new ApiError(400, `lines: ${problem}`);
  return db.transaction(async (tx) => {
    const [currency] = await tx
      .select({ id: currencies.id, code: currencies.nameCode, places: currencies.decimalPlaces })
      .from(currencies)
      .where(eq(currencies.id, input.currency_id));
    if (!currency) throw new ApiError(400, `currency_id: ${BOOKS_MESSAGES.currencyNotFound}`);

    const ids = [...new Set(input.lines.map((l) => l.gl_account_id))];
    const accounts = await tx
      .select({
        id: glAccounts.id,
        name: glAccounts.name,
        manual: glAccounts.manualJournalEntriesAllowed,
        status: glAccounts.status,
      })
      .from(glAccounts)
      .where(inArray(glAccounts.id, ids));
    const byId = new Map(accounts.map((a) => [a.id, a]));
    input.lines.forEach((line, at) => {
      const account = byId.get(line.gl_account_id);
      const field = `lines.${at}`;
      if (!account) throw new ApiError(400, `${field}.gl_account_id: ${BOOKS_MESSAGES.accountNotFound}`);
      if (!account.manual) {
        throw new ApiError(400, `${field}.gl_account_id: ${BOOKS_MESSAGES.accountNotManual(account.name)}`);
      }
      if (account.status !== 'ACTIVE') {
        throw new ApiError(400, `${field}.gl_account_id: ${BOOKS_MESSAGES.accountInactive(account.name)}`);
      }
      if (fractionDigits(line.amount) > currency.places) {
        throw new ApiError(
          400,
          `${field}.amount: ${BOOKS_MESSAGES.amountPlaces(currency.code, currency.places)}`,
        );
      }
    });

    await assertPeriodOpen(tx, input.entry_date);
    const id = await postJournal(
      tx,
      {
        event_type: MANUAL_JOURNAL_EVENT,
        description: input.narration,
        // Debits first, as every journal lists them.
        lines: [...input.lines]
          .sort((a, b) => (a.entry_type === b.entry_type ? 0 : a.entry_type === 'DEBIT' ? -1 : 1))
          .map((l) => ({ gl_account_id: l.gl_account_id, entry_type: l.entry_type, amount: l.amount })),
      },
      {
        transactionId: null,
        now,
        postedBy: { id: actor.id, name: actor.name },
        entryDate: input.entry_date,
        currencyId: currency.id,
        reference: input.reference,
      },
    );
    await recordAudit(tx, {
      actor,
      action: 'journal.create',
      resource: { type: 'journal', id },
      after: { ...input, currency: currency.code },
      address: context.address ?? null,
      at: now,
    });
    return id;
  });
}

/**
 * Reverses a journal: a mirror journal (the same accounts and amounts, sides swapped) linked to it,
 * dated `entry_date` or today. A journal is reversed at most once: of two reversals at once the
 * second waits on the unique index journals_reverses_journal_idx and is refused with 409 when the
 * first commits. A reversal is not itself reversed (post a new journal). Reversing corrects the
 * books only: a transaction's status and a gateway balance are not changed (docs/ledger.md).
 */
export async function reverseJournal(
  db: Executor,
  input: ReversalInput & { journal_id: string },
  actor: AuditActor,
  context: ServiceContext = {},
): Promise<string> {
  const now = context.now ?? new Date();
  const entryDate = input.entry_date ?? utcDay(now);
  try {
    return await db.transaction(async (tx) => {
      const [original] = await tx
        .select({
          id: journals.id,
          eventType: journals.eventType,
          description: journals.description,
          reversesJournalId: journals.reversesJournalId,
          currencyId: journals.currencyId,
          transactionCurrencyId: transactions.currencyId,
        })
        .from(journals)
        .leftJoin(transactions, eq(transactions.id, journals.transactionId))
        .where(eq(journals.id, input.journal_id));
      if (!original) throw new ApiError(404, API_ERRORS.notFound('Journal'));
      if (original.reversesJournalId) throw new ApiError(409, BOOKS_MESSAGES.reversalOfReversal);
      const [already] = await tx
        .select({ id: journals.id })
        .from(journals)
        .where(eq(journals.reversesJournalId, original.id));
      if (already) throw new ApiError(409, BOOKS_MESSAGES.alreadyReversed);

      const lines = await tx
        .select({
          gl_account_id: journalEntries.glAccountId,
          entry_type: journalEntries.entryType,
          amount: journalEntries.amount,
        })
        .from(journalEntries)
        .where(eq(journalEntries.journalId, original.id));
      await assertPeriodOpen(tx, entryDate);
      const mirrored = reverseLines(lines);
      const id = await postJournal(
        tx,
        {
          event_type: REVERSAL_EVENT,
          description: `Reversal of ${original.description ?? original.eventType}: ${input.reason}`,
          lines: mirrored,
        },
        {
          transactionId: null,
          now,
          postedBy: { id: actor.id, name: actor.name },
          entryDate,
          currencyId: original.currencyId ?? original.transactionCurrencyId,
          reverses: { journalId: original.id, reason: input.reason },
        },
      );
      await recordAudit(tx, {
        actor,
        action: 'journal.reverse',
        resource: { type: 'journal', id: original.id },
        after: { reversal_id: id, reason: input.reason, entry_date: entryDate },
        address: context.address ?? null,
        at: now,
      });
      return id;
    });
  } catch (error) {
    if (sqlState(error) === SQLSTATE.uniqueViolation) throw new ApiError(409, BOOKS_MESSAGES.alreadyReversed);
    throw error;
  }
}
