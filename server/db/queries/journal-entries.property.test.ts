/**
 * The journal entry search's fast path (kept sums per description template, residue needles;
 * docs/decisions/048) against the plain definition (docs/api.md): an entry matches when its GL
 * account's name, its journal's description or its transaction's reference contains the term,
 * without case. Random terms are drawn from the ledger's own descriptions, references and account
 * names, so they fall inside literal parts, inside variable parts and across the two; fixed ones
 * add %, _, backslash and terms nothing matches. Count, totals and pages must be the same.
 */
import { FINANCIAL_ACCOUNT_TYPES } from '@contract/account-mapping';
import type { EntryType } from '@contract/journal-entry';
import type { JournalEntrySortKey, SortOrder } from '@contract/list-sort';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJournal, type MappingRow, type MoneyEvent } from '../../domain/ledger';
import { buildMoneyFlowJournal, type MoneyFlowEvent } from '../../domain/money-flows';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../test/db';
import { keptAndLedgerReferenceSums } from '../../test/reference-sums';
import { queryRows } from '../connect';
import {
  compactJournalEntryReferenceSums,
  compactJournalEntryValueSums,
  foldJournalEntryGrams,
  foldPendingJournalEntryGrams,
} from '../maintenance';
import { glAccounts, journalEntries, journals, transactions } from '../schema';
import { seedDatabase } from '../seed/seed';
import { transactionSeedStep } from '../seed/transactions';
import { containsPattern } from '../sql';
import { journalEntryTotals, listJournalEntries } from './journal-entries';
import { isGramTerm } from './journal-entries-grams';

const NOW = new Date('2026-11-21T12:00:00Z');

/**
 * Descriptions beyond the seed's: every template with and without a reference, variable parts that
 * hold other templates' literal text, LIKE's own characters, near misses that fit no template, a
 * reversal of a reversal's text, manual narration, and no description at all.
 */
const EXTRA_DESCRIPTIONS: readonly (string | null)[] = [
  'Payment FT-100%_A received: 12.5, fee 0.5, 12 payable to the merchant',
  'Payment received: 5, fee 5, 0 payable to the merchant',
  'Payment  received: received: 1, fee , fee 1, 0 payable to the merchant',
  'Payment a\\b received: 7, fee 5.25, 1.75 payable to the merchant, payable to the merchant',
  'Payout FT77 requested: 300 held in transfer suspense',
  'Payout requested: 45.5 held in transfer suspense',
  'Payout paid out approved: 10 paid out',
  'Payout approved: 99 paid out',
  'Payout X_1 rejected: 8 returned to the merchant payable',
  'Payout rejected: 8.000001 returned to the merchant payable',
  'Refund of payment FT55: 20 returned to the customer, fee 1',
  'Refund of payment : : 3 returned to the customer, fee 0.1',
  'Chargeback on payment FT9 opened: 60 held in transfer suspense, fee 15',
  'Chargeback on payment FT9 won: 60 returned to the merchant payable',
  "Chargeback on payment FT10 lost: 70 taken back by the customer's bank",
  'Reversal of Payout FT77 requested: 300 held in transfer suspense: keyed twice',
  'Reversal of Reversal of x: y: z',
  'PAYMENT FT1 RECEIVED: 1, FEE 1, 0 PAYABLE TO THE MERCHANT',
  'Payment FT2 received: 3',
  'Opening balance 100% fee 5',
  'Bank charge, merchant payable adjustment',
  'payout of 5_000 to supplier',
  // Through the fee (sums kept per value, decision 055): flat, fractional, a fee that only starts with 5.
  'Refund of payment FT56: 20 returned to the customer, fee 15',
  'Chargeback on payment FT57 opened: 61 held in transfer suspense, fee 5.5',
  'Payment received: 9, fee 50, 0 payable to the merchant',
  // The unit separator inside a variable part: fits no template (the residue's positions would shift).
  'Payment FT\u001f5 received: 5, fee 5, 0 payable to the merchant',
  // Beyond ASCII, for the short terms (decision 062): lowercased by the database on both sides.
  'Écart de caisse ß: Ünïcode 5 ÉÉ',
  // Decision 073, from a literal part into an amount: a reversal holding `: 12` in both parts,
  // narration that fits no template, a refund whose reference ends with `d` (`d: 12` over two
  // variables), amounts past the kept prefix length, and templates without a reference.
  'Reversal of Payout FT77 approved: 12 paid out: 12 again',
  'Adjustment received: 12 by hand',
  'Refund of payment FT5d: 12 returned to the customer, fee 1',
  'Payment FT8 received: 1234.5, fee 2, 1232.5 payable to the merchant',
  'Payout FT78 requested: 1.5 held in transfer suspense',
  'Payout approved: 12.75 paid out',
  'Payment received: 100, fee 1, 99 payable to the merchant',
  null,
];

/**
 * Transactions of references beyond the seed's, with a journal each (or none: null), whose
 * description's first variable part is another reference (decision 058): both start with the same
 * term (counted once), only one of them does, or the term lies inside a reference; a valued
 * template's journal whose fee does not fit but whose reference holds the fee term.
 */
