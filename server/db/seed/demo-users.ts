/**
 * The demo sign-ins: three staff with different permission sets (spec §6). main.ts prints them,
 * e2e and API tests sign in with them.
 */
import { ALL_PERMISSIONS, PERMISSIONS, type Permission, toPermissionMap } from '@contract/permissions';
import { hash } from '@node-rs/argon2';
import type { Executor } from '../connect';
import { users } from '../schema';

export interface DemoUser {
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly preferredUsername: string;
  /** What the account may do; stored as the `resource_access` map (toPermissionMap). */
  readonly permissions: readonly Permission[];
  /** One line for the start-up banner. */
  readonly description: string;
}

export const DEMO_USERS = {
  admin: {
    email: 'admin@example.com',
    password: 'Admin123!',
    name: 'Abebe Kebede',
    preferredUsername: 'admin',
    permissions: ALL_PERMISSIONS,
    description: 'every permission',
  },
  support: {
    email: 'support@example.com',
    password: 'Support123!',
    name: 'Tigist Alemu',
    preferredUsername: 'support',
    // Read-only staff: every view-* except the merchants' bank accounts; no dashboard.
    permissions: ALL_PERMISSIONS.filter(
      (p) => p.name.startsWith('view-') && p.name !== PERMISSIONS.viewMerchantAccount.name,
    ),
    description: 'read-only: every view-* permission except view-merchant-account',
  },
  finance: {
    email: 'finance@example.com',
    password: 'Finance123!',
    name: 'Dawit Haile',
    preferredUsername: 'finance',
    permissions: [
      PERMISSIONS.viewTransactions,
      PERMISSIONS.changePayoutStatus,
      PERMISSIONS.viewGlAccount,
      PERMISSIONS.createGlAccount,
      PERMISSIONS.updateGlAccount,
      PERMISSIONS.viewAccountMapping,
      PERMISSIONS.createAccountMapping,
      PERMISSIONS.viewJournalEntry,
    ],
    description: 'transactions, payouts and the ledger; nothing on merchants or currencies',
  },
} as const satisfies Record<string, DemoUser>;

export type DemoUserKey = keyof typeof DEMO_USERS;
export const DEMO_USER_LIST: readonly DemoUser[] = Object.values(DEMO_USERS);

/** Rows for the users table. Hashing is argon2id (the library's default), done before any transaction. */
export async function demoUserRows(): Promise<(typeof users.$inferInsert)[]> {
  return Promise.all(
    DEMO_USER_LIST.map(async (user) => ({
      email: user.email,
      name: user.name,
      preferredUsername: user.preferredUsername,
      passwordHash: await hash(user.password),
      permissions: toPermissionMap(user.permissions),
    })),
  );
}

/** Inserts the demo users; an existing e-mail is left as it is, so this can run on every start. */
export async function seedDemoUsers(db: Executor): Promise<number> {
  const rows = await demoUserRows();
  const inserted = await db
    .insert(users)
    .values(rows)
    .onConflictDoNothing({ target: users.email })
    .returning({
      id: users.id,
    });
  return inserted.length;
}
