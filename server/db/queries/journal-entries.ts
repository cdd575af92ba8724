/**
 * The SQL behind the journal entry endpoints (read-only: posting is server/domain's job). An entry
 * is read with its journal, GL account and, for postings caused by a transaction, the transaction's
 * reference and currency. Totals are summed by PostgreSQL in numeric, never in JS floats.
 *
 * A search matches an entry by its GL account's name or by its journal (description or the
 * transaction's reference). It is answered from the matching GL accounts and journals, found first
 * through their own indexes, never by filtering every entry's joined row (docs/decisions/012). A
 * term inside a description template's literal text matches every journal of that template: their
 * count and sums come from the sums kept per template (docs/decisions/048). A term that only one
 * kept variable part can hold (a fee) matches the journals whose value fits: counted from the sums
 * kept per value (docs/decisions/055). A term that is a prefix of references is counted from the
 * sums kept per reference prefix (docs/decisions/058), and so is a term running from a literal part
 * into the reference after it (docs/decisions/068). Only the other journals are checked one by one.
 */

import type {
  EntryType,
  JournalEntry,
  JournalEntryListQuery,
  JournalEntryTotals,
} from '@contract/journal-entry';
import { JOURNAL_ENTRY_SORT_DEFAULT, type JournalEntrySortKey } from '@contract/list-sort';
import { and, count, eq, ilike, inArray, not, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { recordedActor } from '../../auth/actor';
import { type Database, queryRows } from '../connect';
import {
  amountPrefixCondition,
  firstVariableStarts,
  RESIDUE_SEPARATOR,
  residueNeedlesOf,
  valueCondition,
  variableClasses,
} from '../description-templates';
import { prepareUnnamed, statementCache } from '../prepared';
import {
  currencies,
  ENTRY_TYPE_VALUES,
  glAccounts,
  journalDescriptionTemplates,
  journalEntries,
  journalEntryAmountPrefixSums,
  journalEntryGramPending,
  journalEntryReferenceSums,
  journalEntrySums,
  journalEntryValueSums,
  journals,
  transactions,
} from '../schema';
import { orderByOf, type SortColumns } from '../sort';
import { containsPattern } from '../sql';
import { sql } from '../sql-tag';
import {
  type AmountPrefixed,
  type AmountPrefixPiece,
  amountPrefixMatch,
  amountPrefixPiece,
  amountPrefixPieceTotals,
  countAmountPrefixPiece,
  JOURNAL_AMOUNT_PREFIX_MAX,
} from './journal-entries-amount-prefixes';
import {
  countGramPiece,
  type GramPiece,
  gramPieceTotals,
  gramSearchParts,
  isGramTerm,
} from './journal-entries-grams';

/** What the list and its totals filter by: the contract's parsed query (paging aside). */
export type JournalEntryFilter = Pick<JournalEntryListQuery, 'search_term' | 'entry_type'>;

function typeWhere(filter: JournalEntryFilter): SQL | undefined {
  return filter.entry_type ? eq(journalEntries.entryType, filter.entry_type) : undefined;
}

/** A search term resolved to what it matches: GL accounts by id, journals as conditions. */
interface EntrySearch {
  /** GL accounts whose name contains the term (the table is small: ids as values). */
  glAccountIds: string[];
  /** True for an entry whose journal's description or transaction reference contains the term. */
  byJournal: SQL;
  /** Description templates with a literal part containing the term: all their journals match. */
  settledTemplateIds: number[];
  /**
   * Templates whose journals match exactly when one kept variable's value fits a pattern (decision
   * 055): their share is counted from the sums kept per value.
   */
  valued: { id: number; variable: number; patterns: string[] }[];
  /**
   * Templates whose journals match exactly when one amount variable starts with a start (decision
   * 073): their share is counted from the sums kept per amount prefix and the rows pending for them.
   */
  prefixed: AmountPrefixed[];
  /** byJournal, for the journals no kept sums answer: checked one by one. */
  byJournalOneByOne: SQL;
  /** Set when the term's reference-prefix share is counted from the kept prefix sums (decision 058). */
  referencePrefix?: ReferencePrefixSearch;
  /** Set for a page when some template is counted per kept value: byJournal split (decision 070). */
  byAmount?: JournalWalksByAmount;
  /** Set for a page when the term settles some template: byJournal split (decision 072). */
  byDate?: JournalWalksByDate;
}

/**
 * byJournal in two, for a page sorted by date (decision 072): the settled templates' journals, each
 * template's walked on its own range of journals_template_created_at_idx and each journal's entries
 * taken in its place (an entry's created_at is its journal's, migration 0039); and the rest (one by
 * one, by reference) found as a set, its entries read through the journal index. Walked as one over
 * the entries, by date, looking up each one's journal, `payment` read every entry posted since its
 * tenth match: 30,172 at 10M, where the newest were payout decisions (693 ms p95).
 */
interface JournalWalksByDate {
  /** The templates the term settles (every journal of theirs matches). */
  templates: number[];
  /** True for an entry of the other matching journals. */
  rest: SQL;
}

/**
 * byJournal in three, for a page sorted by amount (decision 070): the journals a kept value decides
 * are walked per (GL account, side) between the amount bounds kept with the matching values, the
 * settled templates' journals as before, and the rest (one by one, by reference) found as a set.
 * An entry may be in more than one: the page's union drops the repeats.
 */
interface JournalWalksByAmount {
  /** True for an entry of a settled template's journal; null when no template is settled. */
  settled: SQL | null;
  /** True for an entry whose journal matches through a kept value. */
  valued: SQL;
  /** True for an entry of the other matching journals (by description one by one, by reference). */
  rest: SQL;
}

/**
 * The share of a search that the sums kept per reference prefix count (decision 058): the journals
 * whose transaction's reference or description's first variable part starts with the term, of the
 * templates no other kept sums count.
 */
interface ReferencePrefixSearch {
  /** Selects the kept prefix rows of that share (GL account and side filters are added per part). */
  sums: SQL;
  /** True for an entry of a journal in that share: the page walks the entries for it. */
  entries: SQL;
  /**
   * True when the journal part's page is one walk over every matching journal (some template is
   * counted from other kept sums: most matches are likely to be of it); otherwise the share is
   * walked on its own, between its oldest and newest entry, and the rest found as a set.
   */
  inJournalWalk: boolean;
}

/**
 * Prefixes of references are kept up to this length (migration 0030, journal_reference_prefix_max()):
 * a longer term is a prefix of few references and goes one by one.
 */
export const JOURNAL_REFERENCE_PREFIX_MAX = 10;

const isAscii = (text: string) => Array.from(text).every((char) => char.charCodeAt(0) <= 0x7f);

/** An ILIKE pattern for text starting with `term` (escaped like containsPattern). */
function startsWithPattern(term: string): string {
  return `${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Up to this many journals matched by their transaction's reference are passed as values; a term
 * matching more (a prefix of every reference) falls back to a subquery.
 */
const REFERENCE_JOURNALS_AS_VALUES = 1000;

export interface JournalSearchOptions {
  /** How many reference-matched journals go in as values (tests set 0 to take the subquery). */
  referenceValuesMax?: number;
}

/** A description template's row, with whether the term lies inside one of its literal parts. */
type TemplateRow = {
  id: number;
  literals: string[];
  pattern: string;
  keptVariables: number[];
  prefixVariables: number[];
  settled: boolean;
};

/** A template checked one by one whose first variable, starting with one of `starts`, holds the term. */
type Crossing = { id: number; starts: readonly string[]; holdsTerm: boolean };

/**
 * Decision 068: for each template checked one by one, the starts of its first variable that a term
 * reaching into it from the first literal part needs (server/db/description-templates.ts
 * `firstVariableStarts`: `nt FT2633` in a payment's description is "the reference starts with
 * ft2633"). Null when some template is not decided that way (an occurrence may run past the whole
 * variable, or a start is longer than the kept prefixes): the caller takes decision 055's path.
 */
function crossingStarts(templates: readonly TemplateRow[], term: string): Crossing[] | null {
  const crossing: Crossing[] = [];
  for (const template of templates) {
    const starts = firstVariableStarts(template, term);
    if (starts === null || starts.some((start) => start.length > JOURNAL_REFERENCE_PREFIX_MAX)) return null;
    if (starts.length === 0) continue;
    const holds = variableClasses(template.pattern)[0] ?? (() => true);
    const holdsTerm = !term.includes(RESIDUE_SEPARATOR) && Array.from(term).every(holds);
    crossing.push({ id: template.id, starts, holdsTerm });
  }
  return crossing;
}

const idValues = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::smallint`),
    sql`, `,
  );

