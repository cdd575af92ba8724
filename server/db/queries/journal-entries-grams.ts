/**
 * The journal entry search for a term of one or two characters (docs/decisions/067). Such a term
 * gives the trigram indexes nothing to look up, so decisions 048-058's one-by-one arms read every
 * journal of the templates it does not settle (0.6-16 s at 1M, decision 062). Instead, the journal
 * part of a match (entries whose GL account does not match by name) is counted and summed in three
 * disjoint pieces:
 * - the templates whose literal parts hold the term (all their journals match): their kept sums
 *   (decision 048), as for longer terms;
 * - the journals already folded into the sums kept per gram (migration 0036): the rows of
 *   lower(term); a journal's grams leave out its template's literal grams, so these rows never hold
 *   a journal of a template the term settles;
 * - the journals still pending (their entries' groups wait in `journal_entry_gram_pending` for the
 *   fold, server/db/maintenance.ts foldJournalEntryGrams): checked one by one with the plain
 *   condition.
 * The gram rows and the pending rows are read in one statement: the fold moves rows from one to the
 * other in one statement, so in any one snapshot each entry is in exactly one of them.
 *
 * ILIKE lowercases both sides and then compares (character by character with libc collations,
 * decision 048), so a text holds a term of one or two characters exactly when lower(term) is one of
 * its grams (its characters and adjacent pairs, lowercased).
 */

import { and, eq, inArray, not, type SQL } from 'drizzle-orm';
import { type Database, queryRows } from '../connect';
import {
  glAccounts,
  journalDescriptionTemplates,
  journalEntries,
  journalEntryGramSums,
  journalEntrySums,
  journals,
  transactions,
} from '../schema';
import { containsPattern } from '../sql';
import { sql } from '../sql-tag';
import type { JournalEntryFilter } from './journal-entries';
import {
  countKeptAndPending,
  type KeptAndPending,
  keptAndPendingTotals,
  PENDING_FROM,
} from './journal-entries-kept-and-pending';

/** Terms of this many characters (code points, as PostgreSQL counts them) or fewer take this path. */
export const JOURNAL_SEARCH_GRAM_MAX = 2;

/** Whether the search for `term` is answered from the gram sums. */
export function isGramTerm(term: string): boolean {
  const length = Array.from(term).length;
  return length >= 1 && length <= JOURNAL_SEARCH_GRAM_MAX;
}

/**
 * The gram share of a search: `sums` selects the gram rows, `pending` the pending rows (alias `p`,
 * its journal `j` and transaction `t` joined by PENDING_FROM) whose journal holds the term. Counted
 * and summed together, in one statement.
 */
export interface GramPiece {
  gramSums: SQL;
  pending: SQL;
}

/** The piece's gram rows and pending rows, read together (journal-entries-kept-and-pending.ts). */
const keptAndPending = (piece: GramPiece): KeptAndPending => ({
  from: sql`${journalEntryGramSums}`,
  alias: 'journal_entry_gram_sums',
  kept: piece.gramSums,
  pending: piece.pending,
});

/** How many entries a gram piece holds: the gram rows and the pending rows in one snapshot. */
export function countGramPiece(db: Database, piece: GramPiece): Promise<number> {
  return countKeptAndPending(db, keptAndPending(piece));
}

/**
 * A gram piece's totals per currency, as two members of searchTotals' union (one statement: the
 * same snapshot for both).
 */
export function gramPieceTotals(piece: GramPiece): SQL[] {
  return keptAndPendingTotals(keptAndPending(piece));
}

/** What journal-entries.ts's searchParts gives for a longer term, for a short one. */
export interface GramSearchPart {
  entries: SQL;
  pieces: ({ sums: SQL | undefined } | GramPiece)[];
  accounts?: readonly string[];
}

/**
 * The disjoint parts of a short term's matches: every entry of the GL accounts matching by name
 * (their kept sums, as for any term), and the other entries of the journals holding the term.
 * `forPage`: whether the list's page will walk the parts' entries (the totals read only the pieces).
 */
