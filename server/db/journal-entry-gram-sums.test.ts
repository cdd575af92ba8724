/**
 * `journal_entry_gram_sums` and `journal_entry_gram_pending` (migration 0036, docs/decisions/067) on
 * databases of their own: the seed and a bulk load's rebuild leave every entry pending and the gram
 * sums empty; folds move them, batch by batch, into gram sums equal to the ledger read entry by
 * entry; two folds at once count each row once; the migration's backfill on a ledger posted before
 * it; TRUNCATE clears both. (The search's answers in every state are checked against a plain scan in
 * server/db/queries/journal-entries.property.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS, withSeededScratch } from '../test/db';
import { keptAndLedgerGramSums, pendingAndLedgerGroups } from '../test/gram-sums';
import { queryRows } from './connect';
import {
  foldJournalEntryGrams,
  foldPendingJournalEntryGrams,
  rebuildJournalEntrySums,
  scheduleGramFold,
} from './maintenance';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';

const NOW = new Date('2026-11-21T12:00:00Z');

const count = async (db: Parameters<typeof queryRows>[0], table: string) =>
  (await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n ?? 0;

describe.each(TEST_DATABASE_KINDS)('journal_entry_gram_sums on %s', (kind) => {
  it('leaves the seed pending, folds it in batches equal to the ledger, rebuilds, and is cleared by TRUNCATE', async () => {
    await withSeededScratch(kind, { merchants: 2, transactions: 40, now: NOW }, async (scratch) => {
      const db = scratch.db;
      const seeded = await pendingAndLedgerGroups(db);
      expect(seeded.ledger.length).toBeGreaterThan(40);
      expect(seeded.pending).toEqual(seeded.ledger);
      expect(await count(db, 'journal_entry_gram_sums')).toBe(0);
      // Folded in small batches: each moves that many rows, the last fewer.
      const rows = await count(db, 'journal_entry_gram_pending');
      expect(await foldJournalEntryGrams(db, 7)).toBe(7);
      expect(await count(db, 'journal_entry_gram_pending')).toBe(rows - 7);
      expect(await foldPendingJournalEntryGrams(db, { batch: 25 })).toBe(rows - 7);
      const folded = await keptAndLedgerGramSums(db);
      expect(folded.pending).toBe(0);
      expect(folded.ledger.length).toBeGreaterThan(100);
      expect(folded.kept).toEqual(folded.ledger);
      // One row per group: the fold adds into a group's row.
      expect(await count(db, 'journal_entry_gram_sums')).toBe(folded.ledger.length);
      // Rebuilt on top (a bulk load's end): all pending again, nothing counted twice.
      await rebuildJournalEntrySums(db);
      expect((await pendingAndLedgerGroups(db)).pending).toEqual(seeded.ledger);
      expect(await count(db, 'journal_entry_gram_sums')).toBe(0);
      await foldPendingJournalEntryGrams(db);
      expect((await keptAndLedgerGramSums(db)).kept).toEqual(folded.ledger);
      // Half folded, then TRUNCATE: both tables empty.
      await rebuildJournalEntrySums(db);
      await foldJournalEntryGrams(db, Math.floor(rows / 2));
      await db.execute(sql`TRUNCATE journal_entries`);
      expect(await count(db, 'journal_entry_gram_sums')).toBe(0);
      expect(await count(db, 'journal_entry_gram_pending')).toBe(0);
    });
  });

  it('backfills the pending rows of a ledger posted before migration 0036, and the fold sums it', async () => {
    await withSeededScratch(kind, { merchants: 2, transactions: 30, now: NOW }, async (scratch) => {
      const db = scratch.db;
      // Back to the schema before 0036 (its objects and those of 0037 and 0038 dropped, the trigger
      // functions of 0030 and 0029 restored, their records removed), so that migrating again runs
      // 0036 on a ledger it has never seen, and 0037 and 0038 after it.
      const restore = (file: string, functions: RegExp) =>
        readFileSync(`${MIGRATIONS_FOLDER}/${file}`, 'utf8')
          .split('--> statement-breakpoint')
          .filter((statement) => functions.test(statement));
      const statements = [
        ...restore(
          '0030_journal_search_references.sql',
          /CREATE OR REPLACE FUNCTION "journal_entry_sums_(append|clear)"/,
        ),
        ...restore(
          '0029_journal_search_values.sql',
          /CREATE (OR REPLACE )?FUNCTION "journal_entry_value_sums_rebuild"/,
        ),
      ];
      expect(statements).toHaveLength(3);
      // 0029 created the rebuild without OR REPLACE.
      for (const statement of statements)
        await db.execute(sql.raw(statement.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')));
      await db.execute(
        sql`alter table journal_entry_value_sums drop column least_amount, drop column greatest_amount`,
      );
      // 0040's (decision 073): the amount prefix sums the fold fills.
      await db.execute(sql`drop table journal_entry_amount_prefix_sums`);
      await db.execute(sql`alter table journal_description_templates drop column prefix_variables`);
      await db.execute(sql`drop function journal_amount_prefix_max()`);
      await db.execute(sql`drop function journal_entry_gram_sums_fold(int)`);
      await db.execute(sql`drop function journal_entry_gram_pending_rebuild()`);
      await db.execute(sql`drop table journal_entry_gram_sums, journal_entry_gram_pending`);
      await db.execute(sql`alter table journal_description_templates drop column literal_grams`);
      await db.execute(sql`drop function journal_search_grams(text, text, text[])`);
      await db.execute(sql`drop function journal_literal_grams(text[])`);
      // 0038's indexes.
      await db.execute(
        sql`drop index transactions_customer_name_amount_idx, transactions_customer_name_txn_ref_idx, transactions_customer_name_status_idx, transactions_customer_name_type_idx`,
      );
      // 0039's.
      await db.execute(sql`drop trigger journal_entries_created_at_of_journal on journal_entries`);
      await db.execute(sql`drop function journal_entry_created_at_of_journal()`);
      await db.execute(sql`drop index journals_template_created_at_idx`);
      // Every record from 0036 on, so that migrating again runs 0036 and each later migration: a
      // migration after 0037 must have its objects dropped above, as 0037's are.
      const { entries } = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as {
        entries: { tag: string; when: number }[];
      };
      const since = entries.find((entry) => entry.tag === '0036_journal_search_grams')?.when;
      expect(since).toBeDefined();
      await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${since}`);
      // A posting under the old trigger, after the seed's bulk load.
      const [journal] = await queryRows<{ id: string }>(
        db,
        sql`insert into journals (event_type, description, created_at)
          values ('MANUAL', 'Écart zq9 before 0036', ${NOW.toISOString()}::timestamptz) returning id`,
      );
      await db.execute(sql`insert into journal_entries (journal_id, gl_account_id, entry_type, amount, created_at)
        select ${journal?.id}::uuid, id, side, 4.5, ${NOW.toISOString()}::timestamptz
        from (select id from gl_accounts order by name limit 1) a cross join (values ('DEBIT'), ('CREDIT')) s(side)`);
      await migrateDatabase(scratch);
      const backfilled = await pendingAndLedgerGroups(db);
      expect(backfilled.ledger.some((group) => group.key.startsWith(`${journal?.id}/`))).toBe(true);
      expect(backfilled.pending).toEqual(backfilled.ledger);
      expect(await count(db, 'journal_entry_gram_sums')).toBe(0);
      await foldPendingJournalEntryGrams(db);
      const folded = await keptAndLedgerGramSums(db);
      expect(folded.kept.some((group) => group.key.startsWith('zq/'))).toBe(true);
      expect(folded.kept).toEqual(folded.ledger);
      // And the trigger appends to the pending table from now on.
      await db.execute(sql`insert into journal_entries (journal_id, gl_account_id, entry_type, amount, created_at)
        select ${journal?.id}::uuid, id, 'DEBIT', 1, ${NOW.toISOString()}::timestamptz
        from (select id from gl_accounts order by name limit 1) a`);
      expect(await count(db, 'journal_entry_gram_pending')).toBe(1);
    });
  }, 180_000);

  it('counts each pending row once when two folds run at once', async () => {
    await withSeededScratch(kind, { merchants: 2, transactions: 40, now: NOW }, async (scratch) => {
      const db = scratch.db;
      const rows = await count(db, 'journal_entry_gram_pending');
      if (kind === 'pglite' || !scratch.url) {
        // One connection: the folds take turns.
        await Promise.all([foldJournalEntryGrams(db, rows), foldJournalEntryGrams(db, rows)]);
      } else {
        // Two sessions (two servers): the first folds in a transaction still open while the second
        // folds; then the first commits.
        const first = new pg.Client({ connectionString: scratch.url });
        const second = new pg.Client({ connectionString: scratch.url });
        await Promise.all([first.connect(), second.connect()]);
        try {
          await first.query('begin');
          const moved = await first.query('select journal_entry_gram_sums_fold($1) as n', [rows]);
          expect(moved.rows[0]?.n).toBe(rows);
          const meanwhile = second.query('select journal_entry_gram_sums_fold($1) as n', [rows]);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await first.query('commit');
          expect((await meanwhile).rows[0]?.n).toBeLessThanOrEqual(0);
        } finally {
          await Promise.all([first.end(), second.end()]);
        }
      }
      await foldPendingJournalEntryGrams(db);
      const folded = await keptAndLedgerGramSums(db);
      expect(folded.pending).toBe(0);
      expect(folded.kept).toEqual(folded.ledger);
    });
  });

  it('vacuums the pending table when its rounds catch up with a backlog, and not before', async () => {
    await withSeededScratch(kind, { merchants: 1, transactions: 12, now: NOW }, async (scratch) => {
      const rows = await count(scratch.db, 'journal_entry_gram_pending');
      const pages = async () => {
        const [size] = await queryRows<{ pages: number }>(
          scratch.db,
          sql`select (pg_relation_size('journal_entry_gram_pending') / current_setting('block_size')::int)::int as pages`,
        );
        return size?.pages ?? -1;
      };
      expect(await pages()).toBeGreaterThan(0);
      // A backlog larger than the threshold: the dead rows stay (no VACUUM) until a round catches up.
      const rounds = async (vacuumAfter: number) => {
        const logged: string[] = [];
        const stop = scheduleGramFold(scratch, { intervalMs: 20, budgetMs: 10, vacuumAfter }, (line) =>
          logged.push(line),
        );
        try {
          const deadline = Date.now() + 10_000;
          while ((await count(scratch.db, 'journal_entry_gram_pending')) > 0 && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          // Two more ticks: the round that emptied the table ends, with its VACUUM if due.
          await new Promise((resolve) => setTimeout(resolve, 300));
        } finally {
          stop();
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(logged).toEqual([]);
      };
      await rounds(rows + 1);
      expect(await count(scratch.db, 'journal_entry_gram_pending')).toBe(0);
      expect(await pages()).toBeGreaterThan(0);
      await rebuildJournalEntrySums(scratch.db);
      await rounds(rows);
      // VACUUM truncated the empty pages at the table's end: nothing for a short search to read.
      expect(await pages()).toBe(0);
      const folded = await keptAndLedgerGramSums(scratch.db);
      expect(folded.kept).toEqual(folded.ledger);
    });
  });

  it('folds the pending rows on its timer until none is left', async () => {
    await withSeededScratch(kind, { merchants: 1, transactions: 12, now: NOW }, async (scratch) => {
      const rows = await count(scratch.db, 'journal_entry_gram_pending');
      expect(rows).toBeGreaterThan(12);
      const logged: string[] = [];
      const stop = scheduleGramFold(scratch, { intervalMs: 20, budgetMs: 10 }, (line) => logged.push(line));
      try {
        const deadline = Date.now() + 10_000;
        while ((await count(scratch.db, 'journal_entry_gram_pending')) > 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        stop();
      }
      // Let a round still running finish before the database is disposed.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(logged).toEqual([]);
      const folded = await keptAndLedgerGramSums(scratch.db);
      expect(folded.pending).toBe(0);
      expect(folded.kept).toEqual(folded.ledger);
    });
  });
});
