/**
 * The demo sign-ins (README): three staff with different permission sets (spec §6). The server
 * seeds them, the MSW mocks sign them in, and the tests use them; written once here so the
 * console's mocks can never drift from what the server grants.
 */
import { ALL_PERMISSIONS, PERMISSIONS, type Permission } from '../permissions';

export interface DemoAccount {
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly preferredUsername: string;
  /** What the account may do; stored as the `resource_access` map (toPermissionMap). */
  readonly permissions: readonly Permission[];
}

export const DEMO_ACCOUNTS = {
  admin: {
    email: 'admin@example.com',
    password: 'Admin123!',
    name: 'Abebe Kebede',
    preferredUsername: 'admin',
    permissions: ALL_PERMISSIONS,
  },
  support: {
    email: 'support@example.com',
    password: 'Support123!',
    name: 'Tigist Alemu',
    preferredUsername: 'support',
    // Read-only staff: every view-* except the merchants' bank accounts; no dashboard.
    permissions: ALL_PERMISSIONS.filter(
      // Reports are the accountants' (issue 23): admin and finance.
      (p) =>
        p.name.startsWith('view-') &&
        p.name !== PERMISSIONS.viewMerchantAccount.name &&
        p.name !== PERMISSIONS.viewReports.name &&
        // The platform's credentials are the admins' (issue 22).
        p.name !== PERMISSIONS.viewApiClient.name &&
        // Who did what from where, with e-mails and addresses: the admins' (issue 21).
        p.name !== PERMISSIONS.viewAuditLog.name,
    ),
  },
  finance: {
    email: 'finance@example.com',
    password: 'Finance123!',
    name: 'Dawit Haile',
    preferredUsername: 'finance',
    permissions: [
      PERMISSIONS.viewTransactions,
      PERMISSIONS.changePayoutStatus,
      // Issue 22: money going back out is finance's work.
      PERMISSIONS.refundTransaction,
      PERMISSIONS.viewDispute,
      PERMISSIONS.manageDispute,
      PERMISSIONS.viewGlAccount,
      PERMISSIONS.createGlAccount,
      PERMISSIONS.updateGlAccount,
      PERMISSIONS.viewAccountMapping,
      PERMISSIONS.createAccountMapping,
      PERMISSIONS.viewJournalEntry,
      // Issue 23: the accountants' work (docs/spec-deviations.md 71).
      PERMISSIONS.createJournalEntry,
      PERMISSIONS.reverseJournalEntry,
      PERMISSIONS.viewReports,
      PERMISSIONS.closePeriod,
      PERMISSIONS.reopenPeriod,
      // The second person of four-eyes approvals (decision 039): finance checks what others ask.
      PERMISSIONS.viewApproval,
      PERMISSIONS.decideApproval,
    ],
  },
} as const satisfies Record<string, DemoAccount>;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;