const EXTRA_REFERENCED: readonly (readonly [string | null, string])[] = [
  ['REF-ALPHA-1', 'Payment REF-ALPHA-9 received: 1, fee 5, 0 payable to the merchant'],
  ['ref-alpha-2', 'Payment OTHER-1 received: 2, fee 1, 1 payable to the merchant'],
  [null, 'Payout REF-ALPHA-7 requested: 3 held in transfer suspense'],
  ['XREF-ALPHA', 'Payment REF-BETA received: 1, fee 5, 0 payable to the merchant'],
  ['fee 5 ref', 'Payment Y received: 1, fee 9, 0 payable to the merchant'],
  [null, 'Refund of payment REF-ALPHA-3: 1 returned to the customer, fee 5'],
  ['REF-ALPHA-4', 'Adjustment for REF-ALPHA-4 and ref-alpha-40'],
  [
    'REF-ALPHA-5',
    'Reversal of Payment REF-ALPHA-5 received: 1, fee 5, 0 payable to the merchant: keyed twice',
  ],
  ['R', 'Payout R requested: 4 held in transfer suspense'],
  ['REF-ALPHA-1234567', 'Payout approved: 4 paid out'],
  // A templated journal whose reference (and first variable) goes beyond ASCII.
  ['ré-Üq9', 'Payout ré-Üq9 requested: 4 held in transfer suspense'],
  // Decision 068, terms from the first literal part into the reference (`nt REF-OVER`): a journal
  // whose reference starts with the whole term and whose first variable with the crossed start (in
  // two kept rows of different lengths: counted once), one whose reference only does, a reversal
  // holding the term inside its first variable, narration that fits no template, a short reference.
  ['nt REF-OVER 1', 'Payment REF-OVER-2 received: 1, fee 9, 0 payable to the merchant'],
  ['nt REF-OVER 3', 'Payment Q received: 1, fee 9, 0 payable to the merchant'],
  ['Payment REF-OVER 4', 'Payment REF-OVER-5 received: 2, fee 9, 0 payable to the merchant'],
  [null, 'Chargeback on payment REF-OVER-6 won: 60 returned to the merchant payable'],
  ['REF-OVER-7', 'Reversal of Payment REF-OVER-2 received: 1, fee 9, 0 payable to the merchant: keyed twice'],
  [null, 'Payment REF-OVER-8 was late'],
  ['REF-OVER', 'Payout REF-OVER requested: 5 held in transfer suspense'],
  ['of Pay 9', 'Reversal of Payout REF-OVER requested: 5 held in transfer suspense: keyed twice'],
  // Decision 073: a payment whose amount does not start with 1 but whose reference holds `: 1`.
  ['ref: 12', 'Payment Z received: 9, fee 1, 8 payable to the merchant'],
];

/** Reference-like terms (decision 058): prefixes, exact references, inside ones, past the kept length. */
const REFERENCE_TERMS = [
  'REF-ALPHA',
  'ref-alpha-',
  'REF-ALPHA-1',
  'REF-ALPHA-12345',
  'REF',
  'R',
  'EF-ALPHA',
  'alpha',
  'OTHER',
  'XREF',
  'fee 5 r',
  'REF-BETA',
  'Payment REF',
  'nt REF-ALPHA',
  'REF-ALPHA-9 rec',
];

/**
 * Terms from a first literal part into the first variable (decision 068): into the seed's and the
 * extra references of every template that has one, short and past the kept length, a reversal's
 * described journal, and terms that look alike but may also cover the whole reference and run on
 * (`nt REF-OVER-2 rec`) or cross with a start longer than the kept prefixes: those take the slower path.
 */
const CROSSING_TERMS = [
  'nt REF-OV',
  'nt REF-OVER',
  'NT ref-over-2',
  't R',
  'Payment REF-OVER',
  'Payment REF',
  'ent REF-OVER-',
  'Payout REF-OVER',
  't REF-OVER r',
  'of payment REF-OVER',
  'on payment REF-OVER-6',
  'on payment FT',
  'Refund of payment FT',
  'Payout FT7',
  'l of Pay',
  'al of Rev',
  'of Pay',
  'nt REF-OVER-2 rec',
  'Payment REF-ALPHA-1234',
  'nt Q',
  't a',
];

/**
 * Terms from a literal part into an amount (decision 073): decided by the amount's start in the
 * templates (`ived: 1`, `: 1`, `, 12`, at the kept prefix length and past it), and the ones left one
 * by one: a reversal or narration holding them, starts past the kept length, terms over two
 * variables (`5, 1`: the fee's end and the net's start; `d: 12` in a refund whose reference ends
 * with d), a reference holding the term.
 */
const AMOUNT_TERMS = [
  ': 1',
  'ived: 1',
  'd: 12',
  'D: 1',
  ': 12',
  ': 1.',
  ': 123',
  ': 1234',
  'ved: 1234.5',
  ', 1',
  ', 12',
  ', 99',
  'ed: 4',
  'ed: 1',
  'rejected: 8',
  'approved: 1',
  'fee 5, 1',
  '5, 1',
  'e 1, 1',
  ': 3 r',
  'x: 1',
  'f: 1',
];

/**
 * Terms of one and two characters (decision 062: no trigram to look up): inside literal parts only,
 * inside variable parts only, across a literal part's edge into a variable, in references only, in
 * both, LIKE's characters, beyond ASCII (either case), the separator, and pairs nothing holds.
 */
const SHORT_TERMS = [
  'a',
  'F',
  'q',
  'Q',
  '7',
  '0',
  '.',
  ',',
  ' ',
  ':',
  "'",
  'e ',
  'E ',
  'z9',
  'ft',
  'T2',
  '9 ',
  ': ',
  ' 1',
  '5,',
  '%',
  '_',
  '\\',
  '0%',
  'é',
  'É',
  'ü',
  'ß',
  'éc',
  'üq',
  'ÉÉ',
  '\u001f',
  'q9',
  '-a',
  'x',
  'zz',
  '~',
];

