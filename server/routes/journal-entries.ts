/**
 * Journal entries (spec §2 Journal Entry screen, §7 calls): list, detail and, ours, the debit and
 * credit totals of a filter. Access, paths and validation are the declarations'
 * (contract/operations/journal-entries.ts). Read-only: journals are posted by server/domain/ledger.ts.
 */
import { totalPages } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { journalEntryOperations } from '@contract/operations/journal-entries';
import { findJournalEntry, journalEntryTotals, listJournalEntries } from '../db/queries/journal-entries';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';

export function journalEntryRoutes({ db }: RouteDeps) {
  return [
    handle(journalEntryOperations.list, async ({ query }) => {
      const { contents, total } = await listJournalEntries(db, query);
      return { contents, total, total_pages: totalPages(total, query.limit) };
    }),

    // The paged list's shape (spec §3) has no room for totals, so they have their own call. Declared
    // before `/journal-entries/{id}`, which would read "totals" as a malformed id, and registered in
    // the declarations' order.
    handle(journalEntryOperations.totals, ({ query }) => journalEntryTotals(db, query)),

    handle(journalEntryOperations.detail, async ({ params }) => {
      const entry = await findJournalEntry(db, params.id);
      if (!entry) throw new ApiError(404, API_ERRORS.notFound('Journal entry'));
      return entry;
    }),
  ];
}
