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
import { listJournalEntries } from './queries/journal-entries';

const NOW = new Date('2026-11-21T12:00:00Z');

/** Every entry of a templated journal once per kept variable, with that variable's value. */
const ledgerLines = sql`(
  select j.description_template_id, k.variable,
    split_part(j.description_residue, chr(31), k.variable + 1) as value,
    coalesce(j.currency_id, tx.currency_id) as currency_id, e.gl_account_id, e.entry_type, e.amount
  from journal_entries e join journals j on j.id = e.journal_id
  join journal_description_templates d on d.id = j.description_template_id
  cross join lateral unnest(d.kept_variables) as k(variable)
  left join transactions tx on tx.id = j.transaction_id) as lines`;

/**
 * The kept amount bounds per group (decision 070), least and greatest over its rows (a null one
 * shown as null), and the same computed from the entries.
 */
async function boundsAndLedger(db: Executor) {
  const key = sql.raw(
    `concat_ws('/', description_template_id, variable, value, currency_id, gl_account_id, entry_type)`,
  );
  const kept = await queryRows<{ key: string; least: string | null; greatest: string | null }>(
    db,
    sql`select ${key} as key,
        (case when count(least_amount) = count(*) then min(least_amount) end)::text as least,
        (case when count(greatest_amount) = count(*) then max(greatest_amount) end)::text as greatest
      from journal_entry_value_sums group by 1 order by 1`,
  );
  const ledger = await queryRows<{ key: string; least: string | null; greatest: string | null }>(
    db,
    sql`select ${key} as key, min(amount)::text as least, max(amount)::text as greatest from ${ledgerLines}
      group by 1 order by 1`,
  );
  return { kept, ledger };
}

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
    sql`select ${key} as key, count(*)::text as entries, sum(amount)::text as amount from ${ledgerLines}
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

  it('keeps each group least and greatest entry amount after the seed, postings, a rebuild and a fold; a delete leaves them wide', async () => {
    await withSeededScratch(kind, { merchants: 2, transactions: 60, now: NOW }, async (scratch) => {
      const seeded = await boundsAndLedger(scratch.db);
      expect(seeded.kept.length).toBeGreaterThan(0);
      expect(seeded.kept).toEqual(seeded.ledger);
      // Postings one by one through the trigger, above and below a fee journal's amounts.
      const [journal] = await queryRows<{ id: string; account: string }>(
        scratch.db,
        sql`select j.id, e.gl_account_id as account from journals j join journal_entries e on e.journal_id = j.id
          join journal_description_templates d on d.id = j.description_template_id
          where cardinality(d.kept_variables) > 0 order by j.id limit 1`,
      );
      if (!journal) throw new Error('the seed made no journal of a kept-variable template');
      for (const [entryType, amount] of [
        ['DEBIT', '987654.321'],
        ['CREDIT', '987654.321'],
        ['DEBIT', '0.000001'],
        ['CREDIT', '0.000001'],
      ] as const) {
        await scratch.db.execute(sql`insert into journal_entries (journal_id, gl_account_id, entry_type, amount)
          values (${journal.id}, ${journal.account}, ${entryType}, ${amount})`);
      }
      const posted = await boundsAndLedger(scratch.db);
      expect(posted.kept).toEqual(posted.ledger);
      expect(posted.kept).not.toEqual(seeded.kept);
      await compactJournalEntryValueSums(scratch.db);
      const folded = await queryRows<{ key: string; least: string | null; greatest: string | null }>(
        scratch.db,
        sql`select concat_ws('/', description_template_id, variable, value, currency_id, gl_account_id, entry_type) as key,
            least_amount::text as least, greatest_amount::text as greatest
          from journal_entry_value_sums order by 1`,
      );
      expect(folded).toEqual(posted.ledger);
      // A null bound (unbounded) stays null through a fold, whatever the group's other rows hold.
      await scratch.db.execute(sql`insert into journal_entry_value_sums (description_template_id, variable, value,
          currency_id, gl_account_id, entry_type, entries, amount, least_amount, greatest_amount)
        select description_template_id, variable, value, currency_id, gl_account_id, entry_type, 0, 0, null, null
        from journal_entry_value_sums order by 1, 2, 3, 5, 6 limit 1`);
      await compactJournalEntryValueSums(scratch.db);
      const nulls = await queryRows<{ n: number }>(
        scratch.db,
        sql`select count(*)::int as n from journal_entry_value_sums where least_amount is null and greatest_amount is null`,
      );
      expect(nulls[0]?.n).toBe(1);
      await rebuildJournalEntrySums(scratch.db);
      expect((await boundsAndLedger(scratch.db)).kept).toEqual(posted.ledger);
      // A delete leaves the bound as wide as it was: the page sorted by amount stays exact.
      await scratch.db.execute(sql`alter table journal_entries disable trigger journal_entries_append_only`);
      await scratch.db.execute(sql`delete from journal_entries where amount = 987654.321`);
      await scratch.db.execute(sql`alter table journal_entries enable trigger journal_entries_append_only`);
      const deleted = await boundsAndLedger(scratch.db);
      expect(deleted.kept).toEqual(posted.ledger);
      expect(deleted.kept).not.toEqual(deleted.ledger);
      const [value] = await queryRows<{ term: string }>(
        scratch.db,
        sql`select 'fee ' || split_part(j.description_residue, chr(31), d.kept_variables[1] + 1) as term
          from journals j join journal_description_templates d on d.id = j.description_template_id
          where j.id = ${journal.id}`,
      );
      const term = value?.term ?? '';
      const plain = await queryRows<{ id: string }>(
        scratch.db,
        sql`select e.id from journal_entries e join journals j on j.id = e.journal_id
          join gl_accounts g on g.id = e.gl_account_id left join transactions t on t.id = j.transaction_id
          where g.name ilike ${`%${term}%`} or j.description ilike ${`%${term}%`} or t.txn_ref ilike ${`%${term}%`}
          order by e.amount desc, e.id desc limit 5`,
      );
      expect(plain.length).toBeGreaterThan(0);
      const listed = await listJournalEntries(scratch.db, {
        search_term: term,
        sort: { key: 'amount', direction: 'desc' },
        page: 1,
        limit: 5,
      });
      expect(listed.contents.map((entry) => entry.id)).toEqual(plain.map((row) => row.id));
      await scratch.db.execute(sql`TRUNCATE journal_entries`);
      expect(await queryRows(scratch.db, sql`select * from journal_entry_value_sums`)).toEqual([]);
    });
  });
});
