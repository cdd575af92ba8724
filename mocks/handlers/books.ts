/**
 * The books (issue 23) in memory, like server/routes/books.ts: manual journals and reversals join
 * the journal entries, closed months refuse postings, and the reports add up the entries with the
 * server's own arithmetic (contract/book-reports.ts).
 */
import {
  buildBalanceSheet,
  buildIncomeStatement,
  buildTrialBalance,
  type Lookup,
  type SumRow,
} from '@contract/book-reports';
import {
  type AccountingPeriod,
  BOOKS_MESSAGES,
  type JournalDetail,
  linesProblem,
  lineTotals,
  monthOf,
  type StatementLine,
  utcDay,
} from '@contract/books';
import { add, fractionDigits, sub, sum, toFixed } from '@contract/decimal';
import type { JournalEntry } from '@contract/journal-entry';
import { API_ERRORS } from '@contract/messages';
import { bookOperations } from '@contract/operations/books';
import { db } from '../db';
import { actorOf, failure } from '../http';
import { mock } from '../operation';

const today = () => utcDay(new Date());

function lookup(): Lookup {
  return {
    accounts: new Map(db.glAccounts.map((a) => [a.id, { id: a.id, name: a.name, type: a.type }])),
    currencies: new Map(
      db.currencies.map((c) => [
        c.id,
        { id: c.id, name_code: c.name_code, decimal_places: c.decimal_places },
      ]),
    ),
  };
}

function entryDate(entry: JournalEntry): string {
  return db.bookJournals.find((j) => j.id === entry.journal_id)?.entry_date ?? entry.created_at.slice(0, 10);
}

function currencyIdOf(entry: JournalEntry): string | null {
  return db.currencies.find((c) => c.name_code === entry.currency?.name_code)?.id ?? null;
}

function sumsBetween(from: string | null, to: string): SumRow[] {
  const rows = new Map<string, SumRow>();
  for (const e of db.journalEntries) {
    const day = entryDate(e);
    if (day > to || (from !== null && day < from)) continue;
    const currency = currencyIdOf(e);
    const key = `${currency}|${e.gl_account.id}`;
    const row = rows.get(key) ?? {
      currency_id: currency,
      gl_account_id: e.gl_account.id,
      debit: '0',
      credit: '0',
    };
    if (e.entry_type === 'DEBIT') row.debit = add(row.debit, e.amount);
    else row.credit = add(row.credit, e.amount);
    rows.set(key, row);
  }
  return [...rows.values()];
}

function closedMonth(date: string): string | null {
  const month = monthOf(date);
  return db.accountingPeriods.some((p) => p.month === month && p.status === 'CLOSED') ? month : null;
}

function period(query: { from?: string | undefined; to?: string | undefined }) {
  const to = query.to ?? today();
  const from = query.from ?? `${to.slice(0, 7)}-01`;
  return from > to ? null : { from, to };
}

/** A journal of the seeded entries (not posted through the mock API), read from its entries. */
function derivedJournal(id: string): JournalDetail | null {
  const entries = db.journalEntries.filter((e) => e.journal_id === id);
  const first = entries[0];
  if (!first) return null;
  const currency = db.currencies.find((c) => c.name_code === first.currency?.name_code);
  const lines = entries.map((e) => ({
    id: e.id,
    gl_account: e.gl_account,
    entry_type: e.entry_type,
    amount: e.amount,
  }));
  const totals = lineTotals(lines);
  const reversedBy = db.bookJournals.find((j) => j.reverses?.id === id);
  return {
    id,
    event_type: (first.description ?? 'POSTING').split(' ')[0] ?? 'POSTING',
    description: first.description,
    reference: null,
    entry_date: first.created_at.slice(0, 10),
    currency: currency
      ? { id: currency.id, name_code: currency.name_code, decimal_places: currency.decimal_places }
      : null,
    transaction: null,
    posted_by: first.posted_by,
    created_at: first.created_at,
    lines,
    debit_total: totals.debit,
    credit_total: totals.credit,
    reverses: null,
    reversal_reason: null,
    reversed_by: reversedBy
      ? {
          id: reversedBy.id,
          entry_date: reversedBy.entry_date,
          reason: reversedBy.reversal_reason,
          posted_by: reversedBy.posted_by,
          created_at: reversedBy.created_at,
        }
      : null,
  };
}

