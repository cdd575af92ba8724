/** Journal entries (spec §7) and their totals (ours). Texts follow docs/api.md. */
import { pagedSchema } from '../envelope';
import { journalEntryListQuerySchema, journalEntrySchema, journalEntryTotalsSchema } from '../journal-entry';
import { PERMISSIONS } from '../permissions';
import { defineOperation } from './define';
import { LIST } from './notes';

export const journalEntryOperations = {
  list: defineOperation({
    method: 'get',
    path: '/journal-entries',
    tag: 'Journal entries',
    summary: 'List journal entries',
    description: `\`search_term\`: *contains* over GL account name, description and transaction reference. ${LIST}`,
    permission: PERMISSIONS.viewJournalEntry,
    query: journalEntryListQuerySchema,
    response: { data: pagedSchema(journalEntrySchema) },
  }),
  totals: defineOperation({
    method: 'get',
    path: '/journal-entries/totals',
    tag: 'Journal entries',
    summary: 'Debit and credit totals per currency',
    description:
      'Sums over every entry the list query matches (all pages); `page` and `limit` are ignored. One line per ' +
      "currency of the posting's transaction (by `name_code`; manual postings, with no currency, last), never " +
      'added across currencies; `balanced` compares the two sums in numeric. Nothing matched: no lines.',
    permission: PERMISSIONS.viewJournalEntry,
    query: journalEntryListQuerySchema,
    response: { data: journalEntryTotalsSchema },
  }),
  detail: defineOperation({
    method: 'get',
    path: '/journal-entries/{id}',
    tag: 'Journal entries',
    summary: 'Get a journal entry',
    description: 'One entry.',
    permission: PERMISSIONS.viewJournalEntry,
    response: { data: journalEntrySchema },
  }),
} as const;
