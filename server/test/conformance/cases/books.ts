import {
  accountingPeriodListSchema,
  BOOKS_MESSAGES,
  balanceSheetSchema,
  glAccountStatementSchema,
  incomeStatementSchema,
  journalDetailSchema,
  merchantSettlementSchema,
  trialBalanceSchema,
} from '@contract/books';
import { API_ERRORS } from '@contract/messages';
import { bookOperations, reportMerchantsSchema, reportSubjectsSchema } from '@contract/operations/books';
import { expect } from 'vitest';
import type { ConformanceCase, ResourceCases } from '../case';
import { malformedIdCases, refusalCases, unknownIdCases } from './helpers';
import { fails, made, ok, table } from './table';

const journal = (lines: unknown[], overrides: Record<string, unknown> = {}) => ({
  currency_id: '{currency:ETB}',
  entry_date: '2026-11-20',
  narration: 'Owner capital',
  reference: 'V-9',
  lines,
  ...overrides,
});
const debit = (gl: string, amount: string) => ({ gl_account_id: `{gl:${gl}}`, entry_type: 'DEBIT', amount });
const credit = (gl: string, amount: string) => ({
  gl_account_id: `{gl:${gl}}`,
  entry_type: 'CREDIT',
  amount,
});

type Balanced = { currencies: { balanced: boolean; debit_total?: string; credit_total?: string }[] };

// Support holds view-journal-entry but none of the books' own permissions.
const cases: ConformanceCase[] = [
  ...refusalCases(bookOperations.createJournal, { refused: 'support', body: journal([]) }),
  ...table([
    [
      'finance POST journals',
      made(journalDetailSchema, {
        event_type: 'MANUAL_JOURNAL',
        description: 'Owner capital',
        reference: 'V-9',
        entry_date: '2026-11-20',
        debit_total: '250',
        credit_total: '250',
        reversed_by: null,
      }),
      { body: journal([debit('Settlement Bank Accounts', '250'), credit('Owner Equity', '250')]) },
    ],
    [
      'finance POST journals',
      fails(400, `lines: ${BOOKS_MESSAGES.unbalanced('250', '200')}`),
      {
        body: journal([debit('Settlement Bank Accounts', '250'), credit('Owner Equity', '200')]),
        name: 'unbalanced',
      },
    ],
    [
      'finance POST journals',
      fails(400, `lines.1.gl_account_id: ${BOOKS_MESSAGES.accountNotManual('Merchant Payables')}`),
      {
        body: journal([debit('Settlement Bank Accounts', '5'), credit('Merchant Payables', '5')]),
        name: 'an account without manual entries',
      },
    ],
  ]),
  ...refusalCases(bookOperations.journal, { at: 'journals/{journal-entry:newest}', refused: 'nobody' }),
  ...malformedIdCases(bookOperations.journal),
  ...unknownIdCases(bookOperations.journal, { message: API_ERRORS.notFound('Journal') }),
  ...refusalCases(bookOperations.reverseJournal, {
    at: 'journals/{journal-entry:newest}/reversal',
    refused: 'support',
    body: { reason: 'Wrong' },
  }),
  ...unknownIdCases(bookOperations.reverseJournal, {
    message: API_ERRORS.notFound('Journal'),
    body: { reason: 'Wrong' },
  }),
  ...refusalCases(bookOperations.periods, { refused: 'support' }),
  ...table([['finance GET accounting-periods', ok(accountingPeriodListSchema)]]),
  ...refusalCases(bookOperations.closePeriod, { refused: 'support', body: { month: '2026-10' } }),
  ...table([
    [
      'finance POST accounting-periods/close',
      fails(400, `month: ${BOOKS_MESSAGES.month}`),
      { body: { month: '2026-13' } },
    ],
  ]),
  ...refusalCases(bookOperations.reopenPeriod, {
    refused: 'support',
    body: { month: '2026-10', reason: 'x' },
  }),
  ...table([
    [
      'finance POST accounting-periods/reopen',
      fails(400, `reason: ${BOOKS_MESSAGES.reason}`),
      { body: { month: '2026-10', reason: ' ' } },
    ],
  ]),
  ...refusalCases(bookOperations.reportSubjects, { refused: 'support' }),
  ...table([['finance GET reports/subjects', ok(reportSubjectsSchema)]]),
  ...refusalCases(bookOperations.reportMerchants, { refused: 'support' }),
  ...table([['finance GET reports/merchants?search_term=a', ok(reportMerchantsSchema)]]),
  ...refusalCases(bookOperations.trialBalance, { refused: 'support' }),
  ...table([
    [
      'finance GET reports/trial-balance?as_of=2026-12-31',
      ok(trialBalanceSchema, null, (data) => {
        const { currencies } = data as Balanced;
        expect(currencies.length).toBeGreaterThan(0);
        for (const c of currencies) expect(c).toMatchObject({ balanced: true, debit_total: c.credit_total });
      }),
      { name: 'every currency balances' },
    ],
    [
      'finance GET reports/trial-balance?as_of=2026-02-30',
      fails(400, `as_of: ${API_ERRORS.queryDate('as_of')}`),
    ],
  ]),
  ...refusalCases(bookOperations.balanceSheet, { refused: 'support' }),
  ...table([
    [
      'finance GET reports/balance-sheet?as_of=2026-12-31',
      ok(balanceSheetSchema, null, (data) => {
        for (const c of (data as Balanced).currencies) expect(c.balanced).toBe(true);
      }),
    ],
  ]),
  ...refusalCases(bookOperations.incomeStatement, { refused: 'support' }),
  ...table([
    ['finance GET reports/income-statement?from=2026-01-01&to=2026-12-31', ok(incomeStatementSchema)],
    [
      'finance GET reports/income-statement?from=2026-12-31&to=2026-01-01',
      fails(400, 'from: must not be after to'),
    ],
  ]),
  ...refusalCases(bookOperations.glAccountStatement, { refused: 'support' }),
  ...table([
    ['finance GET reports/gl-account-statement', fails(400, 'gl_account_id: Select a GL account')],
    [
      'finance GET reports/gl-account-statement?gl_account_id={gl:Settlement Bank Accounts}&currency_id={currency:ETB}&from=2026-11-01&to=2026-11-30',
      ok(glAccountStatementSchema, { currency: { name_code: 'ETB' } }),
    ],
  ]),
  ...refusalCases(bookOperations.merchantSettlement, { refused: 'support' }),
  ...table([
    ['finance GET reports/merchant-settlement', fails(400, 'merchant_id: Select a merchant')],
    ['finance GET reports/merchant-settlement?merchant_id={merchant:ACTIVE}', ok(merchantSettlementSchema)],
  ]),
];

export const bookCases: ResourceCases = { resource: 'books', cases };
