/**
 * The demo chart of accounts: one GL account for each ledger role (docs/ledger.md "Accounts"),
 * every type, both statuses and both manual-entry flags. What the seed and the mocks both start from.
 */
import type { GlAccount } from '../gl-account';

export type DemoGlAccount = Omit<GlAccount, 'id' | 'created_at'>;

export const DEMO_GL_ACCOUNTS: readonly DemoGlAccount[] = [
  {
    name: 'Settlement Bank Accounts',
    type: 'ASSET',
    manual_journal_entries_allowed: true,
    description: 'Cash held at partner banks and wallet operators',
    status: 'ACTIVE',
  },
  {
    name: 'Gateway Receivables Control',
    type: 'ASSET',
    manual_journal_entries_allowed: false,
    description: 'Amounts collected by gateways and not yet settled',
    status: 'ACTIVE',
  },
  {
    name: 'Customer Payment References',
    type: 'ASSET',
    manual_journal_entries_allowed: false,
    description: 'Payments received against a reference, awaiting matching',
    status: 'ACTIVE',
  },
  {
    name: 'Merchant Payables',
    type: 'LIABILITY',
    manual_journal_entries_allowed: false,
    description: 'Funds owed to merchants for completed payments',
    status: 'ACTIVE',
  },
  {
    name: 'Transfers in Suspense',
    type: 'LIABILITY',
    manual_journal_entries_allowed: true,
    description: 'Payouts requested and awaiting approval',
    status: 'ACTIVE',
  },
  {
    name: 'Gateway Fee Income',
    type: 'INCOME',
    manual_journal_entries_allowed: false,
    description: 'Transaction, refund and maintenance fees earned',
    status: 'ACTIVE',
  },
  {
    name: 'Bank Charges Expense',
    type: 'EXPENSE',
    manual_journal_entries_allowed: true,
    description: 'Fees charged to us by partner banks',
    status: 'ACTIVE',
  },
  {
    name: 'Owner Equity',
    type: 'EQUITY',
    manual_journal_entries_allowed: true,
    description: 'Paid-in capital',
    status: 'ACTIVE',
  },
  {
    name: 'Legacy Clearing Account',
    type: 'ASSET',
    manual_journal_entries_allowed: false,
    description: 'Replaced by the gateway receivables control account',
    status: 'INACTIVE',
  },
];
