/**
 * Journal entries (spec §2 Journal Entry screen, §7 calls): list, detail and, ours, the debit and
 * credit totals of a filter. Access, paths and validation are the declarations'
 * (contract/operations/journal-entries.ts). Read-only: journals are posted by server/domain/ledger.ts.
 */
import { API_ERRORS } from '@contract/messages';
import { journalEntryOperations } from '@contract/operations/journal-entries';
import { findJournalEntry, journalEntryTotals, listJournalEntries } from '../db/queries/journal-entries';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { found, pageOf } from './catalogue';

export function journalEntryRoutes({ db }: RouteDeps) {
  return [
    handle(journalEntryOperations.list, ({ query }) => pageOf(listJournalEntries(db, query), query)),

    // The paged list's shape (spec §3) has no room for totals, so they have their own call. Declared
    // before `/journal-entries/{id}`, which would read "totals" as a malformed id, and registered in
    // the declarations' order.
    handle(journalEntryOperations.totals, ({ query }) => journalEntryTotals(db, query)),

    handle(journalEntryOperations.detail, ({ params }) =>
      found(findJournalEntry(db, params.id), API_ERRORS.notFound('Journal entry')),
    ),
  ];
}
