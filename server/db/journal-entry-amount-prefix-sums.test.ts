/**
 * `journal_entry_amount_prefix_sums` (migration 0040, docs/decisions/073) on databases of their own:
 * the gram fold moves each pending row into these sums too, batch by batch, equal to the ledger read
 * entry by entry; a bulk load's rebuild empties them with the gram sums; TRUNCATE clears them; the
 * migration's backfill on a ledger partly folded before it counts the folded entries only, and the
 * fold adds the rest. (The search's answers in every state are checked against a plain scan in
 * server/db/queries/journal-entries.property.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { keptAndLedgerAmountPrefixSums } from '../test/amount-prefix-sums';
import { TEST_DATABASE_KINDS, withSeededScratch } from '../test/db';
import { queryRows } from './connect';
import { foldJournalEntryGrams, foldPendingJournalEntryGrams, rebuildJournalEntrySums } from './maintenance';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';

const NOW = new Date('2026-11-21T12:00:00Z');

const count = async (db: Parameters<typeof queryRows>[0], table: string) =>
  (await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n ?? 0;

describe.each(TEST_DATABASE_KINDS)('journal_entry_amount_prefix_sums on %s', (kind) => {
  it('is filled by the gram fold batch by batch equal to the ledger, emptied by a rebuild and by TRUNCATE', async () => {
    await withSeededScratch(kind, { merchants: 2, transactions: 40, now: NOW }, async (scratch) => {
      const db = scratch.db;
      // The seed's bulk load leaves every entry pending: nothing kept yet.
      expect(await count(db, 'journal_entry_amount_prefix_sums')).toBe(0);
      const rows = await count(db, 'journal_entry_gram_pending');
      expect(await foldJournalEntryGrams(db, 9)).toBe(9);
      const part = await keptAndLedgerAmountPrefixSums(db);
      expect(part.kept).toEqual(part.ledger);
      expect(await foldPendingJournalEntryGrams(db, { batch: 25 })).toBe(rows - 9);
      const folded = await keptAndLedgerAmountPrefixSums(db);
      // Payments (two amounts) and payouts, each at lengths 1 to 3.
      expect(folded.ledger.length).toBeGreaterThan(40);
      expect(folded.kept).toEqual(folded.ledger);
      expect(folded.kept.some((group) => group.key.startsWith('1/4/'))).toBe(true);
      // One row per group: the fold adds into a group's row.
      expect(await count(db, 'journal_entry_amount_prefix_sums')).toBe(folded.ledger.length);
      // A bulk load's rebuild: every entry pending again, nothing kept.
      await rebuildJournalEntrySums(db);
      expect(await count(db, 'journal_entry_amount_prefix_sums')).toBe(0);
      await foldPendingJournalEntryGrams(db);
      expect((await keptAndLedgerAmountPrefixSums(db)).kept).toEqual(folded.ledger);
      await db.execute(sql`TRUNCATE journal_entries`);
      expect(await count(db, 'journal_entry_amount_prefix_sums')).toBe(0);
    });
    // PGlite on a loaded machine: 54 s.
  }, 180_000);

  it('backfills the folded entries of a ledger partly folded before migration 0040, and the fold adds the rest', async () => {
    await withSeededScratch(kind, { merchants: 2, transactions: 30, now: NOW }, async (scratch) => {
      const db = scratch.db;
      const rows = await count(db, 'journal_entry_gram_pending');
      // Back to the schema before 0040: its objects dropped, 0036's fold, rebuild and clear restored.
      const restored = readFileSync(`${MIGRATIONS_FOLDER}/0036_journal_search_grams.sql`, 'utf8')
        .split('--> statement-breakpoint')
        .filter((statement) =>
          /CREATE (OR REPLACE )?FUNCTION "journal_entry_(gram_sums_fold|gram_pending_rebuild|sums_clear)"/.test(
            statement,
          ),
        );
      expect(restored).toHaveLength(3);
      for (const statement of restored)
        await db.execute(sql.raw(statement.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')));
      await db.execute(sql`drop table journal_entry_amount_prefix_sums`);
      await db.execute(sql`alter table journal_description_templates drop column prefix_variables`);
      await db.execute(sql`drop function journal_amount_prefix_max()`);
      const { entries } = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as {
        entries: { tag: string; when: number }[];
      };
      const since = entries.find((entry) => entry.tag.endsWith('_journal_search_amount_prefixes'))?.when;
      expect(since).toBeDefined();
      await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${since}`);
      // Half folded by 0036's fold (into the gram sums only), the rest pending, and a payment posted
      // after: the backfill must count the folded half and leave the pending rows to the fold.
      expect(await foldJournalEntryGrams(db, Math.floor(rows / 2))).toBe(Math.floor(rows / 2));
      const [journal] = await queryRows<{ id: string }>(
        db,
        sql`insert into journals (event_type, description, created_at)
          values ('MANUAL', 'Payment received: 123.5, fee 1, 122.5 payable to the merchant', ${NOW.toISOString()}::timestamptz)
          returning id`,
      );
      await db.execute(sql`insert into journal_entries (journal_id, gl_account_id, entry_type, amount, created_at)
        select ${journal?.id}::uuid, id, side, 123.5, ${NOW.toISOString()}::timestamptz
        from (select id from gl_accounts order by name limit 1) a cross join (values ('DEBIT'), ('CREDIT')) s(side)`);
      await migrateDatabase(scratch);
      const backfilled = await keptAndLedgerAmountPrefixSums(db);
      expect(backfilled.ledger.length).toBeGreaterThan(20);
      expect(backfilled.kept).toEqual(backfilled.ledger);
      await foldPendingJournalEntryGrams(db);
      const folded = await keptAndLedgerAmountPrefixSums(db);
      // The payment posted before the migration: template 10, its amount (V1) kept per prefix.
      expect(folded.kept.some((group) => group.key.startsWith('10/1/123/'))).toBe(true);
      expect(folded.kept).toEqual(folded.ledger);
    });
  }, 180_000);
});
