import { pagedSchema } from '@contract/envelope';
import { type EntryType, journalEntrySchema, journalEntryTotalsSchema } from '@contract/journal-entry';
import { API_ERRORS } from '@contract/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { journalEntryTotals, listJournalEntries } from '../db/queries/journal-entries';
import { describeApi, readEnvelope } from '../test/api';
import { expectStatus, expectUnknownAndMalformedIds } from '../test/expect';
import { insertJournal, type JournalFixture, noPermissionToken } from '../test/ledger';

const BASE = '/api/v1/journal-entries';
const listSchema = pagedSchema(journalEntrySchema);
const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111';
const FILLERS = 12;

/** Exact sum of decimal strings at the column's scale (6), as the database's numeric would give. */
function sum(amounts: readonly string[]): string {
  const micros = amounts.reduce((acc, amount) => {
    const [whole = '0', fraction = ''] = amount.split('.');
    return acc + BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  }, 0n);
  return `${micros / 1_000_000n}.${String(micros % 1_000_000n).padStart(6, '0')}`;
}

interface Expected {
  id: string;
  createdAt: Date;
  entryType: EntryType;
  amount: string;
  glName: string;
  description: string | null;
  txnRef: string | null;
  /** The name_code of the posting's transaction; null for a manual posting. */
  currency: string | null;
}

