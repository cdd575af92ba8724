import { pagedSchema } from '@contract/envelope';
import { journalEntrySchema, journalEntryTotalsSchema } from '@contract/journal-entry';
import { API_ERRORS } from '@contract/messages';
import { expect } from 'vitest';
import { type ConformanceCase, type ResourceCases, UNKNOWN_ID } from '../case';
import { ID_NOT_UUID, LIMIT_TOO_LARGE, refusals, rowsOf, totalOf } from './helpers';

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
  ...refusals({ method: 'GET', path: 'journal-entries' }, 'nobody'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'journal-entries', query: { limit: '500' } },
    expect: { status: 400, message: LIMIT_TOO_LARGE },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'journal-entries', query: { entry_type: 'BOTH' } },
    expect: { status: 400, message: ENTRY_TYPE },
  },
  {
    name: 'newest first, paged',
    role: 'support',
    request: { method: 'GET', path: 'journal-entries', query: { page: '1', limit: '10' } },
    expect: {
      status: 200,
      data: page,
      check: (data) => {
        expect((data as { total_pages: number }).total_pages).toBe(Math.ceil(totalOf(data) / 10));
        const dates = rowsOf<Entry>(data).map((e) => e.created_at);
        expect(dates).toHaveLength(10);
        expect(dates).toEqual([...dates].sort().reverse());
      },
    },
  },
  {
    role: 'finance',
    request: { method: 'GET', path: 'journal-entries', query: { entry_type: 'DEBIT', limit: '100' } },
    expect: {
      status: 200,
      data: page,
      check: (data) => {
        expect(totalOf(data)).toBeGreaterThan(0);
        expect(rowsOf<Entry>(data).filter((e) => e.entry_type !== 'DEBIT')).toEqual([]);
      },
    },
  },
  {
    name: 'searches the GL account name, any case',
    role: 'admin',
    request: { method: 'GET', path: 'journal-entries', query: { search_term: 'fee income', limit: '100' } },
    expect: {
      status: 200,
      data: page,
      check: (data) => {
        expect(totalOf(data)).toBeGreaterThan(0);
        expect(new Set(rowsOf<Entry>(data).map((e) => e.gl_account.name))).toEqual(
          new Set(['Gateway Fee Income']),
        );
      },
    },
  },

  {
    name: 'searches the transaction reference',
    role: 'admin',
    request: {
      method: 'GET',
      path: 'journal-entries',
      query: { search_term: '{journal-reference:newest}', limit: '100' },
    },
    expect: {
      status: 200,
      data: page,
      check: async (data, context) => {
        const reference = await context.resolve('{journal-reference:newest}');
        expect(totalOf(data)).toBeGreaterThan(0);
        expect(new Set(rowsOf<Entry>(data).map((e) => e.transaction_reference))).toEqual(
          new Set([reference]),
        );
      },
    },
  },
  {
    name: "a transaction's journals balance",
    role: 'admin',
    request: {
      method: 'GET',
      path: 'journal-entries/totals',
      query: { search_term: '{journal-reference:newest}' },
    },
    expect: {
      status: 200,
      data: journalEntryTotalsSchema,
      check: (data) => {
        const { currencies } = data as Totals;
        expect(currencies).toHaveLength(1);
        expect(currencies[0]).toMatchObject({ debit: currencies[0]?.credit, balanced: true });
      },
    },
  },

  // GET journal-entries/totals: the list's filters, every matching entry
  ...refusals({ method: 'GET', path: 'journal-entries/totals' }, 'nobody'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'journal-entries/totals', query: { entry_type: 'BOTH' } },
    expect: { status: 400, message: ENTRY_TYPE },
  },
  {
    name: 'whole journals balance in each currency',
    role: 'support',
    request: { method: 'GET', path: 'journal-entries/totals' },
    expect: {
      status: 200,
      data: journalEntryTotalsSchema,
      check: (data) => {
        const { currencies } = data as Totals;
        expect(currencies.length).toBeGreaterThan(0);
        for (const line of currencies) expect(line).toMatchObject({ debit: line.credit, balanced: true });
      },
    },
  },
  {
    name: 'credits only: nothing on the debit side',
    role: 'admin',
    request: {
      method: 'GET',
      path: 'journal-entries/totals',
      query: { entry_type: 'CREDIT', page: '3', limit: '1' },
    },
    expect: {
      status: 200,
      data: journalEntryTotalsSchema,
      check: (data) => {
        for (const line of (data as Totals).currencies)
          expect(line).toMatchObject({ debit: '0.000000', balanced: false });
      },
    },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: 'journal-entries/totals', query: { search_term: 'nothing-matches' } },
    expect: { status: 200, data: journalEntryTotalsSchema, match: { currencies: [] } },
  },

  // GET journal-entries/{id}
  ...refusals({ method: 'GET', path: 'journal-entries/{journal-entry:newest}' }, 'nobody'),
  {
    role: 'admin',
    request: { method: 'GET', path: 'journal-entries/nope' },
    expect: { status: 400, message: ID_NOT_UUID },
  },
  {
    role: 'admin',
    request: { method: 'GET', path: `journal-entries/${UNKNOWN_ID}` },
    expect: { status: 404, message: NOT_FOUND },
  },
  {
    name: 'the entry as the list shows it',
    role: 'finance',
    request: { method: 'GET', path: 'journal-entries/{journal-entry:newest}' },
    expect: {
      status: 200,
      data: journalEntrySchema,
      check: async (data, context) =>
        expect(data).toEqual(rowsOf(await context.get('journal-entries?limit=1'))[0]),
    },
  },
];

export const journalEntryCases: ResourceCases = { resource: 'journal-entries', cases };
