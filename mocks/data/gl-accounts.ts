import type { GlAccount, GlAccountType } from '@contract/gl-account';
import { mockId } from './merchants';

/**
 * Deterministic GL accounts for the MSW backend: a small chart of accounts with one account for each
 * ledger role (docs/ledger.md "Accounts"), every type, both statuses and both manual-entry flags.
 */
const ACCOUNTS: ReadonlyArray<
  readonly [
    name: string,
    type: GlAccountType,
    manual: boolean,
    status: GlAccount['status'],
    description: string,
  ]
> = [
  ['Cash at gateways', 'ASSET', false, 'ACTIVE', 'Platform money held at banks and wallets'],
  ['Merchant payable', 'LIABILITY', false, 'ACTIVE', 'What the platform owes merchants'],
  ['Payout suspense', 'LIABILITY', false, 'ACTIVE', 'Payout requests waiting for a decision'],
  ['Gateway fee income', 'INCOME', true, 'ACTIVE', 'Charges earned on collections'],
  ['Settlement receivable', 'ASSET', true, 'ACTIVE', 'Reserved for settlement sweeps'],
  ['Bank charges', 'EXPENSE', true, 'ACTIVE', 'Fees the banks charge the platform'],
  ['Owner equity', 'EQUITY', true, 'ACTIVE', 'Capital paid in'],
  ['Old clearing account', 'ASSET', false, 'INACTIVE', 'Replaced by Cash at gateways'],
];

export const GL_ACCOUNT_COUNT = ACCOUNTS.length;

export function glAccountId(index: number): string {
  return mockId(0x30, index + 1);
}

const BASE_TIME = Date.UTC(2026, 9, 1, 8, 0, 0);

/** Listed newest first, so the seed's first account is the oldest (last on the list). */
export function buildGlAccounts(): GlAccount[] {
  return ACCOUNTS.map(([name, type, manual, status, description], index) => ({
    id: glAccountId(index),
    name,
    type,
    manual_journal_entries_allowed: manual,
    description,
    status,
    created_at: new Date(BASE_TIME + index * 3_600_000).toISOString(),
  }));
}
