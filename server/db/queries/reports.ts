/**
 * The financial reports (issue 23; docs/decisions/037): trial balance, balance sheet, income
 * statement and a GL account statement's balances are added up from `journal_entry_daily_sums`
 * (per accounting day, currency, GL account and side), never from the entries, so they cost the
 * same whatever the size of the ledger. Only a statement's page of lines reads entries, through
 * journal_entries_gl_account_date_idx. Amounts are summed in SQL numeric and added in exact decimals.
 */

import {
  buildBalanceSheet,
  buildIncomeStatement,
  buildTrialBalance,
  type Lookup,
  type SumRow,
} from '@contract/book-reports';
import type {
  BalanceSheet,
  CurrencyRef,
  GlAccountRef,
  GlAccountStatement,
  IncomeStatement,
  MerchantSettlement,
  StatementLine,
  TrialBalance,
} from '@contract/books';
import { add, normalize, sub, sum } from '@contract/decimal';
import type { GlAccountType } from '@contract/gl-account';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../connect';
import { type KeptSelect, keptSelect, statementCache } from '../prepared';

/** The reports' statements, kept per executor and shape (each caller names its shape). */
const reportStatements = statementCache<KeptSelect<Record<string, unknown>>>();

function keptStatement<Row extends Record<string, unknown>>(
  db: Executor,
  shape: string,
  build: () => KeptSelect<Row>,
): KeptSelect<Row> {
  return reportStatements(db, shape, build) as KeptSelect<Row>;
}

/** GL accounts and currencies are small tables: read whole, to name the sums' ids. */
async function lookup(db: Executor): Promise<Lookup> {
  const [accounts, currencies] = await Promise.all([
    queryRows<{ id: string; name: string; type: GlAccountType }>(
      db,
      sql`SELECT id, name, type FROM gl_accounts`,
    ),
    queryRows<{ id: string; name_code: string; decimal_places: number }>(
      db,
      sql`SELECT id, name_code, decimal_places FROM currencies`,
    ),
  ]);
  return {
    accounts: new Map(accounts.map((a) => [a.id, a])),
    currencies: new Map(currencies.map((c) => [c.id, c])),
  };
}

interface NamedSumRow extends SumRow, Record<string, unknown> {
  gl_account_name: string | null;
  gl_account_type: GlAccountType | null;
  currency_name_code: string | null;
  currency_decimal_places: number | null;
}

/**
 * Debit and credit sums per (currency, GL account) over the accounting days in [from, to], each
 * with its account's and currency's names: one statement and one round trip, where reading the two
 * small tables beside the sums took three (the API's own work per statement was most of what a
 * report cost over its SQL, docs/performance.md). Built once per shape (with or without `from`)
 * and kept, the days going in as values (`keptSelect`, decision 078).
 */
function buildNamedSums(db: Executor, hasFrom: boolean) {
  const from = hasFrom ? sql`AND day >= ${sql.placeholder('from')}::date` : sql``;
  return keptSelect<NamedSumRow>(
    db,
    [
      'currency_id',
      'gl_account_id',
      'debit',
      'credit',
      'gl_account_name',
      'gl_account_type',
      'currency_name_code',
      'currency_decimal_places',
    ],
    sql`SELECT s.currency_id, s.gl_account_id, s.debit, s.credit,
               g.name AS gl_account_name, g.type AS gl_account_type,
               c.name_code AS currency_name_code, c.decimal_places AS currency_decimal_places
        FROM (SELECT currency_id, gl_account_id,
                     coalesce(sum(amount) FILTER (WHERE entry_type = 'DEBIT'), 0)::text AS debit,
                     coalesce(sum(amount) FILTER (WHERE entry_type = 'CREDIT'), 0)::text AS credit
              FROM journal_entry_daily_sums
              WHERE day <= ${sql.placeholder('to')}::date ${from}
              GROUP BY currency_id, gl_account_id) s
        LEFT JOIN gl_accounts g ON g.id = s.gl_account_id
        LEFT JOIN currencies c ON c.id = s.currency_id`,
  );
}

