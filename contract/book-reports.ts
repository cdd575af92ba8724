/**
 * The reports' arithmetic (issue 23), pure: from debit and credit sums per (currency, GL account)
 * to the trial balance, balance sheet and income statement. The server feeds it the kept sums
 * (server/db/queries/reports.ts), the mocks sums of their entries, so both answer alike.
 */
import type {
  BalanceSheet,
  CurrencyRef,
  GlAccountRef,
  IncomeStatement,
  ReportSection,
  TrialBalance,
} from './books';
import { add, compare, isZero, negate, sub, sum } from './decimal';
import type { GlAccountType } from './gl-account';

export interface SumRow {
  currency_id: string | null;
  gl_account_id: string;
  debit: string;
  credit: string;
}

export interface Lookup {
  accounts: Map<string, GlAccountRef>;
  currencies: Map<string, CurrencyRef>;
}

/** Rows grouped by currency, in name_code order (no currency last). */
export function byCurrency<R extends { currency_id: string | null }>(rows: readonly R[], look: Lookup) {
  const groups = new Map<string | null, R[]>();
  for (const row of rows) {
    const list = groups.get(row.currency_id) ?? [];
    list.push(row);
    groups.set(row.currency_id, list);
  }
  return [...groups.entries()]
    .map(([id, list]) => ({ currency: id === null ? null : (look.currencies.get(id) ?? null), rows: list }))
    .sort((a, b) =>
      a.currency === null
        ? 1
        : b.currency === null
          ? -1
          : a.currency.name_code.localeCompare(b.currency.name_code),
    );
}

function accountOf(look: Lookup, id: string): GlAccountRef {
  return look.accounts.get(id) ?? { id, name: id, type: 'ASSET' };
}

const byName = (a: { gl_account: GlAccountRef }, b: { gl_account: GlAccountRef }) =>
  a.gl_account.name.localeCompare(b.gl_account.name);

export function buildTrialBalance(asOf: string, rows: readonly SumRow[], look: Lookup): TrialBalance {
  return {
    as_of: asOf,
    currencies: byCurrency(rows, look).map(({ currency, rows: list }) => {
      const accounts = list
        .map((r) => {
          const net = sub(r.debit, r.credit);
          const debit = compare(net, '0') > 0 ? net : '0';
          const credit = compare(net, '0') < 0 ? negate(net) : '0';
          return { gl_account: accountOf(look, r.gl_account_id), debit, credit };
        })
        .filter((a) => !(isZero(a.debit) && isZero(a.credit)))
        .sort(byName);
      const debitTotal = sum(accounts.map((a) => a.debit));
      const creditTotal = sum(accounts.map((a) => a.credit));
      return {
        currency,
        accounts,
        debit_total: debitTotal,
        credit_total: creditTotal,
        balanced: compare(debitTotal, creditTotal) === 0,
      };
    }),
  };
}

/** ASSET and EXPENSE grow on the debit side; the others on the credit side. */
function naturalBalance(type: GlAccountType, debit: string, credit: string): string {
  return type === 'ASSET' || type === 'EXPENSE' ? sub(debit, credit) : sub(credit, debit);
}

function section(type: GlAccountType, rows: readonly SumRow[], look: Lookup): ReportSection {
  const accounts = rows
    .map((r) => ({ gl_account: accountOf(look, r.gl_account_id), debit: r.debit, credit: r.credit }))
    .filter((r) => r.gl_account.type === type)
    .map((r) => ({ gl_account: r.gl_account, balance: naturalBalance(type, r.debit, r.credit) }))
    .filter((r) => !isZero(r.balance))
    .sort(byName);
  return { type, accounts, total: sum(accounts.map((a) => a.balance)) };
}

export function buildBalanceSheet(asOf: string, rows: readonly SumRow[], look: Lookup): BalanceSheet {
  return {
    as_of: asOf,
    currencies: byCurrency(rows, look).map(({ currency, rows: list }) => {
      const assets = section('ASSET', list, look);
      const liabilities = section('LIABILITY', list, look);
      const equity = section('EQUITY', list, look);
      const earnings = sub(section('INCOME', list, look).total, section('EXPENSE', list, look).total);
      const right = add(add(liabilities.total, equity.total), earnings);
      return {
        currency,
        assets,
        liabilities,
        equity,
        current_earnings: earnings,
        liabilities_and_equity_total: right,
        balanced: compare(assets.total, right) === 0,
      };
    }),
  };
}

export function buildIncomeStatement(
  from: string,
  to: string,
  rows: readonly SumRow[],
  look: Lookup,
): IncomeStatement {
  return {
    from,
    to,
    currencies: byCurrency(rows, look)
      .map(({ currency, rows: list }) => {
        const income = section('INCOME', list, look);
        const expense = section('EXPENSE', list, look);
        return { currency, income, expense, net_income: sub(income.total, expense.total) };
      })
      .filter((c) => c.income.accounts.length > 0 || c.expense.accounts.length > 0),
  };
}
