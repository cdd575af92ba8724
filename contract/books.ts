/**
 * The books (issue 23): manual journals, reversals, closed periods and the financial reports.
 * Wire shapes and messages, shared by the server, the mocks and the console (docs/api.md,
 * docs/ledger.md "Manual journals", "Closed periods", "Reports").
 */
import * as v from 'valibot';
import {
  decimalSchema,
  idSchema,
  isoDateSchema,
  nullableString,
  pageQueryEntries,
  recordedActorSchema,
  timestampSchema,
  valueList,
} from './common';
import { compare, sub, sum } from './decimal';
import {
  dateInput,
  isCalendarDate,
  moneyInput,
  payloadObject,
  queryDate,
  queryUuid,
  requiredText,
} from './fields';
import { glAccountTypeSchema } from './gl-account';
import { entryTypeSchema } from './journal-entry';

/** Today's accounting date: the UTC calendar day (docs/ledger.md). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The month a date falls in, `YYYY-MM`. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** `2026-11` -> `November 2026`. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  return `${MONTH_NAMES[Number(m) - 1] ?? m} ${year}`;
}

export const BOOKS_MESSAGES = {
  currency: 'Select a currency',
  entryDate: 'Enter the date as YYYY-MM-DD',
  narration: 'Enter a narration',
  glAccount: 'Select a GL account',
  entryType: 'Select Debit or Credit',
  amount: 'Enter an amount greater than zero',
  lines: 'A journal needs at least one debit and one credit line',
  tooManyLines: 'A journal has at most 50 lines',
  reason: 'Enter the reason',
  month: 'Enter the month as YYYY-MM',
  unbalanced: (debit: string, credit: string) =>
    `Debits (${debit}) and credits (${credit}) differ by ${absDiff(debit, credit)}: a journal must balance`,
  accountNotFound: 'No such GL account',
  accountNotManual: (name: string) => `GL account ${name} does not allow manual journal entries`,
  accountInactive: (name: string) => `GL account ${name} is inactive`,
  currencyNotFound: 'No such currency',
  amountPlaces: (code: string, places: number) => `An amount in ${code} has at most ${places} decimal places`,
  periodClosed: (month: string, date: string) =>
    `The period ${monthLabel(month)} is closed: nothing can be posted dated ${date}`,
  alreadyReversed: 'This journal has already been reversed',
  reversalOfReversal: 'This journal is a reversal: it cannot be reversed; post a new journal instead',
  periodAlreadyClosed: (month: string) => `The period ${monthLabel(month)} is already closed`,
  periodNotClosed: (month: string) => `The period ${monthLabel(month)} is not closed`,
  periodNotEnded: (month: string) =>
    `The period ${monthLabel(month)} has not ended yet: only a past month can be closed`,
} as const;

function absDiff(a: string, b: string): string {
  return compare(a, b) >= 0 ? sub(a, b) : sub(b, a);
}

export const MANUAL_JOURNAL_MAX_LINES = 50;

export const manualJournalLineInputSchema = v.object({
  gl_account_id: v.pipe(v.string(BOOKS_MESSAGES.glAccount), v.uuid(BOOKS_MESSAGES.glAccount)),
  entry_type: v.picklist(['DEBIT', 'CREDIT'], BOOKS_MESSAGES.entryType),
  amount: v.pipe(
    moneyInput('Amount', BOOKS_MESSAGES.amount),
    v.check((s) => compare(s, '0') > 0, BOOKS_MESSAGES.amount),
  ),
});
export type ManualJournalLineInput = v.InferOutput<typeof manualJournalLineInputSchema>;

/** The debit and credit totals of some lines (exact). */
export function lineTotals(lines: readonly { entry_type: string; amount: string }[]): {
  debit: string;
  credit: string;
} {
  return {
    debit: sum(lines.filter((l) => l.entry_type === 'DEBIT').map((l) => l.amount)),
    credit: sum(lines.filter((l) => l.entry_type === 'CREDIT').map((l) => l.amount)),
  };
}

/**
 * What a journal's lines must be beyond each line's own checks: at least one debit and one credit,
 * and debits equal to credits. Null when they are; else the message (under `lines`). The server's
 * service and the form both ask it; the schema leaves it out so a body of one line is still
 * well-formed input that the service refuses by name.
 */
export function linesProblem(lines: readonly { entry_type: string; amount: string }[]): string | null {
  if (!lines.some((l) => l.entry_type === 'DEBIT') || !lines.some((l) => l.entry_type === 'CREDIT')) {
    return BOOKS_MESSAGES.lines;
  }
  const t = lineTotals(lines);
  return compare(t.debit, t.credit) === 0 ? null : BOOKS_MESSAGES.unbalanced(t.debit, t.credit);
}

