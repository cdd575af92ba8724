import * as v from 'valibot';
import {
  decimalSchema,
  idSchema,
  nullableString,
  pageQueryEntries,
  recordedActorSchema,
  timestampSchema,
  valueList,
} from './common';
import { queryEnum } from './fields';
import { glAccountTypeSchema } from './gl-account';
import { JOURNAL_ENTRY_SORT_DEFAULT, JOURNAL_ENTRY_SORT_KEYS, sortQuery } from './list-sort';

export const [ENTRY_TYPES, entryTypeSchema] = valueList(['DEBIT', 'CREDIT']);
export type EntryType = v.InferOutput<typeof entryTypeSchema>;

/**
 * One side of a posting. Spec §3 gives entry_type, amount, gl_account {name, type}; the rest is ours
 * and read-only: entries of one balanced posting share `journal_id` (docs/ledger.md).
 */
export const journalEntrySchema = v.object({
  id: idSchema,
  journal_id: idSchema,
  entry_type: entryTypeSchema,
  amount: decimalSchema,
  /** Ours: the currency of the posting's transaction; null for a manual posting. */
  currency: v.nullable(v.object({ name_code: v.string() })),
  gl_account: v.object({ id: idSchema, name: v.string(), type: glAccountTypeSchema }),
  description: nullableString,
  /** The txn_ref of the transaction that caused the posting; null for manual entries. */
  transaction_reference: nullableString,
  /** Ours: the staff member whose action posted the journal (a payout's decision); null for the system's. */
  posted_by: recordedActorSchema,
  created_at: timestampSchema,
});
export type JournalEntry = v.InferOutput<typeof journalEntrySchema>;

/** `GET journal-entries`: page, limit, search_term, entry_type. */
export const journalEntryListQuerySchema = v.object({
  ...pageQueryEntries,
  sort: sortQuery(JOURNAL_ENTRY_SORT_KEYS, JOURNAL_ENTRY_SORT_DEFAULT),
  entry_type: queryEnum('entry_type', ENTRY_TYPES),
});
export type JournalEntryListQuery = v.InferOutput<typeof journalEntryListQuerySchema>;

/**
 * One currency's line of the totals. Manual postings belong to no transaction and so to no
 * currency: their line has `currency` null. Amounts of different currencies are never added.
 */
export const journalEntryCurrencyTotalsSchema = v.object({
  currency: v.nullable(
    v.object({ name_code: v.string(), decimal_places: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
  ),
  debit: decimalSchema,
  credit: decimalSchema,
  /** The debit total equals the credit total (compared by the server in numeric). */
  balanced: v.boolean(),
});
export type JournalEntryCurrencyTotals = v.InferOutput<typeof journalEntryCurrencyTotalsSchema>;

/**
 * Ours: `GET journal-entries/totals`, with the list's query (page and limit are ignored). The sums
 * of DEBIT and CREDIT amounts over every entry the filter matches, not only one page, per currency
 * (by name_code, the no-currency line last; none when nothing matches), as exact decimal strings;
 * the Journal Entry screen shows one line per currency under the table.
 */
export const journalEntryTotalsSchema = v.object({
  currencies: v.array(journalEntryCurrencyTotalsSchema),
});
export type JournalEntryTotals = v.InferOutput<typeof journalEntryTotalsSchema>;
