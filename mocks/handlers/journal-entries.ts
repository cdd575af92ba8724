import { DB_SCALE, sum, toFixed } from '@contract/decimal';
import { issuesMessage, pagedSchema, totalPages } from '@contract/envelope';
import {
  type JournalEntry,
  type JournalEntryCurrencyTotals,
  journalEntryListQuerySchema,
  journalEntrySchema,
  journalEntryTotalsSchema,
} from '@contract/journal-entry';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { http } from 'msw';
import * as v from 'valibot';
import { db } from '../db';
import { API, failure, ok, queryOf, refuse } from '../http';

const journalEntryPage = pagedSchema(journalEntrySchema);

/** Like the server: the search reaches the GL account's name, the journal's description and the transaction reference. */
function filtered(query: v.InferOutput<typeof journalEntryListQuerySchema>): JournalEntry[] {
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
  http.get(`${API}/journal-entries`, ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.viewJournalEntry);
    if (refusal) return refusal;
    const query = v.safeParse(journalEntryListQuerySchema, queryOf(request));
    if (!query.success) return failure(400, issuesMessage(query.issues));
    const { page, limit } = query.output;
    const found = filtered(query.output).sort(
      (a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id),
    );
    return ok(journalEntryPage, {
      contents: found.slice((page - 1) * limit, page * limit),
      total: found.length,
      total_pages: totalPages(found.length, limit),
    });
  }),

  // Before `/:id`, as on the server.
  http.get(`${API}/journal-entries/totals`, ({ request }) => {
    const refusal = refuse(request, PERMISSIONS.viewJournalEntry);
    if (refusal) return refusal;
    const query = v.safeParse(journalEntryListQuerySchema, queryOf(request));
    if (!query.success) return failure(400, issuesMessage(query.issues));
    return ok(journalEntryTotalsSchema, { currencies: totalsPerCurrency(filtered(query.output)) });
  }),

  http.get(`${API}/journal-entries/:id`, ({ request, params }) => {
    const refusal = refuse(request, PERMISSIONS.viewJournalEntry);
    if (refusal) return refusal;
    const entry = db.journalEntries.find((e) => e.id === params.id);
    if (!entry) return failure(404, API_ERRORS.notFound('Journal entry'));
    return ok(journalEntrySchema, entry);
  }),
];
