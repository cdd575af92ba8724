import type { Merchant, MerchantAccount } from '@contract/merchant';
import { buildMerchantAccounts, buildMerchants } from './data/merchants';

/**
 * The MSW backend's in-memory store, shared by every resource's handlers so that a change made
 * through one call (a merchant deactivated) shows in the next (the list). Built from deterministic
 * factories; `resetDb()` runs after each test (src/test/setup.ts). Tests may also edit it directly
 * to arrange a case (`db.merchants = []` for an empty list).
 */
export interface MockDb {
  merchants: Merchant[];
  /** Keyed by merchant id. */
  merchantAccounts: Map<string, MerchantAccount[]>;
}

function createDb(): MockDb {
  const merchants = buildMerchants();
  return {
    merchants,
    merchantAccounts: new Map(merchants.map((m, i) => [m.id, buildMerchantAccounts(i)])),
  };
}

export const db: MockDb = createDb();

export function resetDb(): void {
  Object.assign(db, createDb());
}