describeApi('journal entries', { signIn: ['admin', 'support', 'finance'] }, (api, signed) => {
  let nobody: string;
  /** Every entry, newest first (the API's order: created_at, then id, descending). */
  const expected: Expected[] = [];

  const glId = (name: string) => {
    const id = api.catalog.glAccounts.find((g) => g.name === name)?.id;
    if (!id) throw new Error(`no GL account ${name}`);
    return id;
  };

  async function add(
    fixture: Omit<JournalFixture, 'entries'> & { entries: [string, EntryType, string][] },
    createdAt: Date,
  ) {
    const ids = await insertJournal(api, {
      ...fixture,
      createdAt,
      entries: fixture.entries.map(([gl, entryType, amount]) => ({
        glAccountId: glId(gl),
        entryType,
        amount,
      })),
    });
    // The posting's currency is its transaction's (the catalog's first unless one is asked for).
    const currency = fixture.txnRef
      ? (fixture.currency ?? api.catalog.currencies[0]?.nameCode ?? null)
      : null;
    fixture.entries.forEach(([glName, entryType, amount], index) => {
      const id = ids[index];
      if (!id) throw new Error('missing entry id');
      expected.push({
        id,
        createdAt,
        entryType,
        amount,
        glName,
        description: fixture.description ?? null,
        txnRef: fixture.txnRef ?? null,
        currency,
      });
    });
  }

  beforeAll(async () => {
    nobody = await noPermissionToken(api);
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute));
    // 0.1 twelve times: a float sum would drift (1.2000000000000002); numeric must not.
    for (let i = 0; i < FILLERS; i++) {
      await add(
        {
          description: `Bank charge ${i}`,
          entries: [
            ['Bank Charges Expense', 'DEBIT', '0.1'],
            ['Settlement Bank Accounts', 'CREDIT', '0.1'],
          ],
        },
        at(i),
      );
    }
    await add(
      {
        description: 'Card payment',
        txnRef: 'TXN-GAMMA-003',
        currency: 'USD',
        entries: [
          ['Gateway Receivables Control', 'DEBIT', '20.01'],
          ['Merchant Payables', 'CREDIT', '20.01'],
        ],
      },
      at(20),
    );
    await add(
      {
        description: 'Opening balance 100%',
        entries: [
          ['Settlement Bank Accounts', 'DEBIT', '1000.5'],
          ['Owner Equity', 'CREDIT', '1000.5'],
        ],
      },
      at(30),
    );
    await add(
      {
        description: 'Payment received',
        txnRef: 'TXN-ALPHA-001',
        entries: [
          ['Gateway Receivables Control', 'DEBIT', '250.25'],
          ['Merchant Payables', 'CREDIT', '245'],
          ['Gateway Fee Income', 'CREDIT', '5.25'],
        ],
      },
      at(40),
    );
    await add(
      {
        txnRef: 'TXN-BETA-002',
        entries: [
          ['Transfers in Suspense', 'DEBIT', '0.000001'],
          ['Settlement Bank Accounts', 'CREDIT', '0.000001'],
        ],
      },
      at(50),
    );
    expected.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  });

  async function list(query: string, token = signed.admin) {
    const response = await api.call(`${BASE}${query}`, { token });
    return { response, body: await readEnvelope(response, listSchema) };
  }

  async function totals(query: string, token = signed.admin) {
    const response = await api.call(`${BASE}/totals${query}`, { token });
    return { response, body: await readEnvelope(response, journalEntryTotalsSchema) };
  }

  const ids = (entries: readonly Expected[]) => entries.map((e) => e.id);

  describe('GET /journal-entries', () => {
    it('answers entries newest first in the contract shape', async () => {
      const { response, body } = await list('');
      expect(response.status).toBe(200);
      expect(body.data.total).toBe(expected.length);
      expect(body.data.total_pages).toBe(Math.ceil(expected.length / 10));
      expect(body.data.contents.map((e) => e.id)).toEqual(ids(expected.slice(0, 10)));
      const payment = body.data.contents.find((e) => e.gl_account.name === 'Gateway Fee Income');
      expect(payment).toMatchObject({
        entry_type: 'CREDIT',
        amount: '5.250000',
        currency: { name_code: api.catalog.currencies[0]?.nameCode },
        gl_account: { id: glId('Gateway Fee Income'), name: 'Gateway Fee Income', type: 'INCOME' },
        description: 'Payment received',
        transaction_reference: 'TXN-ALPHA-001',
      });
      const manual = body.data.contents.find((e) => e.gl_account.name === 'Owner Equity');
      expect(manual).toMatchObject({
        currency: null,
        transaction_reference: null,
        gl_account: { type: 'EQUITY' },
      });
      // Entries of one posting share their journal.
      const alpha = body.data.contents.filter((e) => e.transaction_reference === 'TXN-ALPHA-001');
      expect(new Set(alpha.map((e) => e.journal_id)).size).toBe(1);
    });

    it('pages through everything exactly once (entries of a journal tie on created_at)', async () => {
      const seen: string[] = [];
      const pages = Math.ceil(expected.length / 4);
      for (let page = 1; page <= pages; page++) {
        const { body } = await list(`?limit=4&page=${page}`);
        expect(body.data.total_pages).toBe(pages);
        seen.push(...body.data.contents.map((e) => e.id));
      }
      expect(seen).toEqual(ids(expected));
      expect((await list(`?limit=4&page=${pages + 1}`)).body.data.contents).toEqual([]);
    });

    it('filters by entry_type; empty means all; a bad one is a 400 naming the field', async () => {
      for (const type of ['DEBIT', 'CREDIT'] as const) {
        const { body } = await list(`?entry_type=${type}&limit=100`);
        expect(body.data.contents.map((e) => e.id)).toEqual(
          ids(expected.filter((e) => e.entryType === type)),
        );
      }
      expect((await list('?entry_type=')).body.data.total).toBe(expected.length);
      const bad = await list('?entry_type=debit');
      expect(bad.response.status).toBe(400);
      expect(bad.body.errorMessage).toBe(
        `entry_type: ${API_ERRORS.queryEnum('entry_type', ['DEBIT', 'CREDIT'])}`,
      );
    });

    it('searches GL account name, journal description and transaction reference', async () => {
      const found = async (query: string) =>
        (await list(`?limit=100&${query}`)).body.data.contents.map((e) => e.id);
      const where = (test: (e: Expected) => boolean) => ids(expected.filter(test));
      expect(await found('search_term=alpha-0')).toEqual(where((e) => e.txnRef === 'TXN-ALPHA-001'));
      expect(await found('search_term=OPENING')).toEqual(
        where((e) => e.description === 'Opening balance 100%'),
      );
      expect(await found('search_term=owner%20equity')).toEqual(where((e) => e.glName === 'Owner Equity'));
      expect(await found('search_term=100%25')).toEqual(
        where((e) => e.description === 'Opening balance 100%'),
      );
      expect(await found('search_term=settlement&entry_type=DEBIT')).toEqual(
        where((e) => e.glName === 'Settlement Bank Accounts' && e.entryType === 'DEBIT'),
      );
      expect(await found('search_term=no-such-thing')).toEqual([]);
    });

    it('answers the same when the reference matches go in as a subquery instead of as values', async () => {
      const db = api.database.db;
      for (const searchTerm of ['alpha-0', 'TXN-ALPHA', 'alpha', 'BANK', 'OPENING', 'no-such-thing']) {
        for (const entryType of [undefined, 'DEBIT'] as const) {
          const filter = { search_term: searchTerm, entry_type: entryType, page: 1, limit: 100 };
          const asValues = await listJournalEntries(db, filter);
          expect(await listJournalEntries(db, filter, { referenceValuesMax: 0 })).toEqual(asValues);
          expect(await journalEntryTotals(db, filter, { referenceValuesMax: 0 })).toEqual(
            await journalEntryTotals(db, filter),
          );
        }
      }
      // The reference arm matters: 'alpha-0' is found by its reference alone.
      const byReference = await listJournalEntries(db, { search_term: 'alpha-0', page: 1, limit: 100 });
      expect(byReference.total).toBeGreaterThan(0);
      expect(byReference.contents.every((e) => !e.description?.toLowerCase().includes('alpha-0'))).toBe(true);
    });

    it('pages a search matching by GL account and by journal at once: each entry once, in order, exact totals', async () => {
      // "bank" names two GL accounts and the fillers' descriptions: most entries match both ways.
      const matches = (e: Expected) =>
        [e.glName, e.description ?? '', e.txnRef ?? ''].some((value) => value.toLowerCase().includes('bank'));
      for (const type of ['', 'CREDIT'] as const) {
        const wanted = expected.filter((e) => matches(e) && (type === '' || e.entryType === type));
        expect(wanted.length).toBeGreaterThan(4);
        const pages = Math.ceil(wanted.length / 4);
        const seen: string[] = [];
        for (let page = 1; page <= pages + 1; page++) {
          const { body } = await list(`?search_term=BANK&entry_type=${type}&limit=4&page=${page}`);
          expect(body.data.total).toBe(wanted.length);
          expect(body.data.total_pages).toBe(pages);
          seen.push(...body.data.contents.map((e) => e.id));
        }
        expect(seen).toEqual(ids(wanted));
      }
    });

    it('refuses bad paging, naming the field', async () => {
      const { response, body } = await list('?page=0');
      expect(response.status).toBe(400);
      expect(body.errorMessage).toBe('page: page must be a positive integer');
    });
  });

  describe('GET /journal-entries/totals', () => {
    /** The exact sums of the fixtures' entries per currency, as numeric would give them. */
    function expectedLine(code: string | null, test: (e: Expected) => boolean = () => true) {
      const mine = expected.filter((e) => e.currency === code && test(e));
      const debit = sum(mine.filter((e) => e.entryType === 'DEBIT').map((e) => e.amount));
      const credit = sum(mine.filter((e) => e.entryType === 'CREDIT').map((e) => e.amount));
      return { debit, credit, balanced: debit === credit };
    }

    it('sums debits and credits per currency, exactly, over the whole filter; manual postings last', async () => {
      const all = await totals('?limit=1&page=3');
      expect(all.response.status).toBe(200);
      expect(all.body.data.currencies).toEqual([
        {
          currency: { name_code: 'ETB', decimal_places: 2 },
          debit: '250.250001',
          credit: '250.250001',
          balanced: true,
        },
        {
          currency: { name_code: 'USD', decimal_places: 2 },
          debit: '20.010000',
          credit: '20.010000',
          balanced: true,
        },
        // 0.1 twelve times and 1000.5: no float drift, and no birr added to dollars.
        { currency: null, debit: '1001.700000', credit: '1001.700000', balanced: true },
      ]);
      for (const line of all.body.data.currencies) {
        expect(line).toMatchObject(expectedLine(line.currency?.name_code ?? null));
      }
    });

    it('follows the filter: a search, one side only, a journal cut in two, nothing at all', async () => {
      expect((await totals('?search_term=bank%20charge')).body.data.currencies).toEqual([
        { currency: null, debit: '1.200000', credit: '1.200000', balanced: true },
      ]);
      expect((await totals('?search_term=TXN-ALPHA')).body.data.currencies).toEqual([
        {
          currency: { name_code: 'ETB', decimal_places: 2 },
          debit: '250.250000',
          credit: '250.250000',
          balanced: true,
        },
      ]);
      // Only the fee line of a payment matches: its currency's totals differ.
      expect((await totals('?search_term=gateway%20fee')).body.data.currencies).toEqual([
        {
          currency: { name_code: 'ETB', decimal_places: 2 },
          debit: '0.000000',
          credit: '5.250000',
          balanced: false,
        },
      ]);
      const debits = (await totals('?entry_type=DEBIT')).body.data.currencies;
      expect(debits.map((line) => [line.currency?.name_code ?? null, line.debit, line.credit])).toEqual([
        ['ETB', expectedLine('ETB').debit, '0.000000'],
        ['USD', '20.010000', '0.000000'],
        [null, expectedLine(null).debit, '0.000000'],
      ]);
      expect(debits.every((line) => !line.balanced)).toBe(true);
      expect((await totals('?search_term=nothing')).body.data).toEqual({ currencies: [] });
    });

    it('sums a search matching by GL account and by journal at once, each entry once', async () => {
      // "bank" names two GL accounts and the fillers' descriptions: most entries match both ways.
      const matches = (e: Expected) =>
        [e.glName, e.description ?? '', e.txnRef ?? ''].some((value) => value.toLowerCase().includes('bank'));
      for (const type of ['', 'CREDIT'] as const) {
        const lines = (await totals(`?search_term=BANK&entry_type=${type}`)).body.data.currencies;
        const codes = [...new Set(expected.filter(matches).map((e) => e.currency))];
        expect(lines.map((line) => line.currency?.name_code ?? null).sort()).toEqual(codes.sort());
        for (const line of lines) {
          expect(line).toEqual({
            ...line,
            ...expectedLine(
              line.currency?.name_code ?? null,
              (e) => matches(e) && (type === '' || e.entryType === type),
            ),
          });
        }
      }
    });

    it('validates the query like the list and needs view-journal-entry', async () => {
      const bad = await totals('?entry_type=BOTH');
      expect(bad.response.status).toBe(400);
      expect(bad.body.errorMessage).toMatch(/^entry_type: /);
      expect((await totals('', nobody)).response.status).toBe(403);
      expect((await totals('', signed.support)).response.status).toBe(200);
      const anonymous = await api.call(`${BASE}/totals`);
      await expectStatus(anonymous, 401);
    });
  });

  describe('GET /journal-entries/{id}', () => {
    it('answers the entry as the list does', async () => {
      const first = (await list('')).body.data.contents[0];
      if (!first) throw new Error('no entry');
      const response = await api.call(`${BASE}/${first.id}`, { token: signed.finance });
      expect(response.status).toBe(200);
      expect((await readEnvelope(response, journalEntrySchema)).data).toEqual(first);
    });

    it('answers 404, 400 for a malformed id, 401 without a token, 403 without the permission', async () => {
      await expectUnknownAndMalformedIds(
        (id) => api.call(`${BASE}/${id}`, { token: signed.admin }),
        'Journal entry',
        'nope',
      );
      const anonymous = await api.call(`${BASE}/${UNKNOWN_ID}`);
      await expectStatus(anonymous, 401);
      const forbidden = await api.call(`${BASE}/${UNKNOWN_ID}`, { token: nobody });
      await expectStatus(forbidden, 403, API_ERRORS.forbidden);
    });
  });

  it('answers the list to signed.support and signed.finance, 403 to a user without view-journal-entry, 401 without a token', async () => {
    expect((await list('', signed.support)).response.status).toBe(200);
    expect((await list('', signed.finance)).response.status).toBe(200);
    expect((await list('', nobody)).response.status).toBe(403);
    const anonymous = await api.call(BASE);
    await expectStatus(anonymous, 401);
  });
});
