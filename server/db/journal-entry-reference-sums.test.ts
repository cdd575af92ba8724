/**
 * `journal_entry_reference_sums` (migration 0030, docs/decisions/058) on a database of its own:
 * filled by a bulk load's rebuild, folded by maintenance, and cleared with the entries by TRUNCATE,
 * always equal to the ledger read entry by entry. (After the entries' trigger, for postings one by
 * one, the same is checked in server/db/queries/journal-entries.property.test.ts.)
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS, withSeededScratch } from '../test/db';
import { keptAndLedgerReferenceSums } from '../test/reference-sums';
import { queryRows } from './connect';
import { compactJournalEntryReferenceSums, rebuildJournalEntrySums } from './maintenance';
import { JOURNAL_REFERENCE_PREFIX_MAX } from './queries/journal-entries';

const NOW = new Date('2026-11-21T12:00:00Z');

describe.each(TEST_DATABASE_KINDS)('journal_entry_reference_sums on %s', (kind) => {
  it('equals the ledger after the seed, after a rebuild and a fold, and is cleared by TRUNCATE', async () => {
    await withSeededScratch(kind, { merchants: 2, transactions: 60, now: NOW }, async (scratch) => {
      const [limit] = await queryRows<{ n: number }>(
        scratch.db,
        sql`select journal_reference_prefix_max() as n`,
      );
      expect(limit?.n).toBe(JOURNAL_REFERENCE_PREFIX_MAX);
      const seeded = await keptAndLedgerReferenceSums(scratch.db);
      // Every length of a seeded reference (13 characters) up to the longest kept.
      expect(seeded.kept.length).toBeGreaterThan(60);
      expect(seeded.kept).toEqual(seeded.ledger);
      // Rebuilt on top of rows already there (a bulk load's end): replaced, never added twice.
      await rebuildJournalEntrySums(scratch.db);
      expect((await keptAndLedgerReferenceSums(scratch.db)).kept).toEqual(seeded.ledger);
      await compactJournalEntryReferenceSums(scratch.db);
      const rows = await queryRows<{ n: number }>(
        scratch.db,
        sql`select count(*)::int as n from journal_entry_reference_sums`,
      );
      expect(rows[0]?.n).toBe(seeded.ledger.length);
      expect((await keptAndLedgerReferenceSums(scratch.db)).kept).toEqual(seeded.ledger);
      await scratch.db.execute(sql`TRUNCATE journal_entries`);
      expect(await queryRows(scratch.db, sql`select * from journal_entry_reference_sums`)).toEqual([]);
    });
  });
});
