/**
 * What the journal search's pieces answered from sums the gram fold keeps (decision 067's gram sums,
 * decision 073's amount prefix sums) share: the kept rows and the rows still pending (journals
 * posted since the last fold) are counted and summed together, in one statement each, so that a
 * fold between two reads can neither count a row twice nor miss it.
 */

import type { SQL } from 'drizzle-orm';
import { type Database, queryRows } from '../connect';
import { currencies, journalEntryGramPending, journals, transactions } from '../schema';
import { sql } from '../sql-tag';

/** The pending rows (`p`) with their journal (`j`) and transaction (`t`): the plain condition and the currency. */
export const PENDING_FROM = sql`${journalEntryGramPending} p
  join ${journals} j on j.id = p.journal_id
  left join ${transactions} t on t.id = j.transaction_id`;

/** A piece's kept rows (`from`, read as `alias`, which carries `entries`, `amount`, `entry_type`, `currency_id`) and its pending rows. */
export interface KeptAndPending {
  from: SQL;
  alias: string;
  kept: SQL;
  pending: SQL;
}

/** How many entries the piece holds: the kept rows and the pending rows in one snapshot. */
export async function countKeptAndPending(db: Database, piece: KeptAndPending): Promise<number> {
  const alias = sql.raw(piece.alias);
  const rows = await queryRows<{ total: number }>(
    db,
    sql`select ((select coalesce(sum(${alias}.entries), 0) from ${piece.from} where ${piece.kept})
      + (select coalesce(sum(p.entries), 0) from ${PENDING_FROM} where ${piece.pending}))::float8 as total`,
  );
  return Number(rows[0]?.total ?? 0);
}

/** One side's sum over a table's `amount` and `entry_type` (alias-qualified). */
function sideSum(alias: string, type: 'DEBIT' | 'CREDIT') {
  return sql.raw(`sum(${alias}.amount) filter (where ${alias}.entry_type = '${type}')`);
}

/** The piece's totals per currency, as two members of searchTotals' union (one statement: one snapshot). */
export function keptAndPendingTotals(piece: KeptAndPending): SQL[] {
  return [
    sql`select ${currencies.nameCode} as code, ${currencies.decimalPlaces} as places,
        ${sideSum(piece.alias, 'DEBIT')} as debit, ${sideSum(piece.alias, 'CREDIT')} as credit
      from ${piece.from}
      left join ${currencies} on ${currencies.id} = ${sql.raw(piece.alias)}.currency_id
      where ${piece.kept}
      group by ${currencies.nameCode}, ${currencies.decimalPlaces}`,
    sql`select ${currencies.nameCode} as code, ${currencies.decimalPlaces} as places,
        ${sideSum('p', 'DEBIT')} as debit, ${sideSum('p', 'CREDIT')} as credit
      from ${PENDING_FROM}
      left join ${currencies} on ${currencies.id} = coalesce(j.currency_id, t.currency_id)
      where ${piece.pending}
      group by ${currencies.nameCode}, ${currencies.decimalPlaces}`,
  ];
}