function journalOf(id: string): JournalDetail | null {
  const kept = db.bookJournals.find((j) => j.id === id);
  if (!kept) return derivedJournal(id);
  const reversedBy = db.bookJournals.find((j) => j.reverses?.id === id);
  return {
    ...kept,
    reversed_by: reversedBy
      ? {
          id: reversedBy.id,
          entry_date: reversedBy.entry_date,
          reason: reversedBy.reversal_reason,
          posted_by: reversedBy.posted_by,
          created_at: reversedBy.created_at,
        }
      : null,
  };
}

/** Adds a journal to the store and its lines to the journal entries (newest first, as posted). */
function keep(journal: JournalDetail) {
  db.bookJournals.push(journal);
  const code = journal.currency?.name_code;
  db.journalEntries.push(
    ...journal.lines.map((l) => ({
      id: l.id,
      journal_id: journal.id,
      entry_type: l.entry_type,
      amount: toFixed(l.amount, 6),
      currency: code ? { name_code: code } : null,
      gl_account: l.gl_account,
      description: journal.description,
      transaction_reference: null,
      posted_by: journal.posted_by,
      created_at: journal.created_at,
    })),
  );
}

export const bookHandlers = [
  mock(bookOperations.createJournal, ({ request, body }) => {
    const linesWrong = linesProblem(body.lines);
    if (linesWrong) return failure(400, `lines: ${linesWrong}`);
    const currency = db.currencies.find((c) => c.id === body.currency_id);
    if (!currency) return failure(400, `currency_id: ${BOOKS_MESSAGES.currencyNotFound}`);
    for (const [at, line] of body.lines.entries()) {
      const account = db.glAccounts.find((a) => a.id === line.gl_account_id);
      const field = `lines.${at}`;
      if (!account) return failure(400, `${field}.gl_account_id: ${BOOKS_MESSAGES.accountNotFound}`);
      if (!account.manual_journal_entries_allowed) {
        return failure(400, `${field}.gl_account_id: ${BOOKS_MESSAGES.accountNotManual(account.name)}`);
      }
      if (account.status !== 'ACTIVE') {
        return failure(400, `${field}.gl_account_id: ${BOOKS_MESSAGES.accountInactive(account.name)}`);
      }
      if (fractionDigits(line.amount) > currency.decimal_places) {
        return failure(
          400,
          `${field}.amount: ${BOOKS_MESSAGES.amountPlaces(currency.name_code, currency.decimal_places)}`,
        );
      }
    }
    const closed = closedMonth(body.entry_date);
    if (closed) return failure(409, BOOKS_MESSAGES.periodClosed(closed, body.entry_date));
    const accounts = lookup().accounts;
    const lines = [...body.lines]
      .sort((a, b) => (a.entry_type === b.entry_type ? 0 : a.entry_type === 'DEBIT' ? -1 : 1))
      .map((l) => ({
        id: crypto.randomUUID(),
        gl_account: accounts.get(l.gl_account_id) ?? {
          id: l.gl_account_id,
          name: '',
          type: 'ASSET' as const,
        },
        entry_type: l.entry_type,
        amount: l.amount,
      }));
    const totals = lineTotals(lines);
    const journal: JournalDetail = {
      id: crypto.randomUUID(),
      event_type: 'MANUAL_JOURNAL',
      description: body.narration,
      reference: body.reference,
      entry_date: body.entry_date,
      currency: { id: currency.id, name_code: currency.name_code, decimal_places: currency.decimal_places },
      transaction: null,
      posted_by: actorOf(request),
      created_at: new Date().toISOString(),
      lines,
      debit_total: totals.debit,
      credit_total: totals.credit,
      reverses: null,
      reversal_reason: null,
      reversed_by: null,
    };
    keep(journal);
    return journal;
  }),

  mock(
    bookOperations.journal,
    ({ params }) => journalOf(params.id) ?? failure(404, API_ERRORS.notFound('Journal')),
  ),

  mock(bookOperations.reverseJournal, ({ request, params, body }) => {
    const original = journalOf(params.id);
    if (!original) return failure(404, API_ERRORS.notFound('Journal'));
    if (original.reverses) return failure(409, BOOKS_MESSAGES.reversalOfReversal);
    if (original.reversed_by) return failure(409, BOOKS_MESSAGES.alreadyReversed);
    const date = body.entry_date ?? today();
    const closed = closedMonth(date);
    if (closed) return failure(409, BOOKS_MESSAGES.periodClosed(closed, date));
    const now = new Date().toISOString();
    const postedBy = actorOf(request);
    const lines = original.lines
      .map((l) => ({
        ...l,
        id: crypto.randomUUID(),
        entry_type: l.entry_type === 'DEBIT' ? ('CREDIT' as const) : ('DEBIT' as const),
      }))
      .sort((a, b) => (a.entry_type === b.entry_type ? 0 : a.entry_type === 'DEBIT' ? -1 : 1));
    const reversal: JournalDetail = {
      id: crypto.randomUUID(),
      event_type: 'REVERSAL',
      description: `Reversal of ${original.description ?? original.event_type}: ${body.reason}`,
      reference: null,
      entry_date: date,
      currency: original.currency,
      transaction: null,
      posted_by: postedBy,
      created_at: now,
      lines,
      debit_total: original.credit_total,
      credit_total: original.debit_total,
      reverses: {
        id: original.id,
        entry_date: original.entry_date,
        reason: body.reason,
        posted_by: original.posted_by,
        created_at: original.created_at,
      },
      reversal_reason: body.reason,
      reversed_by: null,
    };
    keep(reversal);
    return reversal;
  }),

  mock(bookOperations.periods, () => ({ periods: db.accountingPeriods })),

  mock(bookOperations.closePeriod, ({ request, body }) => {
    const [y, m] = body.month.split('-').map(Number) as [number, number];
    if (utcDay(new Date(Date.UTC(y, m, 1))) > today())
      return failure(409, BOOKS_MESSAGES.periodNotEnded(body.month));
    const existing = db.accountingPeriods.find((p) => p.month === body.month);
    if (existing?.status === 'CLOSED') return failure(409, BOOKS_MESSAGES.periodAlreadyClosed(body.month));
    const closed: AccountingPeriod = {
      month: body.month,
      status: 'CLOSED',
      closed_at: new Date().toISOString(),
      closed_by: actorOf(request),
      reopened_at: existing?.reopened_at ?? null,
      reopened_by: existing?.reopened_by ?? null,
      reopen_reason: existing?.reopen_reason ?? null,
    };
    db.accountingPeriods = [closed, ...db.accountingPeriods.filter((p) => p.month !== body.month)].sort(
      (a, b) => b.month.localeCompare(a.month),
    );
    return closed;
  }),

  mock(bookOperations.reopenPeriod, ({ request, body }) => {
    const existing = db.accountingPeriods.find((p) => p.month === body.month);
    if (existing?.status !== 'CLOSED') return failure(409, BOOKS_MESSAGES.periodNotClosed(body.month));
    existing.status = 'OPEN';
    existing.reopened_at = new Date().toISOString();
    existing.reopened_by = actorOf(request);
    existing.reopen_reason = body.reason;
    return existing;
  }),

  mock(bookOperations.reportSubjects, () => {
    const look = lookup();
    return {
      gl_accounts: [...look.accounts.values()].sort((a, b) => a.name.localeCompare(b.name)),
      currencies: [...look.currencies.values()].sort((a, b) => a.name_code.localeCompare(b.name_code)),
    };
  }),

  mock(bookOperations.reportMerchants, ({ query }) => {
    const needle = query.search_term?.trim().toLowerCase() ?? '';
    const merchants = db.merchants
      .map((m) => ({ id: m.id, name: m.business_detail?.name ?? m.merchant_code }))
      .filter((m) => m.name.toLowerCase().includes(needle))
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, 20);
    return { merchants };
  }),

  mock(bookOperations.trialBalance, ({ query }) => {
    const asOf = query.as_of ?? today();
    return buildTrialBalance(asOf, sumsBetween(null, asOf), lookup());
  }),

  mock(bookOperations.balanceSheet, ({ query }) => {
    const asOf = query.as_of ?? today();
    return buildBalanceSheet(asOf, sumsBetween(null, asOf), lookup());
  }),

  mock(bookOperations.incomeStatement, ({ query }) => {
    const p = period(query);
    if (!p) return failure(400, 'from: must not be after to');
    return buildIncomeStatement(p.from, p.to, sumsBetween(p.from, p.to), lookup());
  }),

  mock(bookOperations.glAccountStatement, ({ query }) => {
    if (!query.gl_account_id) return failure(400, 'gl_account_id: Select a GL account');
    const p = period(query);
    if (!p) return failure(400, 'from: must not be after to');
    const look = lookup();
    const glAccount = look.accounts.get(query.gl_account_id);
    if (!glAccount) return failure(404, API_ERRORS.notFound('GL account'));
    const mine = db.journalEntries.filter((e) => e.gl_account.id === glAccount.id);
    const currencyId = query.currency_id ?? (mine[0] ? currencyIdOf(mine[0]) : null) ?? db.currencies[0]?.id;
    const currency = currencyId ? look.currencies.get(currencyId) : undefined;
    if (!currency) return failure(404, API_ERRORS.notFound('Currency'));
    const signed = (e: JournalEntry) => (e.entry_type === 'DEBIT' ? e.amount : `-${e.amount}`);
    const inCurrency = mine
      .filter((e) => currencyIdOf(e) === currency.id)
      .map((e) => ({ e, day: entryDate(e) }))
      .sort(
        (a, b) =>
          a.day.localeCompare(b.day) ||
          a.e.created_at.localeCompare(b.e.created_at) ||
          a.e.id.localeCompare(b.e.id),
      );
    const opening = sum(inCurrency.filter((x) => x.day < p.from).map((x) => signed(x.e)));
    const inPeriod = inCurrency.filter((x) => x.day >= p.from && x.day <= p.to);
    let balance = opening;
    const lines: StatementLine[] = inPeriod.map(({ e, day }) => {
      balance = e.entry_type === 'DEBIT' ? add(balance, e.amount) : sub(balance, e.amount);
      return {
        entry_id: e.id,
        journal_id: e.journal_id,
        entry_date: day,
        description: e.description,
        reference: e.transaction_reference,
        entry_type: e.entry_type,
        amount: e.amount,
        balance,
      };
    });
    const debit = sum(inPeriod.filter((x) => x.e.entry_type === 'DEBIT').map((x) => x.e.amount));
    const credit = sum(inPeriod.filter((x) => x.e.entry_type === 'CREDIT').map((x) => x.e.amount));
    const start = (query.page - 1) * query.limit;
    return {
      gl_account: glAccount,
      currency,
      from: p.from,
      to: p.to,
      opening_balance: opening,
      debit_total: debit,
      credit_total: credit,
      closing_balance: add(opening, sub(debit, credit)),
      lines: {
        contents: lines.slice(start, start + query.limit),
        total: lines.length,
        total_pages: Math.ceil(lines.length / query.limit),
      },
    };
  }),

  mock(bookOperations.merchantSettlement, ({ query }) => {
    if (!query.merchant_id) return failure(400, 'merchant_id: Select a merchant');
    const p = period(query);
    if (!p) return failure(400, 'from: must not be after to');
    const merchant = db.merchants.find((m) => m.id === query.merchant_id);
    if (!merchant) return failure(404, API_ERRORS.notFound('Merchant'));
    // The mocks keep no per-merchant money: every line is zero, in the first currency.
    const currency = db.currencies[0];
    const zero = { count: 0, amount: '0' };
    return {
      merchant: { id: merchant.id, name: merchant.business_detail?.name ?? merchant.merchant_code },
      from: p.from,
      to: p.to,
      refunds_recorded: false,
      chargebacks_recorded: false,
      currencies: currency
        ? [
            {
              currency: {
                id: currency.id,
                name_code: currency.name_code,
                decimal_places: currency.decimal_places,
              },
              opening_balance: '0',
              payments: zero,
              fees: '0',
              refunds: zero,
              chargebacks: zero,
              payouts: zero,
              closing_balance: '0',
            },
          ]
        : [],
    };
  }),
];
