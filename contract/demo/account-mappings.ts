/**
 * The demo account mappings: a default GL account for each financial account type, then the
 * specific ones, each payment method's receivables and the fee income of each transaction-fee
 * charge (docs/ledger.md). What the seed and the mocks both start from, in the order they are made.
 */
import type { FinancialAccountType } from '../account-mapping';
import { DEMO_CHARGES } from './charges';
import { DEMO_PAYMENT_METHODS } from './payment-methods';

export interface DemoAccountMapping {
  readonly financial_account_type: FinancialAccountType;
  /** The GL account's name (DEMO_GL_ACCOUNTS). */
  readonly gl_account: string;
  /** The payment method's code, or null for a mapping of every method. */
  readonly payment_method: string | null;
  /** The charge's name (DEMO_CHARGES), or null for a mapping of every charge. */
  readonly charge: string | null;
}

/** The GL account each financial account type posts to by default. */
export const DEMO_DEFAULT_MAPPINGS: Readonly<Record<FinancialAccountType, string>> = {
  RECEIVE_REFERENCE: 'Customer Payment References',
  RECEIVE_CONTROL: 'Gateway Receivables Control',
  INCOME_FROM_CHARGE: 'Gateway Fee Income',
  TRANSFER_SUSPENSE: 'Transfers in Suspense',
  LIABILITY_TRANSFER: 'Merchant Payables',
};

export const DEMO_ACCOUNT_MAPPINGS: readonly DemoAccountMapping[] = [
  ...Object.entries(DEMO_DEFAULT_MAPPINGS).map(([type, gl_account]) => ({
    financial_account_type: type as FinancialAccountType,
    gl_account,
    payment_method: null,
    charge: null,
  })),
  ...DEMO_PAYMENT_METHODS.map((method) => ({
    financial_account_type: 'RECEIVE_CONTROL' as const,
    gl_account: DEMO_DEFAULT_MAPPINGS.RECEIVE_CONTROL,
    payment_method: method.code,
    charge: null,
  })),
  ...DEMO_CHARGES.filter((charge) => charge.charge_time === 'TRANSACTION_FEE').map((charge) => ({
    financial_account_type: 'INCOME_FROM_CHARGE' as const,
    gl_account: DEMO_DEFAULT_MAPPINGS.INCOME_FROM_CHARGE,
    payment_method: null,
    charge: charge.name,
  })),
];
