import type { GlAccount } from '@contract/gl-account';
import { CATALOGUE, createdAtOf } from './catalogue';
import { mockId } from './merchants';

/**
 * The demo chart of accounts (contract/demo/gl-accounts.ts) as the MSW backend stores it: one
 * account for each ledger role, every type, both statuses and both manual-entry flags.
 */
/** Id of the account at `index` of the demo list (0 = Settlement Bank Accounts). */
export function glAccountId(index: number): string {
  return mockId(0x30, index + 1);
}

/** In the demo list's order: the first is the oldest (last on the newest-first list). */
export function buildGlAccounts(): GlAccount[] {
  return CATALOGUE.glAccounts.map(({ tick, ...account }, index) => ({
    ...account,
    id: glAccountId(index),
    created_at: createdAtOf({ tick }),
  }));
}
