/**
 * `journal_entry_amount_prefix_sums` (migration 0040, docs/decisions/073) as kept, and the same read
 * from the ledger entry by entry: every entry of a templated journal, once per prefix variable of its
 * template and per length 1..3 its value reaches, less the entries still pending for the fold
 * (`journal_entry_gram_pending`, per journal, GL account and side). The tests compare the two after
 * folds, a rebuild and the migration's backfill. Exact while no (journal, GL account, side) has
 * entries both folded and pending (the tests post to new journals).
 */
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/connect';

type Group = { key: string; entries: string; amount: string };

const KEY = sql.raw(
  `concat_ws('/', description_template_id, variable, prefix, coalesce(currency_id::text, '-'), gl_account_id, entry_type)`,
);

/** The kept rows summed per group, and the ledger's entries that are not pending, per group. */
export async function keptAndLedgerAmountPrefixSums(
  db: Executor,
): Promise<{ kept: Group[]; ledger: Group[] }> {
  const kept = await queryRows<Group>(
    db,
    sql`select ${KEY} as key, sum(entries)::text as entries, sum(amount)::text as amount
      from journal_entry_amount_prefix_sums group by 1 having sum(entries) <> 0 order by 1`,
  );
  const ledger = await queryRows<Group>(
    db,
    sql`with folded as (
        select e.* from journal_entries e
        where not exists (select 1 from journal_entry_gram_pending p
          where p.journal_id = e.journal_id and p.gl_account_id = e.gl_account_id and p.entry_type = e.entry_type)
      ), prefixed as (
        select j.description_template_id, k.variable,
          lower(substr(split_part(j.description_residue, chr(31), k.variable + 1), 1, n)) as prefix,
          coalesce(j.currency_id, tx.currency_id) as currency_id, e.gl_account_id, e.entry_type, e.amount
        from folded e
        join journals j on j.id = e.journal_id
        join journal_description_templates d on d.id = j.description_template_id
        cross join lateral unnest(d.prefix_variables) as k(variable)
        cross join generate_series(1, 3) as n
        left join transactions tx on tx.id = j.transaction_id
        where char_length(split_part(j.description_residue, chr(31), k.variable + 1)) >= n
      )
      select ${KEY} as key, count(*)::text as entries, sum(amount)::text as amount
      from prefixed group by 1 order by 1`,
  );
  return { kept, ledger };
}
