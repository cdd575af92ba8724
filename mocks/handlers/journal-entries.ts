import { DB_SCALE, sum, toFixed } from '@contract/decimal';
import type {
  JournalEntry,
  JournalEntryCurrencyTotals,
  JournalEntryListQuery,
} from '@contract/journal-entry';
import { API_ERRORS } from '@contract/messages';
import { journalEntryOperations } from '@contract/operations/journal-entries';
import { db } from '../db';
import { failure } from '../http';
import { mock } from '../operation';
import { newestFirst, pageOf } from '../paging';
import { sortRows } from '../sort';

/** Like the server: the search reaches the GL account's name, the journal's description and the transaction reference. */
function filtered(query: JournalEntryListQuery): JournalEntry[] {
  const needle = query.search_term?.toLowerCase();
  return db.journalEntries
    .filter((e) => !query.entry_type || e.entry_type === query.entry_type)
    .filter(
      (e) =>
        !needle ||
        [e.gl_account.name, e.description ?? '', e.transaction_reference ?? ''].some((s) =>
          s.toLowerCase().includes(needle),
        ),
    );
}

/** Exact sum of decimal strings, written with 6 places as PostgreSQL's numeric(24,6) sum is. */
function sumAmounts(amounts: readonly string[]): string {
  return toFixed(sum(amounts), DB_SCALE);
}

/** Like the server: one line per currency by name_code, manual postings (no currency) last. */
function totalsPerCurrency(entries: readonly JournalEntry[]): JournalEntryCurrencyTotals[] {
  const codes = [...new Set(entries.map((e) => e.currency?.name_code ?? null))].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : a.localeCompare(b),
  );
  return codes.map((code) => {
    const mine = entries.filter((e) => (e.currency?.name_code ?? null) === code);
    const of = (type: JournalEntry['entry_type']) =>
      sumAmounts(mine.filter((e) => e.entry_type === type).map((e) => e.amount));
    const debit = of('DEBIT');
    const credit = of('CREDIT');
    const places = db.currencies.find((c) => c.name_code === code)?.decimal_places ?? 2;
    return {
      currency: code === null ? null : { name_code: code, decimal_places: places },
      debit,
      credit,
      balanced: debit === credit,
    };
  });
}

/** `GET journal-entries`, `GET journal-entries/totals` (ours), `GET journal-entries/{id}` (server/routes/journal-entries.ts). */
export const journalEntryHandlers = [
  mock(journalEntryOperations.list, ({ query }) => {
    const { page, limit, sort } = query;
    const found = filtered(query).sort(newestFirst);
    const sorted = sortRows(found, sort, {
      values: { date: (e) => e.created_at, amount: (e) => e.amount },
      decimal: ['amount'],
    });
    return pageOf(sorted, page, limit);
  }),

  // Before `/:id`, as on the server.
  mock(journalEntryOperations.totals, ({ query }) => ({ currencies: totalsPerCurrency(filtered(query)) })),

  mock(journalEntryOperations.detail, ({ params }) => {
    const entry = db.journalEntries.find((e) => e.id === params.id);
    if (!entry) return failure(404, API_ERRORS.notFound('Journal entry'));
    return entry;
  }),
];