/** `POST journals`: a manual journal (docs/ledger.md "Manual journals"); see linesProblem. */
export const manualJournalInputSchema = payloadObject({
  currency_id: v.pipe(v.string(BOOKS_MESSAGES.currency), v.uuid(BOOKS_MESSAGES.currency)),
  entry_date: dateInput(BOOKS_MESSAGES.entryDate),
  narration: requiredText(BOOKS_MESSAGES.narration, 'Narration', 500),
  reference: v.pipe(
    v.optional(v.nullable(v.string('Reference must be text')), null),
    v.transform((s) => (s === null || s === undefined || s.trim() === '' ? null : s.trim())),
    v.check((s) => s === null || s.length <= 100, 'Reference must be at most 100 characters'),
  ),
  lines: v.pipe(
    v.array(manualJournalLineInputSchema, BOOKS_MESSAGES.lines),
    v.nonEmpty(BOOKS_MESSAGES.lines),
    v.maxLength(MANUAL_JOURNAL_MAX_LINES, BOOKS_MESSAGES.tooManyLines),
  ),
});
export type ManualJournalInput = v.InferOutput<typeof manualJournalInputSchema>;

/** `POST journals/{id}/reversal`: why, and the reversal's date (default today). */
export const reversalInputSchema = payloadObject({
  reason: requiredText(BOOKS_MESSAGES.reason, 'Reason', 500),
  entry_date: v.pipe(
    v.optional(v.nullable(v.string(BOOKS_MESSAGES.entryDate)), null),
    v.check((s) => s === null || s === undefined || isCalendarDate(s.trim()), BOOKS_MESSAGES.entryDate),
    v.transform((s) => (s === null || s === undefined ? null : s.trim())),
  ),
});
export type ReversalInput = v.InferOutput<typeof reversalInputSchema>;

