/**
 * The books (ours, issue 23): manual journals, reversals, closed periods and the financial reports.
 * Texts follow docs/api.md "Books"; the rules are docs/ledger.md's.
 */
import * as v from 'valibot';
import {
  accountingPeriodListSchema,
  accountingPeriodSchema,
  asOfQuerySchema,
  balanceSheetSchema,
  closePeriodInputSchema,
  glAccountStatementQuerySchema,
  glAccountStatementSchema,
  incomeStatementSchema,
  journalDetailSchema,
  manualJournalInputSchema,
  merchantSettlementQuerySchema,
  merchantSettlementSchema,
  periodQuerySchema,
  reopenPeriodInputSchema,
  reversalInputSchema,
  trialBalanceSchema,
} from '../books';
import { idSchema, queryText } from '../common';
import { glAccountTypeSchema } from '../gl-account';
import { PERMISSIONS } from '../permissions';
import { waitsForApproval } from './approvals';
import { defineOperation } from './define';

const TAG = 'Books';
const CLOSED =
  'A date inside a closed month is refused with 409 naming the month, for every posting (docs/ledger.md).';
const DATES =
  'Dates are accounting dates (YYYY-MM-DD, UTC days); left out, `as_of` and `to` are today and `from` is ' +
  'the first day of `to`’s month; `from` after `to` is 400.';

export const reportSubjectsSchema = v.object({
  gl_accounts: v.array(v.object({ id: idSchema, name: v.string(), type: glAccountTypeSchema })),
  currencies: v.array(
    v.object({ id: idSchema, name_code: v.string(), decimal_places: v.pipe(v.number(), v.integer()) }),
  ),
});
export type ReportSubjects = v.InferOutput<typeof reportSubjectsSchema>;

export const reportMerchantsQuerySchema = v.object({ search_term: queryText('search_term') });
export const reportMerchantsSchema = v.object({
  merchants: v.array(v.object({ id: idSchema, name: v.string() })),
});