async function namedSumsBetween(
  db: Executor,
  from: string | null,
  to: string,
): Promise<{ rows: SumRow[]; look: Lookup }> {
  const hasFrom = from !== null;
  const named = await keptStatement(db, hasFrom ? 'sums-from-to' : 'sums-to', () =>
    buildNamedSums(db, hasFrom),
  )({
    from,
    to,
  });
  const look: Lookup = { accounts: new Map(), currencies: new Map() };
  const rows = named.map((r): SumRow => {
    if (r.gl_account_name !== null && r.gl_account_type !== null) {
      look.accounts.set(r.gl_account_id, {
        id: r.gl_account_id,
        name: r.gl_account_name,
        type: r.gl_account_type,
      });
    }
    if (r.currency_id !== null && r.currency_name_code !== null && r.currency_decimal_places !== null) {
      look.currencies.set(r.currency_id, {
        id: r.currency_id,
        name_code: r.currency_name_code,
        decimal_places: r.currency_decimal_places,
      });
    }
    return { currency_id: r.currency_id, gl_account_id: r.gl_account_id, debit: r.debit, credit: r.credit };
  });
  return { rows, look };
}

export async function trialBalance(db: Executor, asOf: string): Promise<TrialBalance> {
  const { rows, look } = await namedSumsBetween(db, null, asOf);
  return buildTrialBalance(asOf, rows, look);
}

export async function balanceSheet(db: Executor, asOf: string): Promise<BalanceSheet> {
  const { rows, look } = await namedSumsBetween(db, null, asOf);
  return buildBalanceSheet(asOf, rows, look);
}

export async function incomeStatement(db: Executor, from: string, to: string): Promise<IncomeStatement> {
  const { rows, look } = await namedSumsBetween(db, from, to);
  return buildIncomeStatement(from, to, rows, look);
}