/**
 * The share of a search that crosses from a first literal part into the first variable (decision
 * 068), fitted into decision 058's reference-prefix path. A journal of a crossing template is
 * counted from the prefix sums' rows of its template and start (`variable_prefix` = the start, at
 * that start's length), and only from them: its transaction's reference or first variable starting
 * with the whole term (decision 058's rows at the term's length) could put it in a second row, so for
 * the crossing templates those are read one by one instead (a reference starting with a literal
 * part's text is rare), as are they for every template when the term is longer than the kept
 * prefixes. Returns:
 * - `journal(starts)`: given decision 058's "this journal `j` starts with the term" (its reference
 *   or first variable), whether `j` is in the share the prefix sums count;
 * - `sums(rows)`: given decision 058's prefix rows, the rows of that share;
 * - `arms`: the journal ids that share leaves to the one-by-one rest (the starts of the crossing
 *   templates, or of all, not counted above).
 * With no crossing template and a term short enough, the identity and no arms: decision 058's path.
 */
function crossingShare({
  crossing,
  term,
  startsKept,
  prefixTemplates,
  variableStarts,
}: {
  crossing: readonly Crossing[];
  term: string;
  /** Whether the term is short enough for decision 058's rows (its length kept). */
  startsKept: boolean;
  prefixTemplates: SQL;
  variableStarts: SQL;
}): {
  journal: (starts: SQL) => SQL;
  sums: (rows: SQL) => SQL;
  page: (ofJournal: (condition: SQL) => SQL, starts: SQL) => SQL;
  arms: SQL[];
} {
  if (crossing.length === 0 && startsKept)
    return {
      journal: (starts) => starts,
      sums: (rows) => rows,
      page: (ofJournal, starts) => ofJournal(starts),
      arms: [],
    };
  const ids = crossing.map((template) => template.id);
  const prefix = startsWithPattern(term);
  const crossed =
    crossing.length > 0
      ? sql`(${sql.join(
          crossing.map(
            ({ id, starts }) =>
              sql`(j.description_template_id = ${id}::smallint and (${sql.join(
                starts.map(
                  (start) =>
                    sql`journal_description_value(j.description_residue, 1) ilike ${startsWithPattern(start)}`,
                ),
                sql` or `,
              )}))`,
          ),
          sql` or `,
        )})`
      : sql`false`;
  const rows = journalEntryReferenceSums;
  const crossedRows =
    crossing.length > 0
      ? sql`(${sql.join(
          crossing.map(
            ({ id, starts }) =>
              sql`(${rows.descriptionTemplateId} = ${id}::smallint and ${rows.variablePrefix} in (${sql.join(
                starts.map((start) => sql`${start}`),
                sql`, `,
              )}))`,
          ),
          sql` or `,
        )})`
      : sql`false`;
  // The journals whose starts decision 058's rows count: of no crossing template (null-safe).
  const startsFromSums = !startsKept
    ? sql`false`
    : sql`(j.description_template_id is null or j.description_template_id not in (${idValues(ids)}))`;
  // The others, one by one: by their reference (its trigram index) and by their first variable (the
  // residue's, which starts with the separator and that variable), the crossed share left out.
  const startsOneByOne = startsKept ? sql`j.description_template_id in (${idValues(ids)})` : prefixTemplates;
  const arms = [
    sql`select j.id from ${transactions} x join ${journals} j on j.transaction_id = x.id
      where x.txn_ref ilike ${prefix} and ${startsOneByOne} and not ${crossed}`,
  ];
  // A first variable can start with the term only where its pattern holds every character of it
  // (a space is in no reference: no crossing template of the money events needs this arm). A longer
  // term's: every template's, the variable itself decides (exact whatever the residue filter).
  const holding = crossing.filter((template) => template.holdsTerm).map((template) => template.id);
  if (!startsKept || holding.length > 0) {
    arms.push(sql`select j.id from ${journals} j
      where j.description_residue ilike ${startsWithPattern(RESIDUE_SEPARATOR + term)} and ${variableStarts}
      and ${startsKept ? sql`j.description_template_id in (${idValues(holding)})` : prefixTemplates}
      and not ${crossed}`);
  }
  const journal = (starts: SQL) => sql`((${startsFromSums} and ${starts}) or ${crossed})`;
  return {
    journal,
    // The share's page walks the entries (between its oldest and newest, by the caller) and checks
    // each one's journal. As a plain EXISTS PostgreSQL turned it into a join from the journals of
    // the crossing templates (the start's share misjudged at 56 of 560,000): it read 560,000
    // journals and sorted 49,407 entries, 1.6 s for `Payment FT2633000` at 1M. OFFSET 0 keeps it a
    // check per entry walked.
    page: (_ofJournal, starts) =>
      sql`exists (select 1 from ${journals} j where j.id = ${journalEntries.journalId} and ${journal(starts)} offset 0)`,
    sums: (kept) =>
      startsKept
        ? sql`((${kept} and (${rows.descriptionTemplateId} is null
            or ${rows.descriptionTemplateId} not in (${idValues(ids)}))) or ${crossedRows})`
        : crossedRows,
    arms,
  };
}

/**
 * `forPage`: whether the list's page will walk `byJournal` (the totals never do, so they skip the
 * references' lookup that only the walk needs).
 */
