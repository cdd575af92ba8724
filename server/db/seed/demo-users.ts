/**
 * The demo sign-ins: three staff with different permission sets (spec §6). main.ts prints them,
 * e2e and API tests sign in with them.
 */
import { DEMO_ACCOUNTS, type DemoAccount } from '@contract/demo/users';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Executor } from '../connect';
import { roles, userRoles, users } from '../schema';

/** A demo account as the seed uses it; the data itself lives in contract/demo/users.ts. */
export type DemoUser = DemoAccount;

export const DEMO_USERS = DEMO_ACCOUNTS;

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
    })),
  );
}

/**
 * Gives each demo user the built-in role of the same key (admin, support, finance; created by
 * migration 0015), whose permissions are that account's (contract/role.ts).
 */
export async function grantDemoRoles(db: Executor): Promise<void> {
  for (const [key, account] of Object.entries(DEMO_ACCOUNTS)) {
    await db
      .insert(userRoles)
      .select(
        db
          .select({ userId: users.id, roleId: roles.id })
          .from(users)
          .innerJoin(roles, eq(roles.builtIn, key))
          .where(eq(users.email, account.email)),
      )
      .onConflictDoNothing();
  }
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
  await grantDemoRoles(db);
  return inserted.length;
}