const currencyRefSchema = v.object({
  id: idSchema,
  name_code: v.string(),
  decimal_places: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type CurrencyRef = v.InferOutput<typeof currencyRefSchema>;

const glAccountRefSchema = v.object({ id: idSchema, name: v.string(), type: glAccountTypeSchema });
export type GlAccountRef = v.InferOutput<typeof glAccountRefSchema>;

const journalLinkSchema = v.object({
  id: idSchema,
  entry_date: isoDateSchema,
  reason: nullableString,
  posted_by: recordedActorSchema,
  created_at: timestampSchema,
});

/** A whole journal: all its lines, what caused it, who, when, and its reversal links. */
export const journalDetailSchema = v.object({
  id: idSchema,
  event_type: v.string(),
  description: nullableString,
  reference: nullableString,
  entry_date: isoDateSchema,
  currency: v.nullable(currencyRefSchema),
  transaction: v.nullable(v.object({ id: idSchema, txn_ref: v.string() })),
  posted_by: recordedActorSchema,
  created_at: timestampSchema,
  lines: v.array(
    v.object({
      id: idSchema,
      gl_account: glAccountRefSchema,
      entry_type: entryTypeSchema,
      amount: decimalSchema,
    }),
  ),
  debit_total: decimalSchema,
  credit_total: decimalSchema,
  /** The journal this one reverses (then `reversal_reason` says why). */
  reverses: v.nullable(journalLinkSchema),
  reversal_reason: nullableString,
  /** The journal that reversed this one. */
  reversed_by: v.nullable(journalLinkSchema),
});
export type JournalDetail = v.InferOutput<typeof journalDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Periods

export const [ACCOUNTING_PERIOD_STATUSES, accountingPeriodStatusSchema] = valueList(['OPEN', 'CLOSED']);

/** `YYYY-MM`; a day inside the month (`YYYY-MM-DD`) names its month too. */
const monthInput = v.pipe(
  v.string(BOOKS_MESSAGES.month),
  v.trim(),
  v.check(
    (s) =>
      (/^\d{4}-(0[1-9]|1[0-2])$/.test(s) && isCalendarDate(`${s}-01`)) ||
      (/^\d{4}-\d{2}-\d{2}$/.test(s) && isCalendarDate(s)),
    BOOKS_MESSAGES.month,
  ),
  v.transform((s) => s.slice(0, 7)),
);

export const closePeriodInputSchema = payloadObject({ month: monthInput });
export type ClosePeriodInput = v.InferOutput<typeof closePeriodInputSchema>;

export const reopenPeriodInputSchema = payloadObject({
  month: monthInput,
  reason: requiredText(BOOKS_MESSAGES.reason, 'Reason', 500),
});
export type ReopenPeriodInput = v.InferOutput<typeof reopenPeriodInputSchema>;

export const accountingPeriodSchema = v.object({
  month: v.string(),
  status: accountingPeriodStatusSchema,
  closed_at: v.nullable(timestampSchema),
  closed_by: recordedActorSchema,
  reopened_at: v.nullable(timestampSchema),
  reopened_by: recordedActorSchema,
  reopen_reason: nullableString,
});
export type AccountingPeriod = v.InferOutput<typeof accountingPeriodSchema>;

export const accountingPeriodListSchema = v.object({ periods: v.array(accountingPeriodSchema) });

// ---------------------------------------------------------------------------------------------
// Reports

export const REPORT_KINDS = [
  'trial-balance',
  'balance-sheet',
  'income-statement',
  'gl-account-statement',
  'merchant-settlement',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const asOfQuerySchema = v.object({ as_of: queryDate('as_of') });
export const periodQuerySchema = v.object({ from: queryDate('from'), to: queryDate('to') });

const accountBalanceSchema = v.object({
  gl_account: glAccountRefSchema,
  debit: decimalSchema,
  credit: decimalSchema,
});

/** Trial balance as of a date: each account's net balance on its side, per currency. */
export const trialBalanceSchema = v.object({
  as_of: isoDateSchema,
  currencies: v.array(
    v.object({
      currency: v.nullable(currencyRefSchema),
      accounts: v.array(accountBalanceSchema),
      debit_total: decimalSchema,
      credit_total: decimalSchema,
      balanced: v.boolean(),
    }),
  ),
});
export type TrialBalance = v.InferOutput<typeof trialBalanceSchema>;

const sectionSchema = v.object({
  type: glAccountTypeSchema,
  accounts: v.array(v.object({ gl_account: glAccountRefSchema, balance: decimalSchema })),
  total: decimalSchema,
});
export type ReportSection = v.InferOutput<typeof sectionSchema>;

/**
 * Balance sheet at a date, per currency: assets, liabilities and equity (balances on their natural
 * side), plus the earnings not yet closed to equity (income less expense to that date).
 */
export const balanceSheetSchema = v.object({
  as_of: isoDateSchema,
  currencies: v.array(
    v.object({
      currency: v.nullable(currencyRefSchema),
      assets: sectionSchema,
      liabilities: sectionSchema,
      equity: sectionSchema,
      current_earnings: decimalSchema,
      liabilities_and_equity_total: decimalSchema,
      balanced: v.boolean(),
    }),
  ),
});
export type BalanceSheet = v.InferOutput<typeof balanceSheetSchema>;

export const incomeStatementSchema = v.object({
  from: isoDateSchema,
  to: isoDateSchema,
  currencies: v.array(
    v.object({
      currency: v.nullable(currencyRefSchema),
      income: sectionSchema,
      expense: sectionSchema,
      net_income: decimalSchema,
    }),
  ),
});
export type IncomeStatement = v.InferOutput<typeof incomeStatementSchema>;

export const glAccountStatementQuerySchema = v.object({
  ...pageQueryEntries,
  gl_account_id: queryUuid('gl_account_id'),
  currency_id: queryUuid('currency_id'),
  from: queryDate('from'),
  to: queryDate('to'),
});
export type GlAccountStatementQuery = v.InferOutput<typeof glAccountStatementQuerySchema>;

export const statementLineSchema = v.object({
  entry_id: idSchema,
  journal_id: idSchema,
  entry_date: isoDateSchema,
  description: nullableString,
  reference: nullableString,
  entry_type: entryTypeSchema,
  amount: decimalSchema,
  /** The account's balance after this line (debit positive). */
  balance: decimalSchema,
});
export type StatementLine = v.InferOutput<typeof statementLineSchema>;

/** A GL account's statement in one currency: balances are debit minus credit. */
export const glAccountStatementSchema = v.object({
  gl_account: glAccountRefSchema,
  currency: currencyRefSchema,
  from: isoDateSchema,
  to: isoDateSchema,
  opening_balance: decimalSchema,
  debit_total: decimalSchema,
  credit_total: decimalSchema,
  closing_balance: decimalSchema,
  lines: v.object({
    contents: v.array(statementLineSchema),
    total: v.pipe(v.number(), v.integer(), v.minValue(0)),
    total_pages: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
});
export type GlAccountStatement = v.InferOutput<typeof glAccountStatementSchema>;

export const merchantSettlementQuerySchema = v.object({
  merchant_id: queryUuid('merchant_id'),
  from: queryDate('from'),
  to: queryDate('to'),
});

const countAmountSchema = v.object({
  count: v.pipe(v.number(), v.integer(), v.minValue(0)),
  amount: decimalSchema,
});

/**
 * A merchant's settlement for a period, per currency: what they were owed at the start, payments
 * less fees, refunds, chargebacks and payouts, and what they are owed at the end.
 */
export const merchantSettlementSchema = v.object({
  merchant: v.object({ id: idSchema, name: v.string() }),
  from: isoDateSchema,
  to: isoDateSchema,
  /** False when this server keeps no refunds (or chargebacks): their lines are then zero. */
  refunds_recorded: v.boolean(),
  chargebacks_recorded: v.boolean(),
  currencies: v.array(
    v.object({
      currency: currencyRefSchema,
      opening_balance: decimalSchema,
      payments: countAmountSchema,
      fees: decimalSchema,
      refunds: countAmountSchema,
      chargebacks: countAmountSchema,
      payouts: countAmountSchema,
      closing_balance: decimalSchema,
    }),
  ),
});
export type MerchantSettlement = v.InferOutput<typeof merchantSettlementSchema>;

/** Signed net of a balance, debit minus credit. */
export function netOf(debit: string, credit: string): string {
  return sub(debit, credit);
}