async function resolveSearch(
  db: Database,
  searchTerm: string,
  { referenceValuesMax = REFERENCE_JOURNALS_AS_VALUES }: JournalSearchOptions,
  forPage: boolean,
): Promise<EntrySearch> {
  const pattern = containsPattern(searchTerm);
  // A term the kept prefix sums may answer (decision 058) does not need the references matched in
  // advance: that lookup is the cost they save (50-80 ms of trigram scan for a common prefix).
  const maybePrefix = isAscii(searchTerm) && searchTerm.length <= JOURNAL_REFERENCE_PREFIX_MAX;
  // Through the trigram index of transactions.txn_ref; few for any term but a common prefix.
  const referencedJournals = () =>
    queryRows<{ id: string }>(
      db,
      sql`select j.id from ${journals} j join ${transactions} t on t.id = j.transaction_id
        where t.txn_ref ilike ${pattern} limit ${referenceValuesMax + 1}`,
    );
  const [accounts, templates, referencedEarly] = await Promise.all([
    // Only accounts that hold entries (by their kept sums, decision 013): an account with none adds
    // nothing to the answer, and its part's page walked the whole amount index looking for one
    // (`Owner`, Owner Equity, by amount: 6.4 s at 1M; decision 062).
    db
      .select({ id: glAccounts.id })
      .from(glAccounts)
      .where(
        and(
          ilike(glAccounts.name, pattern),
          sql`exists (select 1 from ${journalEntrySums} s where s.gl_account_id = ${glAccounts.id} and s.entries > 0)`,
        ),
      ),
    // Which templates the term settles is ILIKE's own answer, as the descriptions would give it.
    queryRows<TemplateRow>(
      db,
      sql`select id, literals, pattern, kept_variables as "keptVariables", prefix_variables as "prefixVariables",
          exists (select 1 from unnest(literals) as literal where literal ilike ${pattern}) as settled
        from ${journalDescriptionTemplates} order by id`,
    ),
    maybePrefix ? undefined : referencedJournals(),
  ]);
  // A template the term does not settle may still be decided by one kept variable alone (a fee):
  // its journals match exactly when that value fits (server/db/description-templates.ts
  // valueCondition), counted from the sums kept per value; a template no occurrence of the term can
  // fit (a space in a reference) has no matching journal but by its reference. One decided by the
  // start of an amount (`ived: 1`) is counted from the sums kept per amount prefix (decision 073).
  // The rest, and journals of no template, are checked one by one.
  const valued: EntrySearch['valued'] = [];
  const prefixed: AmountPrefixed[] = [];
  const excluded: number[] = [];
  const oneByOneTemplates: TemplateRow[] = [];
  for (const template of templates.filter((candidate) => !candidate.settled)) {
    const condition = valueCondition(template, searchTerm);
    const byPrefix =
      condition === null ? amountPrefixCondition(template, searchTerm, JOURNAL_AMOUNT_PREFIX_MAX) : null;
    if (condition !== null && condition.variable === null) excluded.push(template.id);
    else if (condition !== null && condition.variable !== null)
      valued.push({ id: template.id, variable: condition.variable, patterns: condition.patterns });
    else if (byPrefix !== null) prefixed.push({ id: template.id, ...byPrefix });
    else oneByOneTemplates.push(template);
  }
  const idList = (ids: number[]) =>
    sql.join(
      ids.map((id) => sql`${id}::smallint`),
      sql`, `,
    );
  const settledTemplateIds = templates.filter((template) => template.settled).map((template) => template.id);
  const prefixedIds = prefixed.map((template) => template.id);
  const decided = [
    ...settledTemplateIds,
    ...valued.map((template) => template.id),
    ...prefixedIds,
    ...excluded,
  ];
  // Journals of a decided template match by their description only as the kept sums say. The others
  // as a list of the templates left (every journal's template is one of the table's rows): with a
  // needle of no trigram (`: 1`), "not one of the decided" had PostgreSQL read every journal to find
  // the few of no template or of the reversal; the list lets journals_description_template_idx find them.
  const undecidedIds = templates
    .filter((template) => !decided.includes(template.id))
    .map((template) => template.id);
  const undecided =
    decided.length === 0
      ? sql`true`
      : undecidedIds.length > 0
        ? sql`(j.description_template_id is null or j.description_template_id in (${idList(undecidedIds)}))`
        : sql`j.description_template_id is null`;
  const settled =
    settledTemplateIds.length > 0
      ? sql`j.description_template_id in (${idList(settledTemplateIds)})`
      : sql`false`;
  const valueMatch =
    valued.length > 0
      ? sql`(${sql.join(
          valued.map(
            ({ id, variable, patterns }) =>
              sql`(j.description_template_id = ${id}::smallint and (${sql.join(
                patterns.map(
                  (valuePattern) =>
                    sql`journal_description_value(j.description_residue, ${variable}::int) ilike ${valuePattern}`,
                ),
                sql` or `,
              )}))`,
          ),
          sql` or `,
        )})`
      : sql`false`;
  const prefixMatch = amountPrefixMatch(prefixed);
  // Matched through a kept value or a kept amount prefix.
  const keptMatch = sql`(${valueMatch} or ${prefixMatch})`;
  // Neither settled nor matched through a kept value or prefix (null-safe: a journal of no template).
  const notFromSums =
    settledTemplateIds.length > 0 || valued.length > 0 || prefixed.length > 0
      ? sql`not coalesce(j.description_template_id in (${idList(settledTemplateIds.length > 0 ? settledTemplateIds : [-1])}) or ${keptMatch}, false)`
      : sql`true`;
  const ofJournal = (condition: SQL) =>
    sql`exists (select 1 from ${journals} j where j.id = ${journalEntries.journalId} and ${condition})`;
  /** A condition on `j.description_residue` (or its tail) holding one of the needles, or true. */
  const holdsNeedle = (text: SQL, needles: string[] | null) =>
    needles === null
      ? sql`true`
      : sql.join(
          needles.map((needle) => sql`${text} ilike ${containsPattern(needle)}`),
          sql` or `,
        );
  const keptShare = settledTemplateIds.length > 0 || valued.length > 0 || prefixed.length > 0;
  const needles = residueNeedlesOf(oneByOneTemplates, searchTerm);
  // Such a journal holds the term only if its residue holds one of the needles
  // (server/db/description-templates.ts): the residue's trigram index finds those few, and the
  // description itself decides.
  const oneByOne = sql`(${undecided} and (${holdsNeedle(sql`j.description_residue`, needles)})
    and j.description ilike ${pattern})`;
  /** The journals whose transaction's reference holds the term: as values (few) or a subquery. */
  const referencedOf = (byReference: { id: string }[]) =>
    byReference.length <= referenceValuesMax
      ? byReference.length > 0
        ? sql`j.id in (${sql.join(
            byReference.map((row) => sql`${row.id}::uuid`),
            sql`, `,
          )})`
        : sql`false`
      : sql`j.transaction_id in (select t.id from ${transactions} t where t.txn_ref ilike ${pattern})`;
  // The page's condition when some template is counted from kept sums (most matching journals are
  // likely to be of it): one condition on the entry's own journal, so PostgreSQL may either walk
  // the newest entries and check each one's journal (a term most journals match: the first page is
  // found at once) or find the matching journals first through their indexes (a rare term). A
  // union of the arms, as an `IN` list, left it only the second way: 2 s for "payment".
  const walkOf = (referenced: SQL) =>
    ofJournal(sql`(${settled} or ${keptMatch} or ${oneByOne} or ${referenced})`);
  // The same journals as walkOf's, in three (decision 070): the rest as an array of ids, whose
  // entries are read through the journal index (few: reversals, journals of no template, references).
  // The prefixed templates' journals (decision 073) walk with the valued ones, between the bounds
  // kept with their prefixes.
  const walksByAmount = (referenced: SQL): JournalWalksByAmount => ({
    settled: settledTemplateIds.length > 0 ? ofJournal(settled) : null,
    valued: ofJournal(keptMatch),
    rest: sql`${journalEntries.journalId} = any(array(select j.id from ${journals} j where ${oneByOne}
      union select j.id from ${journals} j where ${referenced}))`,
  });
  // The same journals as walkOf's, in two (decision 072), when the rest is a set its indexes find:
  // the references as values (not a subquery over a common prefix), and needles of three characters
  // or more for the residue's trigram index (a shorter one gives it nothing: every journal read). No
  // template counted per kept value: its journals are neither settled nor few (decision 070's
  // walks serve it by amount; by date it stays in the one walk).
  const walksByDate = (byReference: { id: string }[]): JournalWalksByDate | undefined =>
    settledTemplateIds.length > 0 &&
    valued.length === 0 &&
    // The rest below holds no prefixed template's journals (decision 073): walked as before then.
    prefixed.length === 0 &&
    byReference.length <= referenceValuesMax &&
    needles?.every((needle) => Array.from(needle).length >= 3)
      ? {
          templates: settledTemplateIds,
          rest: sql`${journalEntries.journalId} = any(array(select j.id from ${journals} j where ${oneByOne}
            union select j.id from ${journals} j where ${referencedOf(byReference)}))`,
        }
      : undefined;

  // Decision 058: every occurrence of the term in a description of a template checked one by one
  // either starts its first variable part (counted from the kept prefix sums with the references
  // that start with the term) or lies past that part's first character (in the residue's tail).
  // Decision 068: or it runs from the first literal part into that variable, which then starts with
  // a start of the term's own (`nt FT2633`: the payment's reference starts with FT2633), counted
  // from the same sums (crossingShare).
  const crossing = isAscii(searchTerm) ? crossingStarts(oneByOneTemplates, searchTerm) : null;
  if (crossing !== null && (maybePrefix || crossing.length > 0)) {
    const prefix = startsWithPattern(searchTerm);
    const countedElsewhere = [
      ...settledTemplateIds,
      ...valued.map((template) => template.id),
      ...prefixedIds,
    ];
    // Journals not counted from the per-template or per-value sums (null-safe: of no template).
    const prefixTemplates =
      countedElsewhere.length > 0
        ? sql`(j.description_template_id is null or j.description_template_id not in (${idList(countedElsewhere)}))`
        : sql`true`;
    const variableStarts = sql`(j.description_template_id is not null
      and journal_description_value(j.description_residue, 1) ilike ${prefix})`;
    const crossed = crossingShare({
      crossing,
      term: searchTerm,
      startsKept: maybePrefix,
      prefixTemplates,
      variableStarts,
    });
    const startsWith = sql`(${variableStarts} or exists (select 1 from ${transactions} x
      where x.id = j.transaction_id and x.txn_ref ilike ${prefix}))`;
    // The rest, one by one: the undecided journals whose description holds the term past the first
    // variable's start (the tail's trigram index finds them), those whose transaction's reference
    // holds it past its first character (the reference tail's), and the journals of a valued
    // template whose value does not fit but whose reference holds the term anywhere.
    const arms = [
      sql`select j.id from ${journals} j where ${undecided}
        and (${holdsNeedle(sql`journal_description_tail(j.description_residue, j.description_template_id)`, needles)})
        and j.description ilike ${pattern} and not ${crossed.journal(startsWith)}`,
      sql`select j.id from ${transactions} x join ${journals} j on j.transaction_id = x.id
        where substr(x.txn_ref, 2) ilike ${pattern} and ${prefixTemplates}
        and not ${crossed.journal(sql`(x.txn_ref ilike ${prefix} or ${variableStarts})`)}`,
      ...crossed.arms,
    ];
    if (valued.length > 0 || prefixed.length > 0) {
      arms.push(sql`select j.id from ${transactions} x join ${journals} j on j.transaction_id = x.id
        where x.txn_ref ilike ${pattern}
        and j.description_template_id in (${idList([...valued.map((template) => template.id), ...prefixedIds])})
        and not ${keptMatch}`);
    }
    const restSet = sql.join(arms, sql` union `);
    const lowered = sql`lower(${searchTerm})`;
    // The walk's references, looked up once for the page (a lookup per journal walked cost `payment`
    // some 20 ms at 1M), and only when a kept share means a walk.
    const byReference = forPage && keptShare ? (referencedEarly ?? (await referencedJournals())) : [];
    return {
      glAccountIds: accounts.map((account) => account.id),
      // With a share from the other kept sums, the walk as before (the references that hold the term
      // looked up first: a lookup per journal walked cost `payment` some 20 ms at 1M); without, the
      // rest is found as a set (its page, as an array of ids, reads its entries through the journal
      // index) and the prefix share walked on its own.
      byJournal: !keptShare
        ? sql`${journalEntries.journalId} = any(array(${restSet}))`
        : forPage
          ? walkOf(referencedOf(byReference))
          : sql`false`,
      settledTemplateIds,
      valued,
      prefixed,
      byJournalOneByOne: sql`${journalEntries.journalId} in (${restSet})`,
      referencePrefix: {
        sums: crossed.sums(
          and(
            sql`(${journalEntryReferenceSums.referencePrefix} = ${lowered} or ${journalEntryReferenceSums.variablePrefix} = ${lowered})`,
            countedElsewhere.length > 0
              ? sql`(${journalEntryReferenceSums.descriptionTemplateId} is null
                or ${journalEntryReferenceSums.descriptionTemplateId} not in (${idList(countedElsewhere)}))`
              : undefined,
          ) as SQL,
        ),
        entries: crossed.page(ofJournal, sql`${prefixTemplates} and ${startsWith}`),
        inJournalWalk: keptShare,
      },
      byAmount:
        forPage && (valued.length > 0 || prefixed.length > 0)
          ? walksByAmount(referencedOf(byReference))
          : undefined,
      byDate: forPage && keptShare ? walksByDate(byReference) : undefined,
    };
  }

  const byReference = referencedEarly ?? (await referencedJournals());
  const referenced = referencedOf(byReference);
  // Counted and summed, the journals checked one by one are the union of two sets, each found
  // through its own index (the residue's trigrams; the references' trigrams, then the journals of
  // those transactions), and their entries by journal: as one condition per entry PostgreSQL read
  // every journal and hashed it against every entry (2-3 s for a reference prefix at 1M).
  const oneByOneSet = sql`select j.id from ${journals} j where ${oneByOne}
      union
      select j.id from ${journals} j where ${referenced} and ${notFromSums}`;
  const oneByOneJournals = sql`${journalEntries.journalId} in (${oneByOneSet})`;
  // For the page, as an array: with `in`, PostgreSQL hashed the set against a scan of every entry
  // (917 ms for a reference prefix at 1M); with the array it reads the set's entries through the
  // journal index (595 ms).
  const oneByOnePage = sql`${journalEntries.journalId} = any(array(${oneByOneSet}))`;
  return {
    glAccountIds: accounts.map((account) => account.id),
    // Without a share from kept sums, the journals checked one by one are all there is: found
    // first, as a set (the walk, misjudged, read every entry: 2.4 s for a reference prefix at 1M).
    byJournal: keptShare ? walkOf(referenced) : oneByOnePage,
    settledTemplateIds,
    valued,
    prefixed,
    byJournalOneByOne: oneByOneJournals,
    byAmount: forPage && (valued.length > 0 || prefixed.length > 0) ? walksByAmount(referenced) : undefined,
    byDate: forPage && keptShare ? walksByDate(byReference) : undefined,
  };
}