export const bookOperations = {
  createJournal: defineOperation({
    method: 'post',
    path: '/journals',
    tag: TAG,
    summary: 'Post a manual journal',
    description:
      'Several DEBIT and CREDIT lines in one currency, with an accounting date, a narration and an optional ' +
      'reference. Refused with 400 naming the field when debits and credits differ, when a GL account does ' +
      'not exist, does not allow manual journal entries or is inactive, or when an amount has more decimals ' +
      `than the currency. ${CLOSED} Answers the whole journal.`,
    permission: PERMISSIONS.createJournalEntry,
    body: { schema: manualJournalInputSchema },
    response: { status: 201, data: journalDetailSchema },
    accepted: waitsForApproval('every manual journal'),
    errors: { 409: 'The date is in a closed month; nothing is written.' },
  }),
  journal: defineOperation({
    method: 'get',
    path: '/journals/{id}',
    tag: TAG,
    summary: 'Get a whole journal',
    description:
      'All its lines, what caused it (event type, transaction), who posted it and when, and its reversal ' +
      'links both ways (`reverses`, `reversed_by`).',
    permission: PERMISSIONS.viewJournalEntry,
    response: { data: journalDetailSchema },
  }),
  reverseJournal: defineOperation({
    method: 'post',
    path: '/journals/{id}/reversal',
    tag: TAG,
    summary: 'Reverse a journal',
    description:
      'Posts the mirror journal (same accounts and amounts, sides swapped), dated `entry_date` or today, ' +
      'linked to the original, with the reason. A journal is reversed at most once (409 for the second, ' +
      'also when two arrive at once); a reversal is not reversed. Corrects the books only: no transaction ' +
      `status or gateway balance changes. ${CLOSED} Answers the reversal.`,
    permission: PERMISSIONS.reverseJournalEntry,
    body: { schema: reversalInputSchema },
    response: { status: 201, data: journalDetailSchema },
    errors: { 409: 'Already reversed, a reversal, or the date is in a closed month; nothing is written.' },
  }),
  periods: defineOperation({
    method: 'get',
    path: '/accounting-periods',
    tag: TAG,
    summary: 'Closed and reopened months',
    description: 'Every month ever closed, newest first, with who closed (and reopened) it.',
    permission: PERMISSIONS.viewReports,
    response: { data: accountingPeriodListSchema },
  }),
  closePeriod: defineOperation({
    method: 'post',
    path: '/accounting-periods/close',
    tag: TAG,
    summary: 'Close a month',
    description:
      '`month` as YYYY-MM, a month that has ended. From then on nothing can be posted dated inside it. ' +
      'Waits for postings in flight to commit first.',
    permission: PERMISSIONS.closePeriod,
    body: { schema: closePeriodInputSchema },
    response: { data: accountingPeriodSchema },
    errors: { 409: 'Already closed, or the month has not ended.' },
  }),
  reopenPeriod: defineOperation({
    method: 'post',
    path: '/accounting-periods/reopen',
    tag: TAG,
    summary: 'Reopen a month',
    description: '`month` as YYYY-MM and the reason. Postings dated inside it are accepted again.',
    permission: PERMISSIONS.reopenPeriod,
    body: { schema: reopenPeriodInputSchema },
    accepted: waitsForApproval('reopening a closed period (always)'),
    response: { data: accountingPeriodSchema },
    errors: { 409: 'The month is not closed.' },
  }),
  reportSubjects: defineOperation({
    method: 'get',
    path: '/reports/subjects',
    tag: TAG,
    summary: 'GL accounts and currencies for the reports',
    description: 'What the statement pickers offer, by name.',
    permission: PERMISSIONS.viewReports,
    response: { data: reportSubjectsSchema },
  }),
  reportMerchants: defineOperation({
    method: 'get',
    path: '/reports/merchants',
    tag: TAG,
    summary: 'Merchants for the settlement statement',
    description: '`search_term`: *contains* over the merchant name; the first 20 by name.',
    permission: PERMISSIONS.viewReports,
    query: reportMerchantsQuerySchema,
    response: { data: reportMerchantsSchema },
  }),
  trialBalance: defineOperation({
    method: 'get',
    path: '/reports/trial-balance',
    tag: TAG,
    summary: 'Trial balance',
    description:
      'Each GL account’s net balance on its side as of `as_of` (inclusive), per currency, with the debit ' +
      `and credit totals and whether they are equal (they always are). From kept sums. ${DATES}`,
    permission: PERMISSIONS.viewReports,
    query: asOfQuerySchema,
    response: { data: trialBalanceSchema },
  }),
  balanceSheet: defineOperation({
    method: 'get',
    path: '/reports/balance-sheet',
    tag: TAG,
    summary: 'Balance sheet',
    description:
      'Assets, liabilities and equity as of `as_of`, per currency, plus current earnings (income less ' +
      `expense not yet closed to equity). ${DATES}`,
    permission: PERMISSIONS.viewReports,
    query: asOfQuerySchema,
    response: { data: balanceSheetSchema },
  }),
  incomeStatement: defineOperation({
    method: 'get',
    path: '/reports/income-statement',
    tag: TAG,
    summary: 'Income statement',
    description: `Income and expense accounts over [from, to], per currency, and the net income. ${DATES}`,
    permission: PERMISSIONS.viewReports,
    query: periodQuerySchema,
    response: { data: incomeStatementSchema },
  }),
  glAccountStatement: defineOperation({
    method: 'get',
    path: '/reports/gl-account-statement',
    tag: TAG,
    summary: 'GL account statement',
    description:
      '`gl_account_id` (required), `currency_id` (default: the currency the account holds most entries ' +
      'in), `from`, `to`, `page`, `limit`. The opening balance, a page of lines in date order with the ' +
      `balance after each (debit minus credit), the period’s totals and the closing balance. ${DATES}`,
    permission: PERMISSIONS.viewReports,
    query: glAccountStatementQuerySchema,
    response: { data: glAccountStatementSchema },
  }),
  merchantSettlement: defineOperation({
    method: 'get',
    path: '/reports/merchant-settlement',
    tag: TAG,
    summary: 'Merchant settlement statement',
    description:
      '`merchant_id` (required), `from`, `to`: per currency, the opening balance owed to the merchant, ' +
      'successful payments, their fees, successful refunds, lost chargebacks, paid payouts and the closing ' +
      `balance. \`refunds_recorded\`/\`chargebacks_recorded\` are false when this server keeps none. ${DATES}`,
    permission: PERMISSIONS.viewReports,
    query: merchantSettlementQuerySchema,
    response: { data: merchantSettlementSchema },
  }),
} as const;
