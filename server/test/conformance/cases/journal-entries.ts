import { pagedSchema } from '@contract/envelope';
import { journalEntrySchema, journalEntryTotalsSchema } from '@contract/journal-entry';
import { API_ERRORS } from '@contract/messages';
import { journalEntryOperations } from '@contract/operations/journal-entries';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { itemCases, listCases, refusalCases } from './helpers';
import { fails, ok, rowsOf, table, totalOf } from './table';

const page = pagedSchema(journalEntrySchema);
const NOT_FOUND = API_ERRORS.notFound('Journal entry');
const ENTRY_TYPE = `entry_type: ${API_ERRORS.queryEnum('entry_type', ['DEBIT', 'CREDIT'])}`;

type Entry = {
  entry_type: string;
  created_at: string;
  gl_account: { name: string };
  transaction_reference: string | null;
};
type Totals = { currencies: { currency: unknown; debit: string; credit: string; balanced: boolean }[] };

// Support and finance both hold view-journal-entry: a signed-in user holding nothing stands in for the 403.
const cases: ConformanceCase[] = [
  // GET journal-entries
  ...listCases(journalEntryOperations.list, { refused: 'nobody' }),
  ...table([
    ['admin GET journal-entries?entry_type=BOTH', fails(400, ENTRY_TYPE)],
    [
      'support GET journal-entries?page=1&limit=10',
      ok(page, null, (data) => {
        expect((data as { total_pages: number }).total_pages).toBe(Math.ceil(totalOf(data) / 10));
        const dates = rowsOf<Entry>(data).map((e) => e.created_at);
        expect(dates).toHaveLength(10);
        expect(dates).toEqual([...dates].sort().reverse());
      }),
      { name: 'newest first, paged' },
    ],
    [
      'finance GET journal-entries?entry_type=DEBIT&limit=100',
      ok(page, null, (data) => {
        expect(totalOf(data)).toBeGreaterThan(0);
        expect(rowsOf<Entry>(data).filter((e) => e.entry_type !== 'DEBIT')).toEqual([]);
      }),
    ],
    [
      'admin GET journal-entries?search_term=fee income&limit=100',
      ok(page, null, (data) => {
        expect(totalOf(data)).toBeGreaterThan(0);
        expect(new Set(rowsOf<Entry>(data).map((e) => e.gl_account.name))).toEqual(
          new Set(['Gateway Fee Income']),
        );
      }),
      { name: 'searches the GL account name, any case' },
    ],
    [
      'admin GET journal-entries?search_term={journal-reference:newest}&limit=100',
      ok(page, null, async (data, context) => {
        const reference = await context.resolve('{journal-reference:newest}');
        expect(totalOf(data)).toBeGreaterThan(0);
        expect(new Set(rowsOf<Entry>(data).map((e) => e.transaction_reference))).toEqual(
          new Set([reference]),
        );
      }),
      { name: 'searches the transaction reference' },
    ],
    [
      'admin GET journal-entries/totals?search_term={journal-reference:newest}',
      ok(journalEntryTotalsSchema, null, (data) => {
        const { currencies } = data as Totals;
        expect(currencies).toHaveLength(1);
        expect(currencies[0]).toMatchObject({ debit: currencies[0]?.credit, balanced: true });
      }),
      { name: "a transaction's journals balance" },
    ],
  ]),

  // GET journal-entries/totals: the list's filters, every matching entry
  ...refusalCases(journalEntryOperations.totals, { refused: 'nobody' }),
  ...table([
    ['admin GET journal-entries/totals?entry_type=BOTH', fails(400, ENTRY_TYPE)],
    [
      'support GET journal-entries/totals',
      ok(journalEntryTotalsSchema, null, (data) => {
        const { currencies } = data as Totals;
        expect(currencies.length).toBeGreaterThan(0);
        for (const line of currencies) expect(line).toMatchObject({ debit: line.credit, balanced: true });
      }),
      { name: 'whole journals balance in each currency' },
    ],
    [
      'admin GET journal-entries/totals?entry_type=CREDIT&page=3&limit=1',
      ok(journalEntryTotalsSchema, null, (data) => {
        for (const line of (data as Totals).currencies)
          expect(line).toMatchObject({ debit: '0.000000', balanced: false });
      }),
      { name: 'credits only: nothing on the debit side' },
    ],
    [
      'admin GET journal-entries/totals?search_term=nothing-matches',
      ok(journalEntryTotalsSchema, { currencies: [] }),
    ],
  ]),

  // GET journal-entries/{id}
  ...itemCases(journalEntryOperations.detail, {
    at: 'journal-entries/{journal-entry:newest}',
    refused: 'nobody',
    message: NOT_FOUND,
  }),
  ...table([
    [
      'finance GET journal-entries/{journal-entry:newest}',
      ok(journalEntrySchema, null, async (data, context) =>
        expect(data).toEqual(rowsOf(await context.get('journal-entries?limit=1'))[0]),
      ),
      { name: 'the entry as the list shows it' },
    ],
  ]),
];

export const journalEntryCases: ResourceCases = { resource: 'journal-entries', cases };