/**
 * Where a share of a search's matches is counted and summed from: trigger-kept sums (whole GL
 * accounts, whole description templates; docs/decisions/013, 048) or its entries.
 */
type Piece =
  | { sums: SQL | undefined }
  | { valueSums: SQL }
  | { referenceSums: SQL }
  | { entries: SQL }
  // A term of one or two characters: the gram sums and the pending journals (decision 067).
  | GramPiece
  // A term into an amount: the sums per amount prefix and the pending journals (decision 073).
  | AmountPrefixPiece;

/**
 * One of the disjoint parts a search's matches fall in: `entries` selects its journal entries (the
 * page walks each part on its own index); `pieces`, disjoint too, make up its count and totals.
 */
interface SearchPart {
  entries: SQL;
  pieces: Piece[];
  /** The GL accounts whose every entry the part holds (the accounts matching by name). */
  accounts?: readonly string[];
  /**
   * The journal part's page by amount (decision 070): `walks` as JournalWalksByAmount, each with the
   * part's other conditions; `valueSums` selects the kept value rows whose bounds start the walks,
   * `prefix` the kept amount prefix rows (decision 073) and their pending journals, walked by id
   * with `alsoOf` (the part's other conditions).
   */
  byAmount?: {
    settled: SQL | null;
    valued: SQL;
    rest: SQL;
    valueSums: SQL;
    prefix: (AmountPrefixPiece & { alsoOf: (where: SQL) => SQL }) | null;
  };
  /**
   * The journal part's page by date (decision 072): per settled template, whether its kept sums hold
   * an entry the part's other conditions keep (`gate`); those conditions on the entry (`entries`);
   * and the rest's condition with them.
   */
  byDate?: { templates: { id: number; gate: SQL }[]; entries: SQL; rest: SQL };
}

