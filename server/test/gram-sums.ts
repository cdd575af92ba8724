/**
 * `journal_entry_gram_sums` and `journal_entry_gram_pending` (migration 0036, docs/decisions/067)
 * as kept, and the gram sums as read from the ledger entry by entry: the tests compare the two after
 * the seed, a rebuild, the migration's backfill, folds and the entries' trigger.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/connect';

type Group = { key: string; entries: string; amount: string; first_at: string; last_at: string };

const KEY = sql.raw(
  `concat_ws('/', gram, coalesce(description_template_id::text, '-'), coalesce(currency_id::text, '-'), gl_account_id, entry_type)`,
);

/** A kept table's rows summed per `key` (the gram sums and their pending rows have the same sums). */
function keptGroups(db: Executor, table: string, key: SQL): Promise<Group[]> {
  return queryRows<Group>(
    db,
    sql`select ${key} as key, sum(entries)::text as entries, sum(amount)::text as amount,
        min(first_at)::text as first_at, max(last_at)::text as last_at
      from ${sql.identifier(table)} group by 1 order by 1`,
  );
}

/**
 * The gram sums per group, and the same read from the ledger without the gram function: every
 * one- and two-character piece (lowercased) of each journal's description and of its transaction's
 * reference, less those inside one of its template's literal parts (lowercased), each entry once per
 * distinct gram of its journal. `pending`: the entries the pending table still holds.
 */
export async function keptAndLedgerGramSums(
  db: Executor,
): Promise<{ kept: Group[]; ledger: Group[]; pending: number }> {
  const kept = await keptGroups(db, 'journal_entry_gram_sums', KEY);
  const ledger = await queryRows<Group>(
    db,
    sql`with grams as (
        select distinct j.id as journal_id, j.description_template_id,
          coalesce(j.currency_id, tx.currency_id) as currency_id, lower(substr(s.text, i, n)) as gram
        from journals j
        left join transactions tx on tx.id = j.transaction_id
        cross join lateral (values (j.description), (tx.txn_ref)) as s(text)
        cross join lateral generate_series(1, char_length(s.text)) as i
        cross join (values (1), (2)) as l(n)
        where s.text is not null and i + n - 1 <= char_length(s.text)
          and not exists (
            select 1 from journal_description_templates d cross join lateral unnest(d.literals) as literal
            where d.id = j.description_template_id and strpos(lower(literal), lower(substr(s.text, i, n))) > 0)
      )
      select ${KEY} as key, count(*)::text as entries, sum(e.amount)::text as amount,
        min(e.created_at)::text as first_at, max(e.created_at)::text as last_at
      from journal_entries e join grams g on g.journal_id = e.journal_id
      group by 1 order by 1`,
  );
  const [pending] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(entries), 0)::int as n from journal_entry_gram_pending`,
  );
  return { kept, ledger, pending: pending?.n ?? 0 };
}

/** The entries the pending table holds per (journal, GL account, side), and the ledger's. */
export async function pendingAndLedgerGroups(db: Executor): Promise<{ pending: Group[]; ledger: Group[] }> {
  const key = sql.raw(`concat_ws('/', journal_id, gl_account_id, entry_type)`);
  const pending = await keptGroups(db, 'journal_entry_gram_pending', key);
  const ledger = await queryRows<Group>(
    db,
    sql`select ${key} as key, count(*)::text as entries, sum(amount)::text as amount,
        min(created_at)::text as first_at, max(created_at)::text as last_at
      from journal_entries group by 1 order by 1`,
  );
  return { pending, ledger };
}
