/**
 * `journal_entry_reference_sums` (migration 0030, docs/decisions/058) as kept, and as read from the
 * ledger entry by entry: the tests compare the two after the seed, a rebuild, a fold and the
 * entries' trigger.
 */
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/connect';
import { JOURNAL_REFERENCE_PREFIX_MAX } from '../db/queries/journal-entries';

type Group = { key: string; entries: string; amount: string; first_at: string; last_at: string };

/**
 * The kept sums per group, and the same read from the entries: each entry once per prefix length,
 * with the prefixes of its transaction's reference and of its description's first variable part
 * (null when shorter than the length; no row when both are).
 */
export async function keptAndLedgerReferenceSums(db: Executor): Promise<{ kept: Group[]; ledger: Group[] }> {
  const key = sql.raw(
    `concat_ws('/', coalesce(description_template_id::text, '-'), coalesce(reference_prefix, '-'),
      coalesce(variable_prefix, '-'), currency_id, gl_account_id, entry_type)`,
  );
  const kept = await queryRows<Group>(
    db,
    sql`select ${key} as key, sum(entries)::text as entries, sum(amount)::text as amount,
        min(first_at)::text as first_at, max(last_at)::text as last_at
      from journal_entry_reference_sums group by 1 order by 1`,
  );
  const ledger = await queryRows<Group>(
    db,
    sql`select ${key} as key, count(*)::text as entries, sum(amount)::text as amount,
        min(created_at)::text as first_at, max(created_at)::text as last_at
      from (
        select j.description_template_id,
          case when char_length(tx.txn_ref) >= n then lower(substr(tx.txn_ref, 1, n)) end as reference_prefix,
          case when j.description_template_id is not null
            and char_length(split_part(j.description_residue, chr(31), 2)) >= n
            then lower(substr(split_part(j.description_residue, chr(31), 2), 1, n)) end as variable_prefix,
          coalesce(j.currency_id, tx.currency_id) as currency_id, e.gl_account_id, e.entry_type, e.amount, e.created_at
        from journal_entries e join journals j on j.id = e.journal_id
        left join transactions tx on tx.id = j.transaction_id
        cross join generate_series(1, ${JOURNAL_REFERENCE_PREFIX_MAX}::int) as n) as lines
      where reference_prefix is not null or variable_prefix is not null
      group by 1 order by 1`,
  );
  return { kept, ledger };
}