export async function gramSearchParts(
  db: Database,
  filter: JournalEntryFilter,
  forPage: boolean,
): Promise<GramSearchPart[]> {
  const term = filter.search_term ?? '';
  const pattern = containsPattern(term);
  const lowered = sql`lower(${term}::text)`;
  const [accounts, settled] = await Promise.all([
    // As for any term: the accounts holding entries (decision 062).
    db
      .select({ id: glAccounts.id })
      .from(glAccounts)
      .where(
        and(
          sql`${glAccounts.name} ilike ${pattern}`,
          sql`exists (select 1 from ${journalEntrySums} s where s.gl_account_id = ${glAccounts.id} and s.entries > 0)`,
        ),
      ),
    // Settled: a literal part holds the term, read from the literal grams the gram sums leave out,
    // so the two always agree.
    queryRows<{ id: number }>(
      db,
      sql`select id from ${journalDescriptionTemplates} where ${lowered} = any(literal_grams) order by id`,
    ),
  ]);
  const accountIds = accounts.map((account) => account.id);
  const settledIds = settled.map((template) => template.id);
  const parts: GramSearchPart[] = [];
  const typed = filter.entry_type;
  if (accountIds.length > 0) {
    parts.push({
      entries: and(
        inArray(journalEntries.glAccountId, accountIds),
        typed ? eq(journalEntries.entryType, typed) : undefined,
      ) as SQL,
      pieces: [
        {
          sums: and(
            inArray(journalEntrySums.glAccountId, accountIds),
            typed ? eq(journalEntrySums.entryType, typed) : undefined,
          ),
        },
      ],
      accounts: accountIds,
    });
  }
  const ids = (values: readonly string[]) =>
    sql.join(
      values.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
  const templateIds = sql.join(
    settledIds.map((id) => sql`${id}::smallint`),
    sql`, `,
  );
  /** Not of a matching account, and of the side filtered, for a table aliased `alias`. */
  const others = (alias: string) =>
    sql.join(
      [
        accountIds.length > 0 ? sql`${sql.raw(alias)}.gl_account_id not in (${ids(accountIds)})` : sql`true`,
        typed ? sql`${sql.raw(alias)}.entry_type = ${typed}` : sql`true`,
      ],
      sql` and `,
    );
  const gramSums = sql`${journalEntryGramSums.gram} = ${lowered} and ${others('journal_entry_gram_sums')}`;
  // The gram rows of a journal never hold a settled template's gram; a pending journal of one is
  // left out here (its template's kept sums count it).
  const pending = sql`(j.description ilike ${pattern} or t.txn_ref ilike ${pattern})
    and ${settledIds.length > 0 ? sql`not coalesce(j.description_template_id in (${templateIds}), false)` : sql`true`}
    and ${others('p')}`;
  const settledSums =
    settledIds.length > 0
      ? and(
          inArray(journalEntrySums.descriptionTemplateId, settledIds),
          accountIds.length > 0 ? not(inArray(journalEntrySums.glAccountId, accountIds)) : undefined,
          typed ? eq(journalEntrySums.entryType, typed) : undefined,
        )
      : undefined;
  const pieces = [...(settledSums ? [{ sums: settledSums }] : []), { gramSums, pending }];
  if (!forPage) {
    // The totals read the pieces alone.
    parts.push({ entries: sql`false`, pieces });
    return parts;
  }
  // The gram share (gram and pending rows) read once, before the page: whether it holds any entry,
  // and its oldest and newest entry (as text, microseconds kept). In the page's statement as
  // subqueries, the pending rows were checked three times over (the gate and both bounds): with
  // 6,000 rows pending, 0.3-0.7 s at 1M under load.
  const [gramShare] = await queryRows<{ entries: number; first: string | null; last: string | null }>(
    db,
    sql`select coalesce(sum(b.entries), 0)::float8 as entries, min(b.first_at)::text as first, max(b.last_at)::text as last
      from (select entries, first_at, last_at from ${journalEntryGramSums} where ${gramSums}
        union all select p.entries, p.first_at, p.last_at from ${PENDING_FROM} where ${pending}) b`,
  );
  const held = (gramShare?.entries ?? 0) > 0;
  // Whether the journal part holds any entry, from the kept counts: with none the walk is not made
  // (`a`: every GL account with entries matches by name, and the walk read every entry for a part
  // that holds none; decision 062). The settled templates' share is a condition on no entry column,
  // checked once before the walk.
  const anyEntry = settledSums
    ? sql`(${held} or exists (select 1 from ${journalEntrySums} where ${settledSums} and ${journalEntrySums.entries} > 0))`
    : sql`${held}`;
  // With no settled template the share is its gram and pending rows alone: the walk is bounded by
  // their oldest and newest entry (a rare term's few journals).
  const bounds =
    settledIds.length > 0 || !held
      ? undefined
      : sql`${journalEntries.createdAt} between ${gramShare?.first}::timestamptz and ${gramShare?.last}::timestamptz`;
  // The plain condition on each entry's journal, as a scalar subquery: PostgreSQL then walks the
  // sort's index from the first entry and checks each one until the page is full. As `exists`, it was
  // planned as a semi join whose few matches (ILIKE's estimate for a rare pair) it collected from
  // every entry in the bounds and sorted: `z9` (3,447 entries spread over the ledger) 17.7 s at 1M,
  // against 0.2-0.5 s for the walk, which found its ten after some 4,000 entries.
  const entries = and(
    anyEntry,
    sql`coalesce((select true from ${journals} j left join ${transactions} t on t.id = j.transaction_id
      where j.id = ${journalEntries.journalId} and (j.description ilike ${pattern} or t.txn_ref ilike ${pattern})), false)`,
    accountIds.length > 0 ? not(inArray(journalEntries.glAccountId, accountIds)) : undefined,
    typed ? eq(journalEntries.entryType, typed) : undefined,
    bounds,
  ) as SQL;
  parts.push({ entries, pieces });
  return parts;
}