/** Terms no draw is likely to give: LIKE's characters, separators, a term nothing holds. */
const FIXED_TERMS = [
  // A three-character term that settles templates: the merged per-template walks (decision 072) once lost a page's last rows.
  'of ',
  'payment',
  // GL account names: of an account that holds no entry (added below), of accounts that do.
  'Dormant',
  'owner',
  'gateway fee',
  'PAYOUT',
  'merchant',
  'fee 5',
  'fee',
  '%',
  '_',
  '\\',
  '100%',
  'X_1',
  ': ',
  ', ',
  ': :',
  'ved: 1',
  'ested: 45.5 held',
  "customer's bank",
  'e',
  'Reversal of Payout',
  'suspense, fee 1',
  // Through the variable parts (decision 055): the fee, a reference, amounts, and both at once.
  'fee 1',
  'FEE 15',
  'fee 5.',
  ', fee 5',
  'e 5, ',
  'fee 5, 0',
  '5, 0',
  '.25',
  '100.',
  '5.00',
  'FT2',
  'ft5',
  '\u001f5',
  'no such text anywhere',
];

type JournalEntrySort = SortOrder<JournalEntrySortKey>;

/**
 * Each order on each side once across the two sides (all 16 combinations took over a minute on
 * PGlite on a loaded machine).
 */
const ORDERS_ON_EACH_SIDE: readonly [EntryType | undefined, JournalEntrySort][] = [
  [undefined, { key: 'date', direction: 'desc' }],
  [undefined, { key: 'amount', direction: 'asc' }],
  ['DEBIT', { key: 'date', direction: 'asc' }],
  ['CREDIT', { key: 'amount', direction: 'desc' }],
];

interface Expected {
  total: number;
  ids: string[];
  totals: { code: string | null; debit: string; credit: string }[];
}

/** A balanced MANUAL journal on the first GL account, posted as a payment's would be (pending for the fold). */
async function postManualJournal(t: TestDatabase, description: string, amount: string, createdAt: Date) {
  const [account] = await t.db.select({ id: glAccounts.id }).from(glAccounts).limit(1);
  const [journal] = await t.db
    .insert(journals)
    .values({ eventType: 'MANUAL', description, createdAt })
    .returning({ id: journals.id });
  if (!journal || !account) throw new Error('journal insert failed');
  await t.db.insert(journalEntries).values([
    { journalId: journal.id, glAccountId: account.id, entryType: 'DEBIT', amount, createdAt },
    { journalId: journal.id, glAccountId: account.id, entryType: 'CREDIT', amount, createdAt },
  ]);
}