/** The day before a date. */
function dayBefore(date: string): string {
  const t = Date.parse(`${date}T00:00:00Z`) - 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export interface StatementQuery {
  glAccount: GlAccountRef;
  currency: CurrencyRef;
  from: string;
  to: string;
  page: number;
  limit: number;
}

/** The values every statement of a statement page takes (its placeholders' names). */
function statementValues(q: StatementQuery) {
  return {
    glAccountId: q.glAccount.id,
    currencyId: q.currency.id,
    from: q.from,
    to: q.to,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  };
}

type StatementValues = ReturnType<typeof statementValues>;

/**
 * The net before `from` and the sums of [from, to] in one statement: one round trip, and the
 * opening balance and the period's totals read from one snapshot.
 */
type OpeningAndPeriodRow = Record<`${'opening' | 'period'}_${'debit' | 'credit'}` | 'entries', string>;

async function openingAndPeriod(db: Executor, values: StatementValues) {
  const from = sql`${sql.placeholder('from')}::date`;
  const [row] = await keptStatement<OpeningAndPeriodRow>(db, 'opening-and-period', () =>
    keptSelect(
      db,
      ['opening_debit', 'opening_credit', 'period_debit', 'period_credit', 'entries'],
      sql`SELECT coalesce(sum(amount) FILTER (WHERE entry_type = 'DEBIT' AND day < ${from}), 0)::text AS opening_debit,
                 coalesce(sum(amount) FILTER (WHERE entry_type = 'CREDIT' AND day < ${from}), 0)::text AS opening_credit,
                 coalesce(sum(amount) FILTER (WHERE entry_type = 'DEBIT' AND day >= ${from}), 0)::text AS period_debit,
                 coalesce(sum(amount) FILTER (WHERE entry_type = 'CREDIT' AND day >= ${from}), 0)::text AS period_credit,
                 coalesce(sum(entries) FILTER (WHERE day >= ${from}), 0)::text AS entries
          FROM journal_entry_daily_sums
          WHERE gl_account_id = ${sql.placeholder('glAccountId')} AND currency_id = ${sql.placeholder('currencyId')}
            AND day <= ${sql.placeholder('to')}::date`,
    ),
  )(values);
  return {
    opening: { debit: normalize(row?.opening_debit ?? '0'), credit: normalize(row?.opening_credit ?? '0') },
    period: {
      debit: normalize(row?.period_debit ?? '0'),
      credit: normalize(row?.period_credit ?? '0'),
      entries: Number(row?.entries ?? 0),
    },
  };
}

/** debit - credit of the account in the currency over the days in [from, to]. */
async function netBetween(db: Executor, values: StatementValues & { netFrom: string; netTo: string }) {
  const [row] = await keptStatement<{ debit: string; credit: string; entries: string }>(
    db,
    'net-between',
    () =>
      keptSelect(
        db,
        ['debit', 'credit', 'entries'],
        sql`SELECT coalesce(sum(amount) FILTER (WHERE entry_type = 'DEBIT'), 0)::text AS debit,
                 coalesce(sum(amount) FILTER (WHERE entry_type = 'CREDIT'), 0)::text AS credit,
                 coalesce(sum(entries), 0)::text AS entries
          FROM journal_entry_daily_sums
          WHERE gl_account_id = ${sql.placeholder('glAccountId')} AND currency_id = ${sql.placeholder('currencyId')}
            AND day <= ${sql.placeholder('netTo')}::date AND day >= ${sql.placeholder('netFrom')}::date`,
      ),
  )(values);
  return {
    debit: normalize(row?.debit ?? '0'),
    credit: normalize(row?.credit ?? '0'),
    entries: Number(row?.entries ?? 0),
  };
}

interface LineRow extends Record<string, unknown> {
  entry_id: string;
  journal_id: string;
  entry_date: string;
  created_at: string;
  description: string | null;
  reference: string | null;
  entry_type: 'DEBIT' | 'CREDIT';
  amount: string;
}

/**
 * The entries of the account in the currency. The currency is a per-row subquery on purpose: as a
 * join, PostgreSQL misjudges `coalesce(journal's, transaction's currency)` and hashes every journal
 * and transaction before sorting (0.86 s at 100,000 transactions); as a scalar subquery it cannot be
 * flattened, so the page walks journal_entries_gl_account_date_idx in order and stops at the page.
 */
const statementEntries = sql`
  FROM journal_entries e
  WHERE e.gl_account_id = ${sql.placeholder('glAccountId')}
    AND (SELECT coalesce(j.currency_id, t.currency_id) FROM journals j
         LEFT JOIN transactions t ON t.id = j.transaction_id WHERE j.id = e.journal_id) = ${sql.placeholder('currencyId')}`;

function statementLines(db: Executor) {
  return keptStatement<LineRow>(db, 'lines', () =>
    keptSelect(
      db,
      [
        'entry_id',
        'journal_id',
        'entry_date',
        'created_at',
        'description',
        'reference',
        'entry_type',
        'amount',
      ],
      sql`SELECT e.id AS entry_id, e.journal_id, e.entry_date::text AS entry_date,
                 e.created_at::text AS created_at, j.description,
                 coalesce(j.reference, t.txn_ref) AS reference, e.entry_type, e.amount::text AS amount
          FROM (SELECT e.* ${statementEntries}
                  AND e.entry_date BETWEEN ${sql.placeholder('from')}::date AND ${sql.placeholder('to')}::date
                ORDER BY e.entry_date, e.created_at, e.id
                LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}) e
          JOIN journals j ON j.id = e.journal_id
          LEFT JOIN transactions t ON t.id = j.transaction_id
          ORDER BY e.entry_date, e.created_at, e.id`,
    ),
  );
}

/** The net of the page's first day's entries before its first line. */
function sameDayBefore(db: Executor) {
  return keptStatement<{ net: string }>(db, 'same-day-before', () =>
    keptSelect(
      db,
      ['net'],
      sql`SELECT coalesce(sum(CASE WHEN e.entry_type = 'DEBIT' THEN e.amount ELSE -e.amount END), 0)::text AS net
          ${statementEntries}
            AND e.entry_date = ${sql.placeholder('firstDate')}::date
            AND (e.created_at, e.id) < (${sql.placeholder('firstCreatedAt')}::timestamptz, ${sql.placeholder('firstId')}::uuid)`,
    ),
  );
}

/**
 * A statement: the opening balance (the sums of the days before `from`), a page of lines with the
 * balance after each, and the totals of the period, all debit minus credit. The balance before the
 * page is the sums of the whole days before the page's first day plus that day's earlier entries,
 * so a deep page reads one day of entries, not every line before it.
 */
export async function glAccountStatement(db: Executor, q: StatementQuery): Promise<GlAccountStatement> {
  const values = statementValues(q);
  // The sums and the page do not depend on each other: one stage, not three round trips in turn.
  const [{ opening, period }, rows] = await Promise.all([
    openingAndPeriod(db, values),
    statementLines(db)(values),
  ]);
  const openingBalance = sub(opening.debit, opening.credit);
  let balance = openingBalance;
  const first = rows[0];
  if (first && q.page > 1) {
    const [days, [sameDay]] = await Promise.all([
      first.entry_date > q.from
        ? netBetween(db, { ...values, netFrom: q.from, netTo: dayBefore(first.entry_date) })
        : null,
      sameDayBefore(db)({
        ...values,
        firstDate: first.entry_date,
        firstCreatedAt: first.created_at,
        firstId: first.entry_id,
      }),
    ]);
    if (days) balance = add(balance, sub(days.debit, days.credit));
    balance = add(balance, normalize(sameDay?.net ?? '0'));
  }
  const contents: StatementLine[] = rows.map((r) => {
    const amount = normalize(r.amount);
    balance = r.entry_type === 'DEBIT' ? add(balance, amount) : sub(balance, amount);
    return {
      entry_id: r.entry_id,
      journal_id: r.journal_id,
      entry_date: r.entry_date,
      description: r.description,
      reference: r.reference,
      entry_type: r.entry_type,
      amount,
      balance,
    };
  });
  return {
    gl_account: q.glAccount,
    currency: q.currency,
    from: q.from,
    to: q.to,
    opening_balance: openingBalance,
    debit_total: period.debit,
    credit_total: period.credit,
    closing_balance: add(openingBalance, sub(period.debit, period.credit)),
    lines: { contents, total: period.entries, total_pages: Math.ceil(period.entries / q.limit) },
  };
}

/** A statement's GL account and currency, or which of the two does not exist. */
type StatementSubject =
  | { glAccount: GlAccountRef; currency: CurrencyRef }
  | { missing: 'gl_account' | 'currency' };

/** The GL account and currency of a statement, or null when either does not exist. */
export async function statementSubject(
  db: Executor,
  glAccountId: string,
  currencyId: string | undefined,
): Promise<StatementSubject> {
  if (currencyId !== undefined) return namedSubject(db, glAccountId, currencyId);
  const look = await lookup(db);
  const glAccount = look.accounts.get(glAccountId);
  if (!glAccount) return { missing: 'gl_account' };
  // No currency asked: the one the account holds most entries in, else the first by code.
  const [busiest] = await queryRows<{ currency_id: string }>(
    db,
    sql`SELECT currency_id FROM journal_entry_sums
        WHERE gl_account_id = ${glAccountId} AND currency_id IS NOT NULL
        GROUP BY currency_id ORDER BY sum(entries) DESC LIMIT 1`,
  );
  const currency =
    (busiest && look.currencies.get(busiest.currency_id)) ??
    [...look.currencies.values()].sort((a, b) => a.name_code.localeCompare(b.name_code))[0];
  return currency ? { glAccount, currency } : { missing: 'currency' };
}

/** The account and the currency asked for, in one statement (the statement page's first round trip). */
async function namedSubject(
  db: Executor,
  glAccountId: string,
  currencyId: string,
): Promise<StatementSubject> {
  const [row] = await keptStatement<{
    name: string;
    type: GlAccountType;
    name_code: string | null;
    decimal_places: number | null;
  }>(db, 'subject', () =>
    keptSelect(
      db,
      ['name', 'type', 'name_code', 'decimal_places'],
      sql`SELECT g.name, g.type, c.name_code, c.decimal_places
          FROM gl_accounts g LEFT JOIN currencies c ON c.id = ${sql.placeholder('currencyId')}
          WHERE g.id = ${sql.placeholder('glAccountId')}`,
    ),
  )({ glAccountId, currencyId });
  if (!row) return { missing: 'gl_account' };
  if (row.name_code === null || row.decimal_places === null) return { missing: 'currency' };
  return {
    glAccount: { id: glAccountId, name: row.name, type: row.type },
    currency: { id: currencyId, name_code: row.name_code, decimal_places: row.decimal_places },
  };
}

interface SettlementRow extends Record<string, unknown> {
  currency_id: string;
  before: boolean;
  kind: 'payment' | 'refund' | 'chargeback' | 'payout';
  count: number;
  amount: string;
  fees: string;
}

/** Whether a table exists (refunds and disputes come with issue 22's money flows). */
async function tableExists(db: Executor, name: string): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT to_regclass(${name}) IS NOT NULL AS present`,
  );
  return row?.present === true;
}

/**
 * A merchant's settlement statement for [from, to] (transaction dates, UTC days): successful
 * payments less their fees, successful refunds, lost chargebacks (amount and fee, when decided),
 * paid payouts; the opening balance is the same sum of everything before `from`.
 */
export async function merchantSettlement(
  db: Executor,
  merchant: { id: string; name: string },
  from: string,
  to: string,
): Promise<MerchantSettlement> {
  const look = await lookup(db);
  const start = `${from}T00:00:00Z`;
  const end = `${to}T00:00:00Z`;
  const rows = await queryRows<SettlementRow>(
    db,
    sql`SELECT currency_id, transaction_date < ${start}::timestamptz AS before,
               CASE type WHEN 'PAYMENT' THEN 'payment' WHEN 'REFUND' THEN 'refund' ELSE 'payout' END AS kind,
               count(*)::int AS count, sum(amount)::text AS amount, sum(fee)::text AS fees
        FROM transactions
        WHERE merchant_id = ${merchant.id} AND status = 'SUCCESS'
          AND transaction_date < ${end}::timestamptz + interval '1 day'
        GROUP BY 1, 2, 3`,
  );
  const refundsRecorded = rows.some((r) => r.kind === 'refund') || (await tableExists(db, 'refunds'));
  const chargebacksRecorded = await tableExists(db, 'disputes');
  if (chargebacksRecorded) {
    rows.push(
      ...(await queryRows<SettlementRow>(
        db,
        sql`SELECT p.currency_id, d.decided_at < ${start}::timestamptz AS before, 'chargeback' AS kind,
                   count(*)::int AS count, sum(d.amount + d.fee)::text AS amount, '0' AS fees
            FROM disputes d JOIN transactions p ON p.id = d.payment_id
            WHERE p.merchant_id = ${merchant.id} AND d.status = 'LOST'
              AND d.decided_at < ${end}::timestamptz + interval '1 day'
            GROUP BY 1, 2`,
      )),
    );
  }
  const currencyIds = [...new Set(rows.map((r) => r.currency_id))];
  const currencies = currencyIds
    .map((id) => look.currencies.get(id))
    .filter((c): c is CurrencyRef => c !== undefined)
    .sort((a, b) => a.name_code.localeCompare(b.name_code))
    .map((currency) => {
      const of = (before: boolean, kind: SettlementRow['kind']) =>
        rows.find((r) => r.currency_id === currency.id && r.before === before && r.kind === kind);
      const net = (before: boolean) => {
        const p = of(before, 'payment');
        return sub(
          sub(normalize(p?.amount ?? '0'), normalize(p?.fees ?? '0')),
          sum(
            ['refund', 'chargeback', 'payout'].map((k) =>
              normalize(of(before, k as SettlementRow['kind'])?.amount ?? '0'),
            ),
          ),
        );
      };
      const line = (kind: SettlementRow['kind']) => {
        const r = of(false, kind);
        return { count: r?.count ?? 0, amount: normalize(r?.amount ?? '0') };
      };
      const opening = net(true);
      return {
        currency,
        opening_balance: opening,
        payments: line('payment'),
        fees: normalize(of(false, 'payment')?.fees ?? '0'),
        refunds: line('refund'),
        chargebacks: line('chargeback'),
        payouts: line('payout'),
        closing_balance: add(opening, net(false)),
      };
    });
  return {
    merchant,
    from,
    to,
    refunds_recorded: refundsRecorded,
    chargebacks_recorded: chargebacksRecorded,
    currencies,
  };
}
