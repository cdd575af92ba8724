/**
 * The demo sign-ins: three staff with different permission sets (spec §6). main.ts prints them,
 * e2e and API tests sign in with them.
 */
import { DEMO_ACCOUNTS, type DemoAccount } from '@contract/demo/users';
import { toPermissionMap } from '@contract/permissions';
import { hash } from '@node-rs/argon2';
import type { Executor } from '../connect';
import { users } from '../schema';

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
