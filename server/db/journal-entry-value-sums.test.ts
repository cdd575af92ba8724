/**
 * `journal_entry_value_sums` (migration 0029, docs/decisions/055) on a database of its own: filled
 * by a bulk load's rebuild, appended by the entries' trigger for postings one by one, and cleared
 * with the entries by TRUNCATE. (Equality with the ledger after the trigger and a fold is checked in
 * server/db/queries/journal-entries.property.test.ts.)
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS, withSeededScratch } from '../test/db';
import { type Executor, queryRows } from './connect';
import { compactJournalEntryValueSums, rebuildJournalEntrySums } from './maintenance';

const NOW = new Date('2026-11-21T12:00:00Z');

/** The kept sums per group, and the same computed from the entries. */
async function keptAndLedger(db: Executor) {
  const key = sql.raw(
    `concat_ws('/', description_template_id, variable, value, currency_id, gl_account_id, entry_type)`,
  );
  const kept = await queryRows<{ key: string; entries: string; amount: string }>(
    db,
    sql`select ${key} as key, sum(entries)::text as entries, sum(amount)::text as amount
      from journal_entry_value_sums group by 1 order by 1`,
  );
  const ledger = await queryRows<{ key: string; entries: string; amount: string }>(
    db,
    sql`select ${key} as key, count(*)::text as entries, sum(amount)::text as amount from (
        select j.description_template_id, k.variable,
          split_part(j.description_residue, chr(31), k.variable + 1) as value,
          coalesce(j.currency_id, tx.currency_id) as currency_id, e.gl_account_id, e.entry_type, e.amount
        from journal_entries e join journals j on j.id = e.journal_id
        join journal_description_templates d on d.id = j.description_template_id
        cross join lateral unnest(d.kept_variables) as k(variable)
        left join transactions tx on tx.id = j.transaction_id) as lines
      group by 1 order by 1`,
  );
  return { kept, ledger };
}

describe.each(TEST_DATABASE_KINDS)('journal_entry_value_sums on %s', (kind) => {
  it('equals the ledger after the seed, after a rebuild and a fold, and is cleared by TRUNCATE', async () => {
    await withSeededScratch(kind, { merchants: 2, transactions: 60, now: NOW }, async (scratch) => {
      const seeded = await keptAndLedger(scratch.db);
      expect(seeded.kept.length).toBeGreaterThan(0);
      expect(seeded.kept).toEqual(seeded.ledger);
      // Rebuilt on top of rows already there (a bulk load's end): replaced, never added twice.
      await rebuildJournalEntrySums(scratch.db);
      expect((await keptAndLedger(scratch.db)).kept).toEqual(seeded.ledger);
      await compactJournalEntryValueSums(scratch.db);
      const rows = await queryRows<{ n: number }>(
        scratch.db,
        sql`select count(*)::int as n from journal_entry_value_sums`,
      );
      expect(rows[0]?.n).toBe(seeded.ledger.length);
      await scratch.db.execute(sql`TRUNCATE journal_entries`);
      expect(await queryRows(scratch.db, sql`select * from journal_entry_value_sums`)).toEqual([]);
    });
  });
});
