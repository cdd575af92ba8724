/**
 * The share of a journal entry search that the sums kept per amount prefix count (docs/decisions/073,
 * migration 0040). A term that runs from a literal part into an amount variable and ends inside it
 * (`ived: 1` in a payment: the amount starts with 1; server/db/description-templates.ts
 * amountPrefixCondition) matches a journal of that template exactly when the variable starts with one
 * of a few starts. Those journals are counted and summed from two disjoint pieces, read in one
 * statement:
 * - the rows of `journal_entry_amount_prefix_sums` of each (template, variable, start): the journals
 *   the gram fold has moved there;
 * - the rows still pending for that fold (`journal_entry_gram_pending`), whose journal is checked one
 *   by one.
 * The fold moves a pending row into these sums (and the gram sums) in one statement, so in any one
 * snapshot each entry is in exactly one of the two pieces.
 */

import type { SQL } from 'drizzle-orm';
import type { Database } from '../connect';
import { journalEntryAmountPrefixSums } from '../schema';
import { sql } from '../sql-tag';
import {
  countKeptAndPending,
  type KeptAndPending,
  keptAndPendingTotals,
} from './journal-entries-kept-and-pending';

/** Prefixes of an amount variable's value are kept up to this length (journal_amount_prefix_max()). */
export const JOURNAL_AMOUNT_PREFIX_MAX = 3;

/** A template decided by the start of one amount variable kept per prefix. */
export interface AmountPrefixed {
  id: number;
  variable: number;
  /** Lowercased, prefix-free, each at most JOURNAL_AMOUNT_PREFIX_MAX characters. */
  starts: string[];
}

/** The kept rows (`sums`) and the pending rows (`pending`, alias `p` with its journal `j` and transaction `t`). */
export interface AmountPrefixPiece {
  amountPrefixSums: SQL;
  amountPrefixPending: SQL;
}

/** An ILIKE pattern for a value starting with `start` (digits and a point: nothing to escape, escaped anyway). */
const startPattern = (start: string) => `${start.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** True for a journal `j` of a prefixed template whose variable starts with one of its starts. */
export function amountPrefixMatch(prefixed: readonly AmountPrefixed[]): SQL {
  if (prefixed.length === 0) return sql`false`;
  return sql`(${sql.join(
    prefixed.map(
      ({ id, variable, starts }) =>
        sql`(j.description_template_id = ${id}::smallint and (${sql.join(
          starts.map(
            (start) =>
              sql`journal_description_value(j.description_residue, ${variable}::int) ilike ${startPattern(start)}`,
          ),
          sql` or `,
        )}))`,
    ),
    sql` or `,
  )})`;
}

/**
 * The piece of the prefixed templates' journals: `others(alias)` keeps the rows of a table (`s` the
 * kept rows, `p` the pending ones) not of a GL account matching by name and of the side filtered.
 */
export function amountPrefixPiece(
  prefixed: readonly AmountPrefixed[],
  others: (alias: string) => SQL,
): AmountPrefixPiece {
  const rows = sql`(${sql.join(
    prefixed.map(
      ({ id, variable, starts }) =>
        sql`(s.description_template_id = ${id}::smallint and s.variable = ${variable}::smallint
          and s.prefix in (${sql.join(
            starts.map((start) => sql`${start}`),
            sql`, `,
          )}))`,
    ),
    sql` or `,
  )})`;
  return {
    amountPrefixSums: sql`${rows} and ${others('s')}`,
    amountPrefixPending: sql`${amountPrefixMatch(prefixed)} and ${others('p')}`,
  };
}

const SUMS_FROM = sql`${journalEntryAmountPrefixSums} s`;

/** The piece's kept rows and pending rows, read together (journal-entries-kept-and-pending.ts). */
const keptAndPending = (piece: AmountPrefixPiece): KeptAndPending => ({
  from: SUMS_FROM,
  alias: 's',
  kept: piece.amountPrefixSums,
  pending: piece.amountPrefixPending,
});

/** How many entries the piece holds: the kept rows and the pending rows in one snapshot. */
export function countAmountPrefixPiece(db: Database, piece: AmountPrefixPiece): Promise<number> {
  return countKeptAndPending(db, keptAndPending(piece));
}

/** The piece's totals per currency, as two members of searchTotals' union (one statement). */
export function amountPrefixPieceTotals(piece: AmountPrefixPiece): SQL[] {
  return keptAndPendingTotals(keptAndPending(piece));
}