/**
 * The two parts a search's matches fall in, disjoint: entries of a matching GL account, and the
 * other entries of a matching journal. Each is served by its own index of journal_entries. The
 * journal part is counted from the kept sums of the templates the term settles, plus the entries
 * of the journals checked one by one.
 */
function searchParts(filter: JournalEntryFilter, search: EntrySearch): SearchPart[] {
  const { glAccountIds, byJournal, settledTemplateIds, valued, prefixed, byJournalOneByOne } = search;
  const byAccount = glAccountIds.length > 0 ? inArray(journalEntries.glAccountId, glAccountIds) : undefined;
  const parts: SearchPart[] = [];
  if (byAccount) {
    parts.push({
      entries: and(byAccount, typeWhere(filter)) as SQL,
      pieces: [{ sums: and(inArray(journalEntrySums.glAccountId, glAccountIds), sumsTypeWhere(filter)) }],
      accounts: glAccountIds,
    });
  }
  const otherAccount = byAccount ? not(byAccount) : undefined;
  const pieces: Piece[] = [{ entries: and(byJournalOneByOne, otherAccount, typeWhere(filter)) as SQL }];
  if (settledTemplateIds.length > 0) {
    pieces.push({
      sums: and(
        inArray(journalEntrySums.descriptionTemplateId, settledTemplateIds),
        glAccountIds.length > 0 ? not(inArray(journalEntrySums.glAccountId, glAccountIds)) : undefined,
        sumsTypeWhere(filter),
      ),
    });
  }
  for (const { id, variable, patterns } of valued) {
    pieces.push({
      valueSums: and(
        eq(journalEntryValueSums.descriptionTemplateId, id),
        eq(journalEntryValueSums.variable, variable),
        sql`(${sql.join(
          patterns.map((valuePattern) => sql`${journalEntryValueSums.value} ilike ${valuePattern}`),
          sql` or `,
        )})`,
        glAccountIds.length > 0 ? not(inArray(journalEntryValueSums.glAccountId, glAccountIds)) : undefined,
        filter.entry_type ? eq(journalEntryValueSums.entryType, filter.entry_type) : undefined,
      ) as SQL,
    });
  }
  let prefixPiece: AmountPrefixPiece | null = null;
  if (prefixed.length > 0) {
    const accountIds = sql.join(
      glAccountIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    prefixPiece = amountPrefixPiece(prefixed, (alias) =>
      sql.join(
        [
          glAccountIds.length > 0 ? sql`${sql.raw(alias)}.gl_account_id not in (${accountIds})` : sql`true`,
          filter.entry_type ? sql`${sql.raw(alias)}.entry_type = ${filter.entry_type}` : sql`true`,
        ],
        sql` and `,
      ),
    );
    pieces.push(prefixPiece);
  }
  const { referencePrefix } = search;
  const prefixSums = referencePrefix
    ? (and(
        referencePrefix.sums,
        glAccountIds.length > 0
          ? not(inArray(journalEntryReferenceSums.glAccountId, glAccountIds))
          : undefined,
        filter.entry_type ? eq(journalEntryReferenceSums.entryType, filter.entry_type) : undefined,
      ) as SQL)
    : undefined;
  if (prefixSums && referencePrefix?.inJournalWalk) pieces.push({ referenceSums: prefixSums });
  const { byAmount, byDate } = search;
  const alsoOf = (where: SQL) => and(where, otherAccount, typeWhere(filter)) as SQL;
  const valueSums = pieces.flatMap((piece) => ('valueSums' in piece ? [piece.valueSums] : []));
  parts.push({
    entries: alsoOf(byJournal),
    pieces,
    byAmount:
      byAmount && (valueSums.length > 0 || prefixPiece)
        ? {
            settled: byAmount.settled && alsoOf(byAmount.settled),
            valued: alsoOf(byAmount.valued),
            rest: alsoOf(byAmount.rest),
            valueSums: valueSums.length > 0 ? sql`(${sql.join(valueSums, sql` or `)})` : sql`false`,
            prefix: prefixPiece && { ...prefixPiece, alsoOf },
          }
        : undefined,
    byDate: byDate && {
      // A template none of whose entries the part keeps (all in matching accounts, or of the other
      // side) is not walked: its walk would read every journal of it and find nothing. Without
      // those conditions every entry is kept, and a template with no journal has an empty range.
      templates: byDate.templates.map((id) => ({
        id,
        gate:
          glAccountIds.length > 0 || filter.entry_type
            ? sql`exists (select 1 from ${journalEntrySums} where ${and(
                eq(journalEntrySums.descriptionTemplateId, id),
                sql`${journalEntrySums.entries} > 0`,
                glAccountIds.length > 0
                  ? not(inArray(journalEntrySums.glAccountId, glAccountIds))
                  : undefined,
                sumsTypeWhere(filter),
              )})`
            : sql`true`,
      })),
      entries: alsoOf(sql`true`),
      rest: alsoOf(byDate.rest),
    },
  });
  if (prefixSums && referencePrefix && !referencePrefix.inJournalWalk) {
    // Its page walks the entries between the share's oldest and newest (kept with its sums): a
    // reference's prefix is mostly a stretch of time (a day's references), and the walk starts
    // at its newest match instead of the ledger's newest entry. No share: the walk is not made (a
    // condition on no entry's column, which PostgreSQL checks once before the scan; with only the
    // bounds, null, a walk by amount read the whole amount index: `Owner` 5.2 s at 1M, decision 062).
    const bound = (column: SQL) =>
      sql`(select ${column} from ${journalEntryReferenceSums} where ${prefixSums})`;
    parts.push({
      entries: and(
        sql`exists (select 1 from ${journalEntryReferenceSums} where ${prefixSums})`,
        referencePrefix.entries,
        otherAccount,
        typeWhere(filter),
        sql`${journalEntries.createdAt} >= ${bound(sql`min(${journalEntryReferenceSums.firstAt})`)}`,
        sql`${journalEntries.createdAt} <= ${bound(sql`max(${journalEntryReferenceSums.lastAt})`)}`,
      ) as SQL,
      pieces: [{ referenceSums: prefixSums }],
    });
  }
  return parts;
}

/**
 * A search's parts: a term of one or two characters from the gram sums (decision 067,
 * ./journal-entries-grams.ts), any other through resolveSearch.
 */
async function searchPartsOf(
  db: Database,
  filter: JournalEntryFilter,
  options: JournalSearchOptions,
  forPage: boolean,
): Promise<SearchPart[]> {
  const term = filter.search_term ?? '';
  if (isGramTerm(term)) return gramSearchParts(db, filter, forPage);
  return searchParts(filter, await resolveSearch(db, term, options, forPage));
}

/**
 * The joins every read needs (the search reaches into the GL account, journal and transaction).
 * Written out per selection: drizzle cannot type a join chain over a generic column set.
 */
function selectEntries(db: Database) {
  return (
    db
      .select(entryColumns)
      .from(journalEntries)
      .innerJoin(journals, eq(journals.id, journalEntries.journalId))
      .innerJoin(glAccounts, eq(glAccounts.id, journalEntries.glAccountId))
      .leftJoin(transactions, eq(transactions.id, journals.transactionId))
      // A manual journal or a reversal names its currency itself (migration 0020).
      .leftJoin(
        currencies,
        eq(currencies.id, sql`coalesce(${journals.currencyId}, ${transactions.currencyId})`),
      )
  );
}

type AmountColumns = { amount: AnyPgColumn; entryType: AnyPgColumn };

/** One side's sum, in numeric; null when the side has no amount. */
function sideSum(from: AmountColumns, type: EntryType) {
  return sql`sum(${from.amount}) filter (where ${from.entryType} = ${type})`;
}

/** Summed by PostgreSQL in numeric; scale 6 like the column, also when nothing matches. */
function sumOf(type: EntryType, from: AmountColumns) {
  return sql<string>`(coalesce(${sideSum(from, type)}, 0.000000))::text`;
}

/** Per currency: debit and credit sums, and whether they are equal (compared in numeric). */
function sidesOf(from: AmountColumns) {
  const side = (type: EntryType) => sql`coalesce(${sideSum(from, type)}, 0)`;
  return {
    code: currencies.nameCode,
    places: currencies.decimalPlaces,
    debit: sumOf('DEBIT', from),
    credit: sumOf('CREDIT', from),
    balanced: sql<boolean>`${side('DEBIT')} = ${side('CREDIT')}`,
  };
}

const entryColumns = {
  id: journalEntries.id,
  journalId: journalEntries.journalId,
  entryType: journalEntries.entryType,
  amount: journalEntries.amount,
  createdAt: journalEntries.createdAt,
  glAccountId: glAccounts.id,
  glAccountName: glAccounts.name,
  glAccountType: glAccounts.type,
  description: journals.description,
  txnRef: transactions.txnRef,
  currencyCode: currencies.nameCode,
  postedById: journals.postedById,
  postedByName: journals.postedByName,
};

/** The entry type filter on the trigger-kept sums. */
function sumsTypeWhere(filter: JournalEntryFilter): SQL | undefined {
  return filter.entry_type ? eq(journalEntrySums.entryType, filter.entry_type) : undefined;
}

/** How many entries the trigger-kept sums that `where` selects count (docs/decisions/013). */
async function keptEntryCount(db: Database, where: SQL | undefined): Promise<number> {
  const rows = await db
    .select({ total: sql<number>`coalesce(sum(${journalEntrySums.entries}), 0)::float8` })
    .from(journalEntrySums)
    .where(where);
  return Number(rows[0]?.total ?? 0);
}

/** How many entries one piece of a search holds: from kept sums where they answer it. */
async function countPiece(db: Database, piece: Piece): Promise<number> {
  if ('sums' in piece) return keptEntryCount(db, piece.sums);
  if ('gramSums' in piece) return countGramPiece(db, piece);
  if ('amountPrefixSums' in piece) return countAmountPrefixPiece(db, piece);
  if ('valueSums' in piece) {
    const rows = await db
      .select({ total: sql<number>`coalesce(sum(${journalEntryValueSums.entries}), 0)::float8` })
      .from(journalEntryValueSums)
      .where(piece.valueSums);
    return Number(rows[0]?.total ?? 0);
  }
  if ('referenceSums' in piece) {
    const rows = await db
      .select({ total: sql<number>`coalesce(sum(${journalEntryReferenceSums.entries}), 0)::float8` })
      .from(journalEntryReferenceSums)
      .where(piece.referenceSums);
    return Number(rows[0]?.total ?? 0);
  }
  const rows = await db.select({ total: count() }).from(journalEntries).where(piece.entries);
  return rows[0]?.total ?? 0;
}

/** The sortable columns (decision 044); `amount` has its `(amount, id)` index (migration 0025). */
const SORT_COLUMNS: SortColumns<JournalEntrySortKey> = {
  date: journalEntries.createdAt,
  amount: journalEntries.amount,
};

/** The sort column's name in the search parts' raw SQL (their union is ordered by it again). */
const SORT_COLUMN_NAMES: Readonly<Record<JournalEntrySortKey, string>> = {
  date: 'created_at',
  amount: 'amount',
};

/**
 * The list without a search term: the page (deferred join) and its total from the kept counts, as
 * keptEntryCount reads them, with the entry type, limit and offset as placeholders.
 */
function buildList(db: Database, typed: boolean, newestFirst: SQL[]) {
  const entryType = sql.placeholder('entryType');
  const page = db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(typed ? eq(journalEntries.entryType, entryType) : undefined)
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return {
    page: prepareUnnamed(
      selectEntries(db)
        .innerJoin(page, eq(page.id, journalEntries.id))
        .orderBy(...newestFirst),
    ),
    total: prepareUnnamed(
      db
        .select({ total: sql<number>`coalesce(sum(${journalEntrySums.entries}), 0)::float8` })
        .from(journalEntrySums)
        .where(typed ? eq(journalEntrySums.entryType, entryType) : undefined),
    ),
  };
}

const listStatements = statementCache<ReturnType<typeof buildList>>();
const searchPageStatements = statementCache<ReturnType<typeof prepareSearchPage>>();

/** A search page's rows, by their ids, in the page's order: built once per order (decision 060). */
function prepareSearchPage(db: Database, newestFirst: SQL[]) {
  return prepareUnnamed(
    selectEntries(db)
      .where(sql`${journalEntries.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(...newestFirst),
  );
}

export async function listJournalEntries(
  db: Database,
  query: Omit<JournalEntryListQuery, 'sort'> & { sort?: JournalEntryListQuery['sort'] },
  options: JournalSearchOptions = {},
): Promise<{ contents: JournalEntry[]; total: number }> {
  const { sort = JOURNAL_ENTRY_SORT_DEFAULT, ...filter } = query;
  // Newest first by default; id breaks ties (a journal's entries share created_at) so pages never overlap.
  const newestFirst = orderByOf(sort, SORT_COLUMNS, journalEntries.id);
  const offset = (filter.page - 1) * filter.limit;
  if (!filter.search_term) {
    // Every entry has exactly one journal and one GL account (NOT NULL foreign keys), so the
    // ledger's trigger-kept entry counts are the list's total (docs/decisions/013).
    // Deferred join: the offset walks entries of the (entry type,) created_at index alone, and
    // only the page's rows are joined to journal, GL account, transaction and currency.
    // Built once per shape and kept (server/db/prepared.ts, decision 060): drizzle building these
    // two statements again was 0.25-0.45 ms of CPU on every request.
    const typed = Boolean(filter.entry_type);
    const { page, total } = listStatements(db, `${typed}|${sort.key}.${sort.direction}`, () =>
      buildList(db, typed, newestFirst),
    );
    const values = { entryType: filter.entry_type, limit: filter.limit, offset };
    const [rows, totals] = await Promise.all([page.execute(values), total.execute(values)]);
    return { contents: rows.map(toJournalEntry), total: Number(totals[0]?.total ?? 0) };
  }

  const parts = await searchPartsOf(db, filter, options, true);
  // The page: the first offset + limit of each part in the sort's order, merged. Each part walks
  // its own index (GL account and date; journal), so neither a rare nor a common term scans every
  // entry.
  const sortColumn = sort.key === 'amount' ? journalEntries.amount : journalEntries.createdAt;
  const column = sql.raw(SORT_COLUMN_NAMES[sort.key]);
  const direction = sql.raw(sort.direction);
  const walk = (where: SQL) =>
    sql`(select ${journalEntries.id}, ${sortColumn} from ${journalEntries} where ${where}
        order by ${sql.join(newestFirst, sql`, `)} limit ${offset + filter.limit})`;
  const newest = await Promise.all(
    parts.map(async ({ entries: where, accounts, byAmount, byDate }) => {
      if (sort.key === 'amount' && byAmount) return journalWalksByAmount(db, byAmount, walk);
      if (sort.key === 'date' && byDate)
        return journalWalksByDate(byDate, direction, offset + filter.limit, walk);
      if (sort.key !== 'amount' || !accounts) return walk(where);
      // By amount, `gl_account_id in (...)` walked the whole amount index for the accounts' entries
      // (a fee income account's fees lie at its small end: 2.2 s at 1M). Each (account, side) walks
      // its own range of journal_entries_gl_account_type_amount_idx instead, and the walks are merged.
      const sides = filter.entry_type ? [filter.entry_type] : ENTRY_TYPE_VALUES;
      const walks = accounts.flatMap((account) =>
        sides.map((side) =>
          walk(and(eq(journalEntries.glAccountId, account), eq(journalEntries.entryType, side)) as SQL),
        ),
      );
      return sql`(select * from (${sql.join(walks, sql` union all `)}) as by_account)`;
    }),
  );
  const [pageIds, counts] = await Promise.all([
    queryRows<{ id: string }>(
      db,
      // `distinct`: one part's walks may overlap, and a part alone is not deduplicated by the union;
      // a repeat took a page's place and left out an entry (`of `: a settled template's journal whose
      // reference holds the term too, walked with the template and with the references).
      sql`select distinct id, ${column} from (${sql.join(newest, sql` union `)}) as candidates
        order by ${column} ${direction}, id ${direction} limit ${filter.limit} offset ${offset}`,
    ),
    Promise.all(parts.flatMap((part) => part.pieces).map((piece) => countPiece(db, piece))),
  ]);
  const ids = pageIds.map((row) => row.id);
  const rows =
    ids.length === 0
      ? []
      : await searchPageStatements(db, `${sort.key}.${sort.direction}`, () =>
          prepareSearchPage(db, newestFirst),
        ).execute({ ids });
  const total = counts.reduce((sum, part) => sum + part, 0);
  return { contents: rows.map(toJournalEntry), total };
}

/**
 * The journal part's page sorted by amount (decision 070). Walked as one, by amount, looking up each
 * entry's journal, `fee 5` read 130,777 entries before ten matched (886 ms at 1M): every payment
 * above 100,000 pays fee 150, and its entries lie above every match. The journals a kept value
 * decides are walked per (GL account, side) on journal_entries_gl_account_type_amount_idx, only
 * between the least and greatest amount the matching values' kept rows hold (a null bound:
 * unbounded); the walks are merged with the others by the page's union.
 */
async function journalWalksByAmount(
  db: Database,
  byAmount: NonNullable<SearchPart['byAmount']>,
  walk: (where: SQL) => SQL,
): Promise<SQL> {
  const { prefix } = byAmount;
  // Decision 073: the bounds kept per amount prefix too, and the prefixed journals still pending for
  // the fold (no bounds kept yet: walked by id), read in one snapshot, so a journal the fold moves
  // meanwhile is in one or the other.
  const prefixBounds = prefix
    ? sql`union all select s.gl_account_id, s.entry_type, s.least_amount, s.greatest_amount
        from ${journalEntryAmountPrefixSums} s where ${prefix.amountPrefixSums} and s.entries > 0`
    : sql``;
  const [read] = await queryRows<{
    bounds: { account: string; side: EntryType; least: string | null; greatest: string | null }[] | null;
    pending: string[] | null;
  }>(
    db,
    sql`with kept as (
        select ${journalEntryValueSums.glAccountId} as account, ${journalEntryValueSums.entryType} as side,
          ${journalEntryValueSums.leastAmount} as least, ${journalEntryValueSums.greatestAmount} as greatest
        from ${journalEntryValueSums} where ${byAmount.valueSums} and ${journalEntryValueSums.entries} > 0
        ${prefixBounds}
      ), bounds as (
        select account, side,
          (case when count(least) = count(*) then min(least) end)::text as least,
          (case when count(greatest) = count(*) then max(greatest) end)::text as greatest
        from kept group by 1, 2 order by 1, 2
      )
      select (select json_agg(bounds) from bounds) as bounds,
        ${
          prefix
            ? sql`(select array_agg(distinct p.journal_id)::text[] from ${journalEntryGramPending} p
                join ${journals} j on j.id = p.journal_id where ${prefix.amountPrefixPending})`
            : sql`null::text[]`
        } as pending`,
  );
  const walks = (read?.bounds ?? []).map(({ account, side, least, greatest }) =>
    walk(
      and(
        eq(journalEntries.glAccountId, account),
        eq(journalEntries.entryType, side),
        least === null ? undefined : sql`${journalEntries.amount} >= ${least}::numeric`,
        greatest === null ? undefined : sql`${journalEntries.amount} <= ${greatest}::numeric`,
        byAmount.valued,
      ) as SQL,
    ),
  );
  const pending = read?.pending ?? [];
  if (prefix && pending.length > 0) {
    walks.push(
      walk(
        prefix.alsoOf(
          sql`${journalEntries.journalId} in (${sql.join(
            pending.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        ),
      ),
    );
  }
  if (byAmount.settled) walks.push(walk(byAmount.settled));
  walks.push(walk(byAmount.rest));
  // `union`: a pending journal's entry may also lie in a bounded walk (and a referenced one in a valued walk).
  return sql`(select * from (${sql.join(walks, sql` union `)}) as by_amount)`;
}

/**
 * The journal part's page sorted by date when the term settles some template (decision 072): per
 * template, its journals in the sort's order on journals_template_created_at_idx, each one's entries
 * in its place, ordered by the journal's created_at and then the entry's id, which is the entries'
 * own order since an entry's created_at is its journal's (migration 0039). PostgreSQL walks the
 * index and sorts only the entries of journals posted at the same instant (an incremental sort),
 * stopping at `limit`. The rest is walked as before, through its set; the page's union merges all.
 */
function journalWalksByDate(
  byDate: NonNullable<SearchPart['byDate']>,
  direction: SQL,
  limit: number,
  walk: (where: SQL) => SQL,
): SQL {
  const walks = byDate.templates.map(
    ({ id, gate }) =>
      sql`(select ${journalEntries.id}, ${journalEntries.createdAt}
        from ${journals} j join ${journalEntries} on ${journalEntries.journalId} = j.id
        where j.description_template_id = ${id}::smallint and ${gate} and ${byDate.entries}
        order by j.created_at ${direction}, ${journalEntries.id} ${direction} limit ${limit})`,
  );
  walks.push(walk(byDate.rest));
  // The walks may overlap (a settled template's journal is in the rest too when its transaction's
  // reference holds the term): the page's `select distinct` drops the repeats.
  return sql`(select * from (${sql.join(walks, sql` union all `)}) as by_template)`;
}

export async function findJournalEntry(db: Database, id: string): Promise<JournalEntry | undefined> {
  const rows = await selectEntries(db).where(eq(journalEntries.id, id));
  return rows[0] ? toJournalEntry(rows[0]) : undefined;
}

type TotalsRow = {
  code: string | null;
  places: number | null;
  debit: string;
  credit: string;
  balanced: boolean;
};

/**
 * A search's sums, piece by piece: the pieces are disjoint (searchParts), so each is aggregated on
 * its own (whole GL accounts and whole templates from their kept sums, the rest from its entries
 * where its index serves it) and the per-currency sums are added in numeric. One aggregate over
 * `id in (either part)` made PostgreSQL semi-join every matching id: 21 s for a term matching most
 * of the ledger ("merchant"); see the addendum to docs/decisions/012.
 */
/** A search piece's totals per currency from one of the kept sums tables (decisions 048, 055). */
function keptTotals(
  table: typeof journalEntrySums | typeof journalEntryValueSums | typeof journalEntryReferenceSums,
  where: SQL | undefined,
) {
  return sql`select ${currencies.nameCode} as code, ${currencies.decimalPlaces} as places,
      ${sideSum(table, 'DEBIT')} as debit, ${sideSum(table, 'CREDIT')} as credit
    from ${table}
    left join ${currencies} on ${currencies.id} = ${table.currencyId}
    where ${where}
    group by ${currencies.nameCode}, ${currencies.decimalPlaces}`;
}

async function searchTotals(db: Database, parts: SearchPart[]): Promise<TotalsRow[]> {
  const perPart = parts
    .flatMap((part) => part.pieces)
    .flatMap((piece) =>
      'gramSums' in piece
        ? gramPieceTotals(piece)
        : 'amountPrefixSums' in piece
          ? amountPrefixPieceTotals(piece)
          : 'sums' in piece
            ? keptTotals(journalEntrySums, piece.sums)
            : 'valueSums' in piece
              ? keptTotals(journalEntryValueSums, piece.valueSums)
              : 'referenceSums' in piece
                ? keptTotals(journalEntryReferenceSums, piece.referenceSums)
                : sql`select ${currencies.nameCode} as code, ${currencies.decimalPlaces} as places,
            ${sideSum(journalEntries, 'DEBIT')} as debit, ${sideSum(journalEntries, 'CREDIT')} as credit
          from ${journalEntries}
          join ${journals} on ${journals.id} = ${journalEntries.journalId}
          left join ${transactions} on ${transactions.id} = ${journals.transactionId}
          left join ${currencies} on ${currencies.id} = coalesce(${journals.currencyId}, ${transactions.currencyId})
          where ${piece.entries}
          group by ${currencies.nameCode}, ${currencies.decimalPlaces}`,
    );
  // Scale 6 like the column, also for a side with no entries; compared in numeric, never in JS.
  return queryRows<TotalsRow>(
    db,
    sql`select code, places,
        coalesce(sum(debit), 0.000000)::text as debit, coalesce(sum(credit), 0.000000)::text as credit,
        coalesce(sum(debit), 0) = coalesce(sum(credit), 0) as balanced
      from (${sql.join(perPart, sql` union all `)}) as parts
      group by code, places
      order by code asc nulls last`,
  );
}

/**
 * Debit and credit sums over everything the filter matches, not one page, per currency: amounts of
 * different currencies are never added together. Manual postings (no transaction, so no currency)
 * make their own line, last. The balance is compared in numeric too, never in JS.
 */
export async function journalEntryTotals(
  db: Database,
  filter: JournalEntryFilter,
  options: JournalSearchOptions = {},
): Promise<JournalEntryTotals> {
  const byCurrency = [currencies.nameCode, currencies.decimalPlaces] as const;
  const manualLast = sql`${currencies.nameCode} asc nulls last`;
  const rows = filter.search_term
    ? await searchTotals(db, await searchPartsOf(db, filter, options, false))
    : // The whole ledger (or one side of it): the trigger-kept sums (docs/decisions/013).
      await db
        .select(sidesOf(journalEntrySums))
        .from(journalEntrySums)
        .leftJoin(currencies, eq(currencies.id, journalEntrySums.currencyId))
        .where(sumsTypeWhere(filter))
        .groupBy(...byCurrency)
        .orderBy(manualLast);
  return {
    currencies: rows.map((row) => ({
      currency:
        row.code === null || row.places === null ? null : { name_code: row.code, decimal_places: row.places },
      debit: row.debit,
      credit: row.credit,
      balanced: row.balanced,
    })),
  };
}

function toJournalEntry(row: {
  id: string;
  journalId: string;
  entryType: EntryType;
  amount: string;
  createdAt: Date;
  glAccountId: string;
  glAccountName: string;
  glAccountType: JournalEntry['gl_account']['type'];
  description: string | null;
  txnRef: string | null;
  currencyCode: string | null;
  postedById: string | null;
  postedByName: string | null;
}): JournalEntry {
  return {
    id: row.id,
    journal_id: row.journalId,
    entry_type: row.entryType,
    amount: row.amount,
    currency: row.currencyCode === null ? null : { name_code: row.currencyCode },
    gl_account: { id: row.glAccountId, name: row.glAccountName, type: row.glAccountType },
    description: row.description,
    transaction_reference: row.txnRef,
    posted_by: recordedActor(row.postedById, row.postedByName),
    created_at: row.createdAt.toISOString(),
  };
}
