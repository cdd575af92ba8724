/**
 * The books (issue 23): manual journals, reversals, closed periods and the reports, through the
 * API on both databases. Each rule is checked for its message and for writing nothing.
 */

import { approvalRequestSchema } from '@contract/approval';
import {
  accountingPeriodSchema,
  BOOKS_MESSAGES,
  balanceSheetSchema,
  glAccountStatementSchema,
  incomeStatementSchema,
  journalDetailSchema,
  merchantSettlementSchema,
  trialBalanceSchema,
} from '@contract/books';
import { compare } from '@contract/decimal';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/connect';
import { accountingPeriods, glAccounts, journalEntries, journals, transactions } from '../db/schema';
import { describeApi, readEnvelope } from '../test/api';
import { jsonCall, rowCount, UNKNOWN_ID } from '../test/catalog';
import { expectStatus } from '../test/expect';
import { insertCollection, insertPayoutRequest } from '../test/transaction-fixtures';

const TODAY = '2026-11-21'; // the test clock's day

describeApi('books', { signIn: ['admin', 'finance', 'support'] }, (api, signed) => {
  const db = () => api.database.db;
  let etb: string;
  let usd: string;
  const account = (name: string) => {
    const found = api.catalog.glAccounts.find((g) => g.name === name);
    if (!found) throw new Error(`no GL account ${name}`);
    return found.id;
  };
  let bank: string;
  let equity: string;
  let expense: string;
  let payables: string;

  beforeAll(() => {
    const currency = (code: string) => {
      const c = api.catalog.currencies.find((x) => x.nameCode === code);
      if (!c) throw new Error(`no ${code}`);
      return c.id;
    };
    etb = currency('ETB');
    usd = currency('USD');
    bank = account('Settlement Bank Accounts');
    equity = account('Owner Equity');
    expense = account('Bank Charges Expense');
    payables = account('Merchant Payables');
  });

  const journalBody = (overrides: Record<string, unknown> = {}) => ({
    currency_id: etb,
    entry_date: TODAY,
    narration: 'Owner capital',
    reference: 'V-1',
    lines: [
      { gl_account_id: bank, entry_type: 'DEBIT', amount: '1000' },
      { gl_account_id: equity, entry_type: 'CREDIT', amount: '1000' },
    ],
    ...overrides,
  });
  const post = (body: unknown, token = signed.finance) =>
    jsonCall(api, 'POST', '/api/v1/journals', token, body);
  const reverse = (id: string, body: unknown = { reason: 'Posted twice' }, token = signed.finance) =>
    jsonCall(api, 'POST', `/api/v1/journals/${id}/reversal`, token, body);
  const countJournals = () => rowCount(api, journals);

  async function posted(body: unknown) {
    const response = await post(body);
    expect(response.status).toBe(201);
    return (await readEnvelope(response, journalDetailSchema)).data;
  }

  async function trial(asOf = TODAY) {
    const response = await jsonCall(
      api,
      'GET',
      `/api/v1/reports/trial-balance?as_of=${asOf}`,
      signed.finance,
    );
    expect(response.status).toBe(200);
    return (await readEnvelope(response, trialBalanceSchema)).data;
  }

  const etbLine = (t: Awaited<ReturnType<typeof trial>>, glAccountId: string) =>
    t.currencies.find((c) => c.currency?.id === etb)?.accounts.find((a) => a.gl_account.id === glAccountId);

  describe('manual journals', () => {
    it('posts a balanced journal in one currency: its lines, date, narration, reference and poster', async () => {
      const before = await trial();
      const journal = await posted(journalBody({ narration: 'Capital injection' }));
      expect(journal).toMatchObject({
        event_type: 'MANUAL_JOURNAL',
        description: 'Capital injection',
        reference: 'V-1',
        entry_date: TODAY,
        currency: { id: etb, name_code: 'ETB' },
        transaction: null,
        posted_by: { name: 'Dawit Haile' },
        debit_total: '1000',
        credit_total: '1000',
        reverses: null,
        reversed_by: null,
      });
      expect(journal.lines.map((l) => [l.gl_account.id, l.entry_type, l.amount])).toEqual([
        [bank, 'DEBIT', '1000'],
        [equity, 'CREDIT', '1000'],
      ]);
      // The kept sums moved with it: the trial balance shows the bank 1000 higher.
      const after = await trial();
      const delta = (t: typeof before) => etbLine(t, bank)?.debit ?? '0';
      expect(compare(delta(after), delta(before))).toBe(1);
      const got = await jsonCall(api, 'GET', `/api/v1/journals/${journal.id}`, signed.support);
      expect((await readEnvelope(got, journalDetailSchema)).data.id).toBe(journal.id);
    });

    it('refuses debits and credits that differ, naming both totals and the difference; nothing written', async () => {
      const before = await countJournals();
      const response = await post(
        journalBody({
          lines: [
            { gl_account_id: bank, entry_type: 'DEBIT', amount: '100' },
            { gl_account_id: equity, entry_type: 'CREDIT', amount: '90.5' },
          ],
        }),
      );
      await expectStatus(response, 400, `lines: ${BOOKS_MESSAGES.unbalanced('100', '90.5')}`);
      expect(BOOKS_MESSAGES.unbalanced('100', '90.5')).toContain('differ by 9.5');
      expect(await countJournals()).toBe(before);
    });

    it('refuses a GL account that does not allow manual entries, naming it', async () => {
      const before = await countJournals();
      const response = await post(
        journalBody({
          lines: [
            { gl_account_id: bank, entry_type: 'DEBIT', amount: '5' },
            { gl_account_id: payables, entry_type: 'CREDIT', amount: '5' },
          ],
        }),
      );
      await expectStatus(
        response,
        400,
        `lines.1.gl_account_id: ${BOOKS_MESSAGES.accountNotManual('Merchant Payables')}`,
      );
      expect(await countJournals()).toBe(before);
    });

    it('refuses an inactive GL account, and one that does not exist', async () => {
      const [inactive] = await db()
        .insert(glAccounts)
        .values({
          name: 'Dormant Bank',
          type: 'ASSET',
          manualJournalEntriesAllowed: true,
          status: 'INACTIVE',
        })
        .returning({ id: glAccounts.id });
      const before = await countJournals();
      const lines = (id: string) => [
        { gl_account_id: id, entry_type: 'DEBIT', amount: '5' },
        { gl_account_id: equity, entry_type: 'CREDIT', amount: '5' },
      ];
      await expectStatus(
        await post(journalBody({ lines: lines(inactive?.id ?? '') })),
        400,
        `lines.0.gl_account_id: ${BOOKS_MESSAGES.accountInactive('Dormant Bank')}`,
      );
      await expectStatus(
        await post(journalBody({ lines: lines(UNKNOWN_ID) })),
        400,
        `lines.0.gl_account_id: ${BOOKS_MESSAGES.accountNotFound}`,
      );
      expect(await countJournals()).toBe(before);
    });

    it('refuses more decimals than the currency has, a single side, and a missing narration', async () => {
      await expectStatus(
        await post(
          journalBody({
            lines: [
              { gl_account_id: bank, entry_type: 'DEBIT', amount: '1.005' },
              { gl_account_id: equity, entry_type: 'CREDIT', amount: '1.005' },
            ],
          }),
        ),
        400,
        `lines.0.amount: ${BOOKS_MESSAGES.amountPlaces('ETB', 2)}`,
      );
      const oneSided = await post(
        journalBody({ lines: [{ gl_account_id: bank, entry_type: 'DEBIT', amount: '1' }] }),
      );
      expect(oneSided.status).toBe(400);
      expect((await readEnvelope(oneSided)).errorMessage).toContain(BOOKS_MESSAGES.lines);
      const blank = await post(journalBody({ narration: '  ' }));
      expect(blank.status).toBe(400);
      expect((await readEnvelope(blank)).errorMessage).toContain(`narration: ${BOOKS_MESSAGES.narration}`);
    });

    it('needs create-journal-entry', async () => {
      await expectStatus(await post(journalBody(), signed.support), 403);
    });
  });

  describe('reversals', () => {
    it('posts the mirror journal, linked both ways, and refuses a second reversal', async () => {
      const original = await posted(
        journalBody({ narration: 'Wrong fee', currency_id: usd, entry_date: TODAY }),
      );
      const response = await reverse(original.id, { reason: 'Posted to the wrong account' });
      expect(response.status).toBe(201);
      const reversal = (await readEnvelope(response, journalDetailSchema)).data;
      expect(reversal).toMatchObject({
        event_type: 'REVERSAL',
        currency: { id: usd },
        reversal_reason: 'Posted to the wrong account',
        reverses: { id: original.id },
        entry_date: TODAY,
      });
      expect(reversal.lines.map((l) => [l.gl_account.id, l.entry_type, l.amount])).toEqual([
        [equity, 'DEBIT', '1000'],
        [bank, 'CREDIT', '1000'],
      ]);
      const again = await jsonCall(api, 'GET', `/api/v1/journals/${original.id}`, signed.finance);
      expect((await readEnvelope(again, journalDetailSchema)).data.reversed_by).toMatchObject({
        id: reversal.id,
        reason: 'Posted to the wrong account',
      });

      const before = await countJournals();
      await expectStatus(await reverse(original.id), 409, BOOKS_MESSAGES.alreadyReversed);
      await expectStatus(await reverse(reversal.id), 409, BOOKS_MESSAGES.reversalOfReversal);
      expect(await countJournals()).toBe(before);
    });

    it('reverses a money event journal too, and 404s an unknown journal', async () => {
      const id = await insertCollection(api, {
        ref: 'BOOKS-IN-1',
        date: new Date(`${TODAY}T08:00:00Z`),
        amount: '300',
      });
      const [journal] = await db()
        .select({ id: journals.id })
        .from(journals)
        .where(eq(journals.transactionId, id));
      const response = await reverse(journal?.id ?? '');
      expect(response.status).toBe(201);
      const reversal = (await readEnvelope(response, journalDetailSchema)).data;
      expect(reversal.currency?.name_code).toBeDefined();
      await expectStatus(await reverse(UNKNOWN_ID), 404);
    });

    it('two reversals at once: one is posted, the other refused with 409', async () => {
      const original = await posted(journalBody({ narration: 'Raced' }));
      const answers = await Promise.all([reverse(original.id), reverse(original.id)]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      const loser = answers.find((r) => r.status === 409);
      if (loser) await expectStatus(loser, 409, BOOKS_MESSAGES.alreadyReversed);
      const rows = await db().select().from(journals).where(eq(journals.reversesJournalId, original.id));
      expect(rows).toHaveLength(1);
    });

    it('needs reverse-journal-entry', async () => {
      const original = await posted(journalBody({ narration: 'Not support’s to reverse' }));
      await expectStatus(await reverse(original.id, { reason: 'x' }, signed.support), 403);
    });
  });

  describe('closed periods', () => {
    const close = (month: string, token = signed.finance) =>
      jsonCall(api, 'POST', '/api/v1/accounting-periods/close', token, { month });
    const reopen = (month: string, reason = 'Late invoice', token = signed.finance) =>
      jsonCall(api, 'POST', '/api/v1/accounting-periods/reopen', token, { month, reason });

    it('closes a month that has ended: staff cannot post into it, then reopening lets them', async () => {
      const response = await close('2026-10');
      expect(response.status).toBe(200);
      expect((await readEnvelope(response, accountingPeriodSchema)).data).toMatchObject({
        month: '2026-10',
        status: 'CLOSED',
        closed_by: { name: 'Dawit Haile' },
      });
      await expectStatus(await close('2026-10'), 409, BOOKS_MESSAGES.periodAlreadyClosed('2026-10'));

      const before = await countJournals();
      await expectStatus(
        await post(journalBody({ entry_date: '2026-10-15' })),
        409,
        BOOKS_MESSAGES.periodClosed('2026-10', '2026-10-15'),
      );
      expect(BOOKS_MESSAGES.periodClosed('2026-10', '2026-10-15')).toContain('October 2026');
      // A reversal dated inside it is refused too.
      const original = await posted(journalBody({ narration: 'To reverse into October' }));
      await expectStatus(
        await reverse(original.id, { reason: 'x', entry_date: '2026-10-31' }),
        409,
        BOOKS_MESSAGES.periodClosed('2026-10', '2026-10-31'),
      );
      expect(await countJournals()).toBe(before + 1);

      // Reopening always waits for a second person's approval (decision 039): it is carried out then.
      const asked = await reopen('2026-10');
      expect(asked.status).toBe(202);
      const request = (await readEnvelope(asked, approvalRequestSchema)).data;
      expect(request).toMatchObject({ action: 'period.reopen', status: 'PENDING' });
      const approved = await jsonCall(api, 'POST', `/api/v1/approvals/${request.id}/decision`, signed.admin, {
        command: 'approve',
      });
      expect((await readEnvelope(approved, approvalRequestSchema)).data.status).toBe('APPROVED');
      await expectStatus(await reopen('2026-10'), 409, BOOKS_MESSAGES.periodNotClosed('2026-10'));
      expect((await post(journalBody({ entry_date: '2026-10-15' }))).status).toBe(201);
      const list = await jsonCall(api, 'GET', '/api/v1/accounting-periods', signed.finance);
      expect(await list.json()).toMatchObject({
        data: { periods: [{ month: '2026-10', status: 'OPEN', reopen_reason: 'Late invoice' }] },
      });
    });

    it('refuses a month that has not ended, and needs close-period and reopen-period', async () => {
      await expectStatus(await close('2026-11'), 409, BOOKS_MESSAGES.periodNotEnded('2026-11'));
      await expectStatus(await close('2026-09', signed.support), 403);
      await expectStatus(await reopen('2026-09', 'x', signed.support), 403);
      await expectStatus(await close('2026-13'), 400, `month: ${BOOKS_MESSAGES.month}`);
    });

    it('refuses a money event dated in a closed month: a payout decision stays pending', async () => {
      await insertCollection(api, {
        ref: 'BOOKS-IN-2',
        date: new Date('2026-11-20T08:00:00Z'),
        amount: '5000',
      });
      const payout = await insertPayoutRequest(api, {
        ref: 'BOOKS-PO-1',
        date: new Date('2026-11-20T09:00:00Z'),
        amount: '100',
        method: 'CBE',
      });
      // The current month closed (as an operator would after month end; the test clock stays in it).
      await db().insert(accountingPeriods).values({ month: '2026-11-01', status: 'CLOSED' });
      try {
        const before = await countJournals();
        const response = await api.call(`/api/v1/payout/transactions/${payout}?command=approve`, {
          method: 'POST',
          token: signed.finance,
        });
        await expectStatus(response, 409, BOOKS_MESSAGES.periodClosed('2026-11', TODAY));
        const [row] = await db().select().from(transactions).where(eq(transactions.id, payout));
        expect(row?.status).toBe('PAY_OUT');
        expect(await countJournals()).toBe(before);
      } finally {
        await db().delete(accountingPeriods).where(eq(accountingPeriods.month, '2026-11-01'));
      }
    });
  });

  describe('reports', () => {
    it('trial balance: per currency, equal debit and credit totals; the kept sums match the entries', async () => {
      const t = await trial();
      expect(t.currencies.length).toBeGreaterThan(0);
      for (const c of t.currencies) {
        expect(c.balanced).toBe(true);
        expect(compare(c.debit_total, c.credit_total)).toBe(0);
      }
      const plain = await queryRows<{ currency_id: string | null; gl_account_id: string; net: string }>(
        db(),
        sql`SELECT coalesce(j.currency_id, t.currency_id) AS currency_id, e.gl_account_id,
                   sum(CASE WHEN e.entry_type = 'DEBIT' THEN e.amount ELSE -e.amount END)::text AS net
            FROM journal_entries e JOIN journals j ON j.id = e.journal_id
            LEFT JOIN transactions t ON t.id = j.transaction_id
            WHERE e.entry_date <= ${TODAY}::date GROUP BY 1, 2`,
      );
      for (const row of plain) {
        const line = t.currencies
          .find((c) => (c.currency?.id ?? null) === row.currency_id)
          ?.accounts.find((a) => a.gl_account.id === row.gl_account_id);
        const net = line ? (compare(line.debit, '0') > 0 ? line.debit : `-${line.credit}`) : '0';
        expect(compare(net, row.net), `${row.gl_account_id}`).toBe(0);
      }
      await expectStatus(
        await jsonCall(api, 'GET', '/api/v1/reports/trial-balance?as_of=2026-02-30', signed.finance),
        400,
      );
      await expectStatus(await jsonCall(api, 'GET', '/api/v1/reports/trial-balance', signed.support), 403);
    });

    it('balance sheet balances; the income statement covers a period', async () => {
      const bs = await jsonCall(api, 'GET', `/api/v1/reports/balance-sheet?as_of=${TODAY}`, signed.finance);
      for (const c of (await readEnvelope(bs, balanceSheetSchema)).data.currencies)
        expect(c.balanced).toBe(true);
      await posted(
        journalBody({
          narration: 'Bank charges',
          lines: [
            { gl_account_id: expense, entry_type: 'DEBIT', amount: '12.5' },
            { gl_account_id: bank, entry_type: 'CREDIT', amount: '12.5' },
          ],
        }),
      );
      const is = await jsonCall(
        api,
        'GET',
        `/api/v1/reports/income-statement?from=2026-11-01&to=${TODAY}`,
        signed.finance,
      );
      const etbStatement = (await readEnvelope(is, incomeStatementSchema)).data.currencies.find(
        (c) => c.currency?.id === etb,
      );
      expect(etbStatement?.expense.accounts.find((a) => a.gl_account.id === expense)?.balance).toBe('12.5');
      await expectStatus(
        await jsonCall(
          api,
          'GET',
          '/api/v1/reports/income-statement?from=2026-11-02&to=2026-11-01',
          signed.finance,
        ),
        400,
        'from: must not be after to',
      );
    });

    it('GL account statement: opening balance, running balance across pages, closing balance', async () => {
      const url = (page: number) =>
        `/api/v1/reports/gl-account-statement?gl_account_id=${bank}&currency_id=${etb}&from=2026-11-01&to=${TODAY}&page=${page}&limit=2`;
      const first = (
        await readEnvelope(await jsonCall(api, 'GET', url(1), signed.finance), glAccountStatementSchema)
      ).data;
      expect(first.lines.total).toBeGreaterThan(2);
      const all = [];
      for (let page = 1; page <= first.lines.total_pages; page++) {
        const s = await readEnvelope(
          await jsonCall(api, 'GET', url(page), signed.finance),
          glAccountStatementSchema,
        );
        all.push(...s.data.lines.contents);
      }
      expect(all).toHaveLength(first.lines.total);
      let balance = first.opening_balance;
      for (const line of all) {
        const { add, sub } = await import('@contract/decimal');
        balance = line.entry_type === 'DEBIT' ? add(balance, line.amount) : sub(balance, line.amount);
        expect(line.balance).toBe(balance);
      }
      expect(balance).toBe(first.closing_balance);
      await expectStatus(
        await jsonCall(api, 'GET', '/api/v1/reports/gl-account-statement', signed.finance),
        400,
        'gl_account_id: Select a GL account',
      );
    });

    it('names each line’s GL account and currency as their tables do, in all three reports', async () => {
      const [accounts, currencies] = await Promise.all([
        queryRows<{ id: string; name: string; type: string }>(
          db(),
          sql`SELECT id, name, type FROM gl_accounts`,
        ),
        queryRows<{ id: string; name_code: string; decimal_places: number }>(
          db(),
          sql`SELECT id, name_code, decimal_places FROM currencies`,
        ),
      ]);
      const accountById = new Map(accounts.map((a) => [a.id, a]));
      const currencyById = new Map(currencies.map((c) => [c.id, c]));
      const get = (path: string) => jsonCall(api, 'GET', path, signed.finance);
      const reports = [
        await trial(),
        (await readEnvelope(await get(`/api/v1/reports/balance-sheet?as_of=${TODAY}`), balanceSheetSchema))
          .data,
        (
          await readEnvelope(
            await get(`/api/v1/reports/income-statement?from=2026-01-01&to=${TODAY}`),
            incomeStatementSchema,
          )
        ).data,
      ];
      let lines = 0;
      for (const report of reports) {
        for (const c of report.currencies) {
          expect(c.currency).not.toBeNull();
          if (c.currency) expect(c.currency).toEqual(currencyById.get(c.currency.id));
          const sections =
            'accounts' in c
              ? [c.accounts]
              : 'assets' in c
                ? [c.assets.accounts, c.liabilities.accounts, c.equity.accounts]
                : [c.income.accounts, c.expense.accounts];
          for (const line of sections.flat()) {
            expect(line.gl_account).toEqual(accountById.get(line.gl_account.id));
            lines += 1;
          }
        }
      }
      expect(lines).toBeGreaterThan(3);
    });

    it('GL account statement: names its account and currency, defaults to the busiest currency, 404s either unknown', async () => {
      const statement = async (query: string) =>
        jsonCall(
          api,
          'GET',
          `/api/v1/reports/gl-account-statement?${query}&from=2026-11-01&to=${TODAY}`,
          signed.finance,
        );
      const named = (
        await readEnvelope(
          await statement(`gl_account_id=${bank}&currency_id=${usd}`),
          glAccountStatementSchema,
        )
      ).data;
      const [bankRow] = await db().select().from(glAccounts).where(eq(glAccounts.id, bank));
      expect(named.gl_account).toEqual({ id: bank, name: bankRow?.name, type: bankRow?.type });
      const usdRow = api.catalog.currencies.find((c) => c.id === usd);
      expect(named.currency).toEqual({ id: usd, name_code: 'USD', decimal_places: usdRow?.decimalPlaces });
      // Without a currency: the one the account holds most entries in (ETB here: every journal above).
      const [busiest] = await queryRows<{ currency_id: string }>(
        db(),
        sql`SELECT currency_id FROM journal_entry_sums WHERE gl_account_id = ${bank} AND currency_id IS NOT NULL
            GROUP BY currency_id ORDER BY sum(entries) DESC LIMIT 1`,
      );
      const defaulted = (
        await readEnvelope(await statement(`gl_account_id=${bank}`), glAccountStatementSchema)
      ).data;
      expect(defaulted.currency.id).toBe(busiest?.currency_id);
      await expectStatus(
        await statement(`gl_account_id=${UNKNOWN_ID}&currency_id=${etb}`),
        404,
        'GL account not found',
      );
      await expectStatus(
        await statement(`gl_account_id=${bank}&currency_id=${UNKNOWN_ID}`),
        404,
        'Currency not found',
      );
      await expectStatus(await statement(`gl_account_id=${UNKNOWN_ID}`), 404, 'GL account not found');
      await expectStatus(await statement(`gl_account_id=${bank}&currency_id=not-a-uuid`), 400);
    });

    it('merchant settlement: 400 without a merchant, 404 for an unknown one', async () => {
      await expectStatus(
        await jsonCall(api, 'GET', '/api/v1/reports/merchant-settlement', signed.finance),
        400,
        'merchant_id: Select a merchant',
      );
      await expectStatus(
        await jsonCall(
          api,
          'GET',
          `/api/v1/reports/merchant-settlement?merchant_id=${UNKNOWN_ID}`,
          signed.finance,
        ),
        404,
      );
      expect(merchantSettlementSchema).toBeDefined();
    });
  });

  it('a manual journal’s entries show its currency in the list, and a search’s totals agree with the kept sums', async () => {
    const journal = await posted(journalBody({ narration: 'Currency check', currency_id: usd }));
    const list = await jsonCall(
      api,
      'GET',
      '/api/v1/journal-entries?search_term=Currency check&limit=10',
      signed.finance,
    );
    const rows = ((await list.json()) as { data: { contents: { journal_id: string; currency: unknown }[] } })
      .data.contents;
    expect(rows.filter((r) => r.journal_id === journal.id).map((r) => r.currency)).toEqual([
      { name_code: 'USD' },
      { name_code: 'USD' },
    ]);
    const totals = await jsonCall(
      api,
      'GET',
      '/api/v1/journal-entries/totals?search_term=Currency check',
      signed.finance,
    );
    expect(await totals.json()).toMatchObject({
      data: { currencies: [{ currency: { name_code: 'USD' }, debit: '1000.000000' }] },
    });
  });

  it('journal entries carry their accounting date and the sums carry the manual journal’s currency', async () => {
    const rows = await queryRows<{ missing: number }>(
      db(),
      sql`SELECT count(*)::int AS missing FROM journal_entries WHERE entry_date IS NULL`,
    );
    expect(rows[0]?.missing).toBe(0);
    const nullCurrency = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM journal_entry_daily_sums WHERE currency_id IS NULL`,
    );
    expect(nullCurrency[0]?.n).toBe(0);
    expect(journalEntries).toBeDefined();
  });
});