describe.each(TEST_DATABASE_KINDS)('journal entry search, fast path against a plain scan, on %s', (kind) => {
  let t: TestDatabase;
  const texts: string[] = [];
  const seededPrefixes: string[] = [];

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDatabase(t.db, { merchants: 3, now: NOW, users: false, steps: [transactionSeedStep(120)] });
    const accounts = await t.db.select({ id: glAccounts.id, name: glAccounts.name }).from(glAccounts);
    const linked = await t.db
      .select({ id: transactions.id })
      .from(transactions)
      .limit(EXTRA_DESCRIPTIONS.length);
    let minute = 0;
    for (const [at, description] of EXTRA_DESCRIPTIONS.entries()) {
      const debit = accounts[at % accounts.length];
      const credit = accounts[(at * 7 + 3) % accounts.length];
      if (!debit || !credit) throw new Error('the seed made no GL accounts');
      const createdAt = new Date(NOW.getTime() + ++minute * 60_000);
      const [journal] = await t.db
        .insert(journals)
        .values({
          // Every other one on a seeded transaction, so its reference matches too.
          transactionId: at % 2 === 0 ? (linked[at]?.id ?? null) : null,
          eventType: 'MANUAL',
          description,
          createdAt,
        })
        .returning({ id: journals.id });
      if (!journal) throw new Error('journal insert failed');
      const amount = `${at + 1}.25`;
      await t.db.insert(journalEntries).values([
        { journalId: journal.id, glAccountId: debit.id, entryType: 'DEBIT', amount, createdAt },
        { journalId: journal.id, glAccountId: credit.id, entryType: 'CREDIT', amount, createdAt },
      ]);
    }
    const [currency] = await t.db.select({ id: transactions.currencyId }).from(transactions).limit(1);
    if (!currency) throw new Error('the seed made no transactions');
    for (const [at, [reference, description]] of EXTRA_REFERENCED.entries()) {
      const createdAt = new Date(NOW.getTime() + ++minute * 60_000);
      const [transaction] = reference
        ? await t.db
            .insert(transactions)
            .values({
              txnRef: reference,
              transactionDate: createdAt,
              amount: '10',
              type: 'PAYMENT',
              status: 'SUCCESS',
              currencyId: currency.id,
            })
            .returning({ id: transactions.id })
        : [undefined];
      const [journal] = await t.db
        .insert(journals)
        .values({ transactionId: transaction?.id ?? null, eventType: 'MANUAL', description, createdAt })
        .returning({ id: journals.id });
      const debit = accounts[at % accounts.length];
      const credit = accounts[(at * 5 + 1) % accounts.length];
      if (!journal || !debit || !credit) throw new Error('journal insert failed');
      await t.db.insert(journalEntries).values([
        {
          journalId: journal.id,
          glAccountId: debit.id,
          entryType: 'DEBIT',
          amount: `${at + 3}.5`,
          createdAt,
        },
        {
          journalId: journal.id,
          glAccountId: credit.id,
          entryType: 'CREDIT',
          amount: `${at + 3}.5`,
          createdAt,
        },
      ]);
    }
    // A GL account that holds no entry: a term matching its name adds nothing (decision 062).
    await t.db.insert(glAccounts).values({ name: 'Dormant Owner Reserve', type: 'EQUITY' });
    const [newest] = await queryRows<{ ref: string }>(
      t.db,
      sql`select txn_ref as ref from transactions where txn_ref like 'FT%' order by transaction_date desc limit 1`,
    );
    // The seed's own references: a day's prefix, the kept length and one past it, the whole.
    for (const length of [2, 7, 9, 10, 11, 13]) seededPrefixes.push(newest?.ref.slice(0, length) ?? 'FT');
    const rows = await queryRows<{ text: string }>(
      t.db,
      sql`select description as text from journals where description is not null
        union all select txn_ref from transactions
        union all select name from gl_accounts`,
    );
    texts.push(...rows.map((row) => row.text));
  });
  afterAll(() => t?.dispose());

  /** The definition, read straight: every entry joined to what it is searched by. */
  async function plainScan(term: string, entryType: EntryType | undefined, sort: JournalEntrySort) {
    const pattern = containsPattern(term);
    const matches = sql`(g.name ilike ${pattern} or j.description ilike ${pattern} or t.txn_ref ilike ${pattern})
      and (${entryType ?? null}::text is null or e.entry_type = ${entryType ?? null})`;
    const from = sql`from journal_entries e join journals j on j.id = e.journal_id
      join gl_accounts g on g.id = e.gl_account_id left join transactions t on t.id = j.transaction_id`;
    const order =
      sort.key === 'amount'
        ? sql.raw(`e.amount ${sort.direction}, e.id ${sort.direction}`)
        : sql.raw(`e.created_at ${sort.direction}, e.id ${sort.direction}`);
    const [ids, totals] = await Promise.all([
      queryRows<{ id: string }>(t.db, sql`select e.id ${from} where ${matches} order by ${order}`),
      queryRows<{ code: string | null; debit: string; credit: string }>(
        t.db,
        sql`select c.name_code as code,
            coalesce(sum(e.amount) filter (where e.entry_type = 'DEBIT'), 0)::numeric(40,6)::text as debit,
            coalesce(sum(e.amount) filter (where e.entry_type = 'CREDIT'), 0)::numeric(40,6)::text as credit
          ${from} left join currencies c on c.id = coalesce(j.currency_id, t.currency_id)
          where ${matches} group by c.name_code order by c.name_code asc nulls last`,
      ),
    ]);
    return { total: ids.length, ids: ids.map((row) => row.id), totals } satisfies Expected;
  }

  /** One page of the search, listed, against the same page of the plain scan's answer. */
  async function expectPage(
    term: string,
    entryType: EntryType | undefined,
    sort: JournalEntrySort,
    expected: Expected,
    page: number,
    limit: number,
  ) {
    const listed = await listJournalEntries(t.db, {
      search_term: term,
      entry_type: entryType,
      sort,
      page,
      limit,
    });
    expect(listed.total, `total of ${JSON.stringify(term)}`).toBe(expected.total);
    expect(
      listed.contents.map((entry) => entry.id),
      `${JSON.stringify(term)} ${sort.key}.${sort.direction} ${entryType} page ${page}`,
    ).toEqual(expected.ids.slice((page - 1) * limit, page * limit));
  }

  async function expectSame(term: string, entryType: EntryType | undefined, sort: JournalEntrySort) {
    const expected = await plainScan(term, entryType, sort);
    const filter = { search_term: term, entry_type: entryType };
    for (const page of [1, 3]) await expectPage(term, entryType, sort, expected, page, 7);
    const totals = await journalEntryTotals(t.db, filter);
    expect(
      totals.currencies.map((line) => ({
        code: line.currency?.name_code ?? null,
        debit: line.debit,
        credit: line.credit,
      })),
      `totals of ${JSON.stringify(term)}`,
    ).toEqual(expected.totals);
  }

  it('recognises every description the server writes, and cuts the residue at the literal parts', async () => {
    const mappings: MappingRow[] = FINANCIAL_ACCOUNT_TYPES.map((type, at) => ({
      id: `m${at}`,
      financial_account_type: type,
      payment_method_id: null,
      gl_account_id: `g${at}`,
      charge_id: null,
    }));
    const base = { amount: '250.25', payment_method_id: null };
    const events: [MoneyEvent | MoneyFlowEvent, number][] = [
      [{ ...base, type: 'PAYMENT_RECEIVED', fee: '5.25', charge_id: null, reference: 'FT26244001' }, 1],
      [{ ...base, type: 'PAYMENT_RECEIVED', fee: '0', charge_id: null }, 10],
      [{ ...base, type: 'PAYOUT_REQUESTED', reference: 'FT26244002' }, 2],
      [{ ...base, type: 'PAYOUT_APPROVED', reference: 'FT26244002' }, 3],
      [{ ...base, type: 'PAYOUT_REJECTED', reference: 'FT26244002' }, 4],
      [{ ...base, type: 'PAYOUT_REQUESTED' }, 11],
      [{ ...base, type: 'PAYOUT_APPROVED' }, 12],
      [{ ...base, type: 'PAYOUT_REJECTED' }, 13],
      [{ ...base, type: 'REFUND_ISSUED', fee: '1', charge_id: null, reference: 'FT26244003' }, 5],
      [{ ...base, type: 'CHARGEBACK_OPENED', fee: '15', charge_id: null, reference: 'FT26244003' }, 6],
      [{ ...base, type: 'CHARGEBACK_WON', reference: 'FT26244003' }, 7],
      [{ ...base, type: 'CHARGEBACK_LOST', reference: 'FT26244003' }, 8],
    ];
    const described = (event: MoneyEvent | MoneyFlowEvent) =>
      event.type === 'REFUND_ISSUED' || event.type.startsWith('CHARGEBACK')
        ? buildMoneyFlowJournal(event as MoneyFlowEvent, mappings).description
        : buildJournal(event as MoneyEvent, mappings).description;
    const written = [
      ...events.map(([event, template]) => [described(event), template] as const),
      [`Reversal of ${described(events[0]?.[0] as MoneyEvent)}: keyed twice`, 9] as const,
      ['Payment  received: received: 1, fee , fee 1, 0 payable to the merchant', null] as const,
      ['PAYMENT FT1 RECEIVED: 1, FEE 1, 0 PAYABLE TO THE MERCHANT', null] as const,
      ['Payment FT2 received: 3', null] as const,
      ['Payout paid out approved: 10 paid out', null] as const,
    ];
    for (const [description, template] of written) {
      const [row] = await queryRows<{ template_id: number | null; residue: string | null }>(
        t.db,
        sql`select template_id, residue from journal_description_parts(${description})`,
      );
      expect(row?.template_id, description).toBe(template);
      if (template === null) expect(row?.residue).toBe(description);
    }
    const [payment] = await queryRows<{ residue: string }>(
      t.db,
      sql`select residue from journal_description_parts(${written[0]?.[0] ?? ''})`,
    );
    expect(payment?.residue).toBe(['', 'FT26244001', '250.25', '5.25', '245', ''].join('\u001f'));
  });

  it('settles the broad terms from the kept sums (the fast path is taken)', async () => {
    const settled = async (term: string) =>
      (
        await queryRows<{ id: number }>(
          t.db,
          sql`select id from journal_description_templates
            where exists (select 1 from unnest(literals) l where l ilike ${containsPattern(term)}) order by id`,
        )
      ).map((row) => row.id);
    expect(await settled('payment')).toEqual([1, 5, 6, 7, 8, 10]);
    expect(await settled('PAYOUT')).toEqual([2, 3, 4, 11, 12, 13]);
    const templated = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from journals where description_template_id is not null`,
    );
    expect(templated[0]?.n).toBeGreaterThan(100);
  });

  it('keeps the sums per fee value equal to the ledger, and takes no description with a separator', async () => {
    const kept = await queryRows<{ key: string; entries: string; amount: string }>(
      t.db,
      sql`select concat_ws('/', description_template_id, variable, value, currency_id, gl_account_id, entry_type) as key,
          sum(entries)::text as entries, sum(amount)::text as amount
        from journal_entry_value_sums group by 1 order by 1`,
    );
    const ledger = await queryRows<{ key: string; entries: string; amount: string }>(
      t.db,
      sql`select concat_ws('/', j.description_template_id, k.variable, split_part(j.description_residue, chr(31), k.variable + 1),
            coalesce(j.currency_id, tx.currency_id), e.gl_account_id, e.entry_type) as key,
          count(*)::text as entries, sum(e.amount)::text as amount
        from journal_entries e join journals j on j.id = e.journal_id
        join journal_description_templates d on d.id = j.description_template_id
        cross join lateral unnest(d.kept_variables) as k(variable)
        left join transactions tx on tx.id = j.transaction_id
        group by 1 order by 1`,
    );
    expect(kept.length).toBeGreaterThan(10);
    expect(kept).toEqual(ledger);
    // Folded (maintenance), the same sums in one row per group.
    await compactJournalEntryValueSums(t.db);
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from journal_entry_value_sums`,
    );
    expect(rows[0]?.n).toBe(ledger.length);
    const separated = await queryRows<{ template: number | null }>(
      t.db,
      sql`select description_template_id as template from journals where strpos(description, chr(31)) > 0`,
    );
    expect(separated).toEqual([{ template: null }]);
  });

  it('keeps the sums per reference prefix equal to the ledger after postings one by one, and folded', async () => {
    const before = await keptAndLedgerReferenceSums(t.db);
    expect(before.kept).toEqual(before.ledger);
    // The extra journals' own rows: a description's first variable part kept apart from the reference.
    expect(before.kept.some((group) => group.key.includes('/ref-alpha/ref-alpha/'))).toBe(true);
    expect(before.kept.some((group) => group.key.includes('/ref-alp/other-1/'))).toBe(true);
    // The postings above appended rows to groups the seed's rebuild had made: folded into one each.
    const rowCount = async () =>
      (
        await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from journal_entry_reference_sums`)
      )[0]?.n;
    expect(await rowCount()).toBeGreaterThan(before.ledger.length);
    await compactJournalEntryReferenceSums(t.db);
    const after = await keptAndLedgerReferenceSums(t.db);
    expect(after.kept).toEqual(before.ledger);
    expect(await rowCount()).toBe(before.ledger.length);
  });

  it('answers reference prefixes as the plain scan does, in every order and on either side', async () => {
    for (const term of [...REFERENCE_TERMS, ...seededPrefixes]) {
      for (const [entryType, sort] of ORDERS_ON_EACH_SIDE) await expectSame(term, entryType, sort);
    }
  });

  it('answers terms crossing into a reference as the plain scan does, in every order and on either side', async () => {
    // Into the seed's references too: a day's prefix (`nt FT2633` at 1M), a short one, past the kept length.
    const seeded = [
      `nt ${seededPrefixes[1] ?? 'FT'}`,
      `t ${seededPrefixes[0] ?? 'FT'}`,
      'nt FT',
      't F',
      `Payment ${seededPrefixes[3] ?? 'FT'}`,
      `Payment ${seededPrefixes[5] ?? 'FT'}`,
      `Payout ${seededPrefixes[1] ?? 'FT'}`,
      `t ${seededPrefixes[3] ?? 'FT'}`,
    ];
    for (const term of [...CROSSING_TERMS, ...seeded]) {
      for (const [entryType, sort] of ORDERS_ON_EACH_SIDE) await expectSame(term, entryType, sort);
    }
  }, 300_000);

  it('counts a term crossing into the reference from the kept prefix sums (the fast path is taken)', async () => {
    for (const [term, start] of [
      ['nt REF-OVER', 'ref-over'],
      ['Payment REF-OVER', 'ref-over'],
    ] as const) {
      const filter = { search_term: term, page: 1, limit: 5 };
      const before = await listJournalEntries(t.db, filter);
      expect(before.total).toBeGreaterThan(0);
      // A row of the payment template the ledger does not have: only a count from the kept sums sees it.
      const [account] = await t.db.select({ id: glAccounts.id }).from(glAccounts).limit(1);
      await t.db.execute(sql`insert into journal_entry_reference_sums (description_template_id, reference_prefix,
          variable_prefix, currency_id, gl_account_id, entry_type, entries, amount, first_at, last_at)
        values (1, null, ${start}, null, ${account?.id}, 'DEBIT', 1000, 1, ${NOW.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz)`);
      try {
        expect((await listJournalEntries(t.db, filter)).total, term).toBe(before.total + 1000);
      } finally {
        await t.db.execute(sql`delete from journal_entry_reference_sums where entries = 1000`);
      }
    }
  });

  it('answers short terms as the plain scan does, pending, half folded and folded, in every order and on either side', async () => {
    // Decision 067: a term of one or two characters counts the journals folded into the gram sums
    // and checks the pending ones one by one. The seed's bulk load and the postings above left every
    // entry pending.
    const terms = [
      ...SHORT_TERMS,
      ...FIXED_TERMS.filter((term) => isGramTerm(term) && !SHORT_TERMS.includes(term)),
    ];
    const rows = async (table: string) =>
      (await queryRows<{ n: number }>(t.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n ?? 0;
    const pending = await rows('journal_entry_gram_pending');
    expect(pending).toBeGreaterThan(300);
    expect(await rows('journal_entry_gram_sums')).toBe(0);
    // Every order once over the first two states (all of them in each took minutes on PGlite).
    for (const term of terms) {
      for (const [entryType, sort] of ORDERS_ON_EACH_SIDE.slice(0, 2))
        await expectSame(term, entryType, sort);
    }
    // Half folded: the oldest half moved (the seed's), the postings above still pending, and the
    // journal at the cut likely in both tables (its other rows pending).
    expect(await foldJournalEntryGrams(t.db, Math.floor(pending / 2))).toBe(Math.floor(pending / 2));
    const split = await queryRows<{ n: number }>(
      t.db,
      sql`select count(distinct journal_id)::int as n from journal_entry_gram_pending`,
    );
    expect(split[0]?.n).toBeGreaterThan(0);
    expect(await rows('journal_entry_gram_sums')).toBeGreaterThan(0);
    for (const term of terms) {
      for (const [entryType, sort] of ORDERS_ON_EACH_SIDE.slice(2)) await expectSame(term, entryType, sort);
    }
    // Folded, and one more posting after the fold: pending again.
    await foldPendingJournalEntryGrams(t.db);
    expect(await rows('journal_entry_gram_pending')).toBe(0);
    await postManualJournal(t, 'Ünïcode ézq after the fold', '2.5', new Date(NOW.getTime() - 3_600_000));
    expect(await rows('journal_entry_gram_pending')).toBe(2);
    for (const term of terms) {
      for (const [entryType, sort] of ORDERS_ON_EACH_SIDE) await expectSame(term, entryType, sort);
    }
    // 39 terms in eight orders over three states: over a minute on PGlite on a loaded machine.
  }, 300_000);

  it('counts a short term from the gram sums (the gram path is taken)', async () => {
    await foldPendingJournalEntryGrams(t.db);
    const filter = { search_term: 'zz', page: 1, limit: 5 };
    const before = await listJournalEntries(t.db, filter);
    // A row the ledger does not have: only a count read from the gram sums sees it.
    const [account] = await t.db.select({ id: glAccounts.id }).from(glAccounts).limit(1);
    await t.db.execute(sql`insert into journal_entry_gram_sums (gram, description_template_id, currency_id,
        gl_account_id, entry_type, entries, amount, first_at, last_at)
      values ('zz', null, null, ${account?.id}, 'DEBIT', 1000, 1, ${NOW.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz)`);
    try {
      expect((await listJournalEntries(t.db, filter)).total).toBe(before.total + 1000);
    } finally {
      await t.db.execute(sql`delete from journal_entry_gram_sums where entries = 1000`);
    }
    expect((await listJournalEntries(t.db, filter)).total).toBe(before.total);
  });

  it('answers terms from a literal part into an amount as the plain scan does, pending, half folded and folded', async () => {
    // Decision 073: the sums per amount prefix are filled by the gram fold; the rows it has not moved
    // yet are checked one by one. Every entry pending again (as after a bulk load), then half folded,
    // then folded with postings pending after the fold.
    // Into the seed's own amounts: a payment's first digits after `d: `.
    const [seeded] = await queryRows<{ amount: string }>(
      t.db,
      sql`select split_part(description_residue, chr(31), 3) as amount from journals
        where description_template_id = 1 order by created_at desc limit 1`,
    );
    const terms = [
      ...AMOUNT_TERMS,
      `d: ${seeded?.amount.slice(0, 2) ?? '1'}`,
      `ived: ${seeded?.amount ?? '1'}`,
    ];
    const rows = async (table: string) =>
      (await queryRows<{ n: number }>(t.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n ?? 0;
    await t.db.execute(sql`select journal_entry_gram_pending_rebuild()`);
    const pending = await rows('journal_entry_gram_pending');
    expect(await rows('journal_entry_amount_prefix_sums')).toBe(0);
    for (const term of terms) {
      for (const [entryType, sort] of ORDERS_ON_EACH_SIDE.slice(0, 2))
        await expectSame(term, entryType, sort);
    }
    expect(await foldJournalEntryGrams(t.db, Math.floor(pending / 2))).toBe(Math.floor(pending / 2));
    expect(await rows('journal_entry_amount_prefix_sums')).toBeGreaterThan(0);
    for (const term of terms) {
      for (const [entryType, sort] of ORDERS_ON_EACH_SIDE.slice(2)) await expectSame(term, entryType, sort);
    }
    await foldPendingJournalEntryGrams(t.db);
    const [account] = await t.db.select({ id: glAccounts.id }).from(glAccounts).limit(1);
    const createdAt = new Date(NOW.getTime() - 7_200_000);
    for (const description of [
      'Payment FT90 received: 150, fee 2, 148 payable to the merchant',
      'Payout FT91 requested: 12.5 held in transfer suspense',
    ]) {
      await postManualJournal(t, description, '150', createdAt);
    }
    expect(await rows('journal_entry_gram_pending')).toBe(4);
    for (const term of terms) {
      for (const [entryType, sort] of ORDERS_ON_EACH_SIDE) await expectSame(term, entryType, sort);
    }
    // Sorted by amount, the prefixed journals walk between the amounts kept with their prefixes: entries
    // far above and below those of a folded payment whose amount starts with 1, pending and then folded.
    const [payment] = await queryRows<{ id: string; account: string }>(
      t.db,
      sql`select j.id, e.gl_account_id as account from journals j join journal_entries e on e.journal_id = j.id
        where j.description_template_id = 1 and split_part(j.description_residue, chr(31), 3) like '1%'
        order by j.id limit 1`,
    );
    if (!payment || !account) throw new Error('the seed made no payment of an amount starting with 1');
    for (const amount of ['765432.1', '0.000002']) {
      await t.db.insert(journalEntries).values([
        { journalId: payment.id, glAccountId: payment.account, entryType: 'CREDIT', amount },
        { journalId: payment.id, glAccountId: account.id, entryType: 'DEBIT', amount },
      ]);
    }
    for (const state of ['pending', 'folded']) {
      if (state === 'folded') await foldPendingJournalEntryGrams(t.db);
      for (const term of [': 1', 'ived: 1', ', 1']) {
        for (const direction of ['desc', 'asc'] as const) {
          for (const entryType of [undefined, 'CREDIT'] as const) {
            await expectSame(term, entryType, { key: 'amount', direction });
          }
        }
      }
    }
  }, 300_000);

  it('counts a term into an amount from the sums kept per amount prefix (the fast path is taken)', async () => {
    await foldPendingJournalEntryGrams(t.db);
    const filter = { search_term: 'ived: 1', page: 1, limit: 5 };
    const before = await listJournalEntries(t.db, filter);
    expect(before.total).toBeGreaterThan(0);
    // A row of the payment's amount the ledger does not have (a GL account of its own): only a count
    // from the kept sums sees it.
    await t.db.execute(sql`insert into journal_entry_amount_prefix_sums (description_template_id, variable, prefix,
        currency_id, gl_account_id, entry_type, entries, amount, least_amount, greatest_amount)
      values (1, 2, '1', null, gen_random_uuid(), 'DEBIT', 1000, 1, 1, 1)`);
    try {
      expect((await listJournalEntries(t.db, filter)).total).toBe(before.total + 1000);
    } finally {
      await t.db.execute(sql`delete from journal_entry_amount_prefix_sums where entries = 1000`);
    }
    expect((await listJournalEntries(t.db, filter)).total).toBe(before.total);
  });

  it('counts a reference prefix from the kept prefix sums (the fast path is taken)', async () => {
    const term = seededPrefixes[2] ?? 'FT';
    const filter = { search_term: term, page: 1, limit: 5 };
    const before = await listJournalEntries(t.db, filter);
    expect(before.total).toBeGreaterThan(0);
    // A row the ledger does not have: only a count read from the kept sums sees it.
    const [account] = await t.db.select({ id: glAccounts.id }).from(glAccounts).limit(1);
    await t.db.execute(sql`insert into journal_entry_reference_sums (description_template_id, reference_prefix,
        variable_prefix, currency_id, gl_account_id, entry_type, entries, amount, first_at, last_at)
      values (null, lower(${term}), null, null, ${account?.id}, 'DEBIT', 1000, 1, ${NOW.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz)`);
    try {
      expect((await listJournalEntries(t.db, filter)).total).toBe(before.total + 1000);
    } finally {
      await t.db.execute(sql`delete from journal_entry_reference_sums where entries = 1000`);
    }
    expect((await listJournalEntries(t.db, filter)).total).toBe(before.total);
  });

  it('answers fee terms sorted by amount both ways as the plain scan does, with ties and past the end', async () => {
    // Postings through the trigger onto a fee journal: far above and below its amounts, twice each
    // (ties), on an account and side its value already has and on one it has not (decision 070).
    const [journal] = await queryRows<{ id: string; fee: string; account: string }>(
      t.db,
      sql`select j.id, split_part(j.description_residue, chr(31), 4) as fee, e.gl_account_id as account
        from journals j join journal_entries e on e.journal_id = j.id
        where j.description_template_id = 1 and e.entry_type = 'CREDIT' order by j.id limit 1`,
    );
    const [other] = await t.db
      .select({ id: glAccounts.id })
      .from(glAccounts)
      .orderBy(glAccounts.name)
      .limit(1);
    if (!journal || !other) throw new Error('the seed made no payment journal');
    for (const amount of ['765432.1', '765432.1', '0.000002', '0.000002']) {
      await t.db.insert(journalEntries).values([
        { journalId: journal.id, glAccountId: journal.account, entryType: 'CREDIT', amount },
        { journalId: journal.id, glAccountId: other.id, entryType: 'DEBIT', amount },
      ]);
    }
    const terms = [
      'fee 5',
      'fee 15',
      'Fee 1',
      'fee 150',
      `fee ${journal.fee}`,
      'fee 5,',
      `fee ${journal.fee}, `,
    ];
    for (const term of terms) {
      for (const direction of ['desc', 'asc'] as const) {
        for (const entryType of [undefined, 'DEBIT', 'CREDIT'] as const) {
          const sort = { key: 'amount', direction } as const;
          await expectSame(term, entryType, sort);
          const expected = await plainScan(term, entryType, sort);
          // The page that ends the matches, and the one after it.
          const limit = 4;
          const last = Math.max(1, Math.ceil(expected.total / limit));
          for (const page of [last, last + 1]) await expectPage(term, entryType, sort, expected, page, limit);
        }
      }
    }
  });

  it('answers the fixed awkward terms as the plain scan does', async () => {
    for (const term of FIXED_TERMS) {
      for (const entryType of [undefined, 'CREDIT'] as const) {
        await expectSame(term, entryType, { key: 'date', direction: 'desc' });
      }
    }
  });

  it('answers random terms drawn from the descriptions, references and account names', async () => {
    const drawn = fc
      .record({
        source: fc.nat(),
        start: fc.nat(),
        length: fc.integer({ min: 1, max: 14 }),
        upper: fc.boolean(),
        entryType: fc.constantFrom(undefined, 'DEBIT' as const, 'CREDIT' as const),
        sort: fc.constantFrom<JournalEntrySort>(
          { key: 'date', direction: 'desc' },
          { key: 'amount', direction: 'asc' },
        ),
      })
      .map(({ source, start, length, upper, entryType, sort }) => {
        const text = texts[source % texts.length] ?? '';
        const from = start % Math.max(text.length, 1);
        const term = text.slice(from, from + length);
        return { term: upper ? term.toUpperCase() : term, entryType, sort };
      })
      .filter(({ term }) => term.length > 0);
    await fc.assert(
      fc.asyncProperty(drawn, ({ term, entryType, sort }) => expectSame(term, entryType, sort)),
      { numRuns: kind === 'pglite' ? 80 : 150 },
    );
  });

  /**
   * Decision 072's ledger: the newest journals are payout decisions (as the seed's newest are), with
   * a few matching journals among them, some posted at the same instant as a payout (one page's
   * entries of several journals, ordered by their ids), and a reversal of a payment (the rest, one by
   * one).
   */
  async function postNewerPayouts(): Promise<void> {
    const accounts = await t.db.select({ id: glAccounts.id }).from(glAccounts).orderBy(glAccounts.name);
    const post = async (description: string, createdAt: Date, at: number) => {
      const [journal] = await t.db
        .insert(journals)
        .values({ eventType: 'MANUAL', description, createdAt })
        .returning({ id: journals.id });
      const debit = accounts[at % accounts.length];
      const credit = accounts[(at * 3 + 1) % accounts.length];
      if (!journal || !debit || !credit) throw new Error('journal insert failed');
      await t.db.insert(journalEntries).values([
        { journalId: journal.id, glAccountId: debit.id, entryType: 'DEBIT', amount: `${at + 1}.5` },
        { journalId: journal.id, glAccountId: credit.id, entryType: 'CREDIT', amount: `${at + 1}.5` },
      ]);
    };
    for (let at = 0; at < 40; at++) {
      const createdAt = new Date(NOW.getTime() + 86_400_000 + at * 60_000);
      await post(`Payout FT9${at} approved: ${at + 1}.5 paid out`, createdAt, at);
      if (at % 9 === 4)
        await post(
          `Payment FT8${at} received: ${at + 1}.5, fee 0.5, ${at} payable to the merchant`,
          createdAt,
          at + 1,
        );
      if (at % 13 === 7)
        await post(
          `Refund of payment FT8${at}: ${at + 1}.5 returned to the customer, fee 0`,
          createdAt,
          at + 2,
        );
      if (at === 20)
        await post(
          `Reversal of Payment FT8${at} received: 1, fee 1, 0 payable to the merchant: keyed twice`,
          createdAt,
          at,
        );
    }
  }

  it('pages terms settling a template by date at depth past newer journals that do not match (decision 072)', async () => {
    await postNewerPayouts();
    const limit = 5;
    for (const term of ['payment', 'merchant', 'received', 'PAYOUT', 'fee', 'Payment FT8', 'refund of']) {
      for (const direction of ['desc', 'asc'] as const) {
        for (const entryType of [undefined, 'DEBIT'] as const) {
          const sort = { key: 'date', direction } as const;
          const expected = await plainScan(term, entryType, sort);
          const last = Math.max(1, Math.ceil(expected.total / limit));
          for (const page of [1, 2, 4, 9, 17, last, last + 1]) {
            await expectPage(term, entryType, sort, expected, page, limit);
          }
        }
      }
    }
  }, 300_000);

  it("pages a settled template's journals by their own time (the journal walk is taken, decision 072)", async () => {
    // An entry dated after its journal, as only a writer around migration 0039's trigger could post:
    // the entries' walk lists it first, the journals' walk in its journal's place.
    const [journal] = await queryRows<{ id: string; account: string }>(
      t.db,
      sql`select j.id, e.gl_account_id as account from journals j join journal_entries e on e.journal_id = j.id
        where j.description_template_id = 1 order by j.created_at limit 1`,
    );
    if (!journal) throw new Error('the seed made no payment journal');
    const later = new Date(NOW.getTime() + 365 * 86_400_000).toISOString();
    const filter = { search_term: 'payment', page: 1, limit: 5 };
    await t.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`alter table journal_entries disable trigger journal_entries_created_at_of_journal`,
        );
        const [entry] = await queryRows<{ id: string }>(
          tx,
          sql`insert into journal_entries (journal_id, gl_account_id, entry_type, amount, created_at)
            values (${journal.id}, ${journal.account}, 'DEBIT', 1, ${later}::timestamptz) returning id`,
        );
        const [newest] = await queryRows<{ id: string }>(
          tx,
          sql`select id from journal_entries order by created_at desc, id desc limit 1`,
        );
        expect(newest?.id).toBe(entry?.id);
        const listed = await listJournalEntries(tx, filter);
        expect(listed.contents.map((row) => row.id)).not.toContain(entry?.id);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
  });
});
