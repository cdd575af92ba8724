import type { AccountMapping } from '@contract/account-mapping';
import type { ApiClient } from '@contract/api-client';
import type { ApprovalRequest, ApprovalRules } from '@contract/approval';
import type { AuditRecord } from '@contract/audit-log';
import type { AccountingPeriod, JournalDetail } from '@contract/books';
import type { ChangeEvent } from '@contract/change-history';
import type { Charge } from '@contract/charge';
import type { Currency } from '@contract/currency';
import type { Dispute } from '@contract/dispute';
import type { GatewayAccount } from '@contract/gateway-account';
import type { GlAccount } from '@contract/gl-account';
import type { JournalEntry } from '@contract/journal-entry';
import type { ListView } from '@contract/list-view';
import type { Merchant, MerchantAccount, MerchantStatusChange } from '@contract/merchant';
import type { PaymentMethod } from '@contract/payment-method';
import type { Refund } from '@contract/refund';
import type { TransactionLimit } from '@contract/transaction-limit';
import type { StaffUser } from '@contract/user';
import { buildAccountMappings } from './data/account-mappings';
import { buildAuditLog } from './data/audit-log';
import { buildCharges } from './data/charges';
import { buildCurrencies } from './data/currencies';
import { buildGatewayAccounts } from './data/gateway-accounts';
import { buildGlAccounts } from './data/gl-accounts';
import { buildJournalEntries } from './data/journal-entries';
import { buildMerchantAccounts, buildMerchants } from './data/merchants';
import { buildPaymentMethods } from './data/payment-methods';
import { buildRoles, buildStaffUsers, type MockRole } from './data/staff';
import { buildTransactionLimits } from './data/transaction-limits';

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
  /** Each merchant's last status change through the mock API, keyed by merchant id. */
  merchantStatusChanges: Map<string, MerchantStatusChange>;
  paymentMethods: PaymentMethod[];
  transactionLimits: TransactionLimit[];
  gatewayAccounts: GatewayAccount[];
  currencies: Currency[];
  charges: Charge[];
  glAccounts: GlAccount[];
  accountMappings: AccountMapping[];
  journalEntries: JournalEntry[];
  /** The `jti` of every token signed out through `POST auth/logout`. */
  revokedTokens: Set<string>;
  /** The change history the mock writes record, oldest first (mocks/handlers/change-history.ts). */
  changeEvents: MockChangeEvent[];
  /** Staff users and roles (mocks/handlers/users.ts, roles.ts). */
  staffUsers: StaffUser[];
  roles: MockRole[];
  /** TOTP second factors by user id (mocks/handlers/account.ts). */
  secondFactors: Map<string, MockSecondFactor>;
  /** API clients and their whole keys (the mock keeps them; the server keeps only a hash). */
  apiClients: MockApiClient[];
  /** Four-eyes approvals (mocks/handlers/approvals.ts): the rule set and the requests, newest first. */
  approvalRules: ApprovalRules;
  approvalRequests: ApprovalRequest[];
  /** Refunds and chargebacks made through the mock API (mocks/handlers/money-flows.ts), oldest first. */
  refunds: Refund[];
  disputes: Dispute[];
  /** Journals posted through the mock API (manual journals, reversals), whole (mocks/handlers/books.ts). */
  bookJournals: JournalDetail[];
  /** Months closed through the mock API, newest first. */
  accountingPeriods: AccountingPeriod[];
  /** The audit log, newest first (mocks/data/audit-log.ts, then what the staff changes of mocks/audit.ts record). */
  auditLog: AuditRecord[];
  /** Column choices by `<user id> <list id>` (mocks/handlers/list-views.ts). */
  listPreferences: Map<string, string[]>;
  /** Saved views, as stored: `mine` is worked out per caller. */
  listViews: MockListView[];
}

/** A saved view as the mocks keep it (the server's row): `mine` depends on who asks. */
export type MockListView = Omit<ListView, 'mine'>;

/** A TOTP factor as the mocks keep it: the recovery codes in clear (the server keeps digests). */
export interface MockSecondFactor {
  secret: string;
  confirmed: boolean;
  lastStep: number | null;
  recoveryCodes: string[];
}

export type MockApiClient = ApiClient & { api_key: string };

/** A recorded change and the records it is filed under (a limit's method, a charge's currencies). */
export type MockChangeEvent = ChangeEvent & { owner_ids: string[] };

function createDb(): MockDb {
  const merchants = buildMerchants();
  const paymentMethods = buildPaymentMethods();
  const currencies = buildCurrencies();
  const charges = buildCharges(currencies);
  const glAccounts = buildGlAccounts();
  return {
    merchants,
    merchantAccounts: new Map(merchants.map((m, i) => [m.id, buildMerchantAccounts(i)])),
    merchantStatusChanges: new Map(),
    paymentMethods,
    transactionLimits: buildTransactionLimits(paymentMethods),
    gatewayAccounts: buildGatewayAccounts(paymentMethods),
    currencies,
    charges,
    glAccounts,
    accountMappings: buildAccountMappings({ glAccounts, paymentMethods, charges }),
    journalEntries: buildJournalEntries(glAccounts),
    changeEvents: [],
    revokedTokens: new Set(),
    staffUsers: buildStaffUsers(),
    roles: buildRoles(),
    secondFactors: new Map(),
    apiClients: [],
    approvalRules: {
      payout_thresholds: [],
      refund_thresholds: [],
      manual_journals: false,
      gl_account_changes: false,
      account_mapping_changes: false,
      period_reopening: true,
    },
    approvalRequests: [],
    refunds: [],
    disputes: [],
    bookJournals: [],
    accountingPeriods: [],
    auditLog: buildAuditLog(),
    listPreferences: new Map(),
    listViews: [],
  };
}

export const db: MockDb = createDb();

export function resetDb(): void {
  Object.assign(db, createDb());
}
