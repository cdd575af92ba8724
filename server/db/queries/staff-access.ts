/**
 * What the users and roles writes share: one lock so two of them never decide on the same state,
 * the rule that someone active must still hold `update-user` afterwards, a person's permissions as
 * their roles give them, and signing a person's sessions out through the revocation list
 * (decisions 019 and 025).
 */

import { PERMISSIONS, type PermissionMap } from '@contract/permissions';
import { BUILT_IN_ROLES, isBuiltInRoleKey, permissionMapOf } from '@contract/role';
import { and, countDistinct, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../connect';
import { revokedTokens, roles, sessions, userRoles, users } from '../schema';

/** 'STAFF' in ASCII: a one-key advisory lock, apart from the migration's and the rate limit's. */
const STAFF_LOCK_KEY = 0x5354414646n;

/** A refusal inside a staff write's transaction: thrown to roll it back, answered by the router. */
export class StaffRefusal<R extends string = string> extends Error {
  constructor(readonly reason: R) {
    super(reason);
  }
}

/** Serialises the users and roles writes, so the last-administrator check cannot be raced. */
export async function lockStaff(tx: Transaction): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${STAFF_LOCK_KEY.toString()}::bigint)`);
}

/** A role's permission names: a built-in role's from the code, a custom one's as stored. */
export function roleRowPermissions(
  row: Pick<typeof roles.$inferSelect, 'builtIn' | 'permissions'>,
): string[] {
  if (row.builtIn !== null && isBuiltInRoleKey(row.builtIn))
    return BUILT_IN_ROLES[row.builtIn].permissions.map((p) => p.name);
  return row.permissions;
}

/** The `resource_access` claim a person's roles give them. */
export async function permissionsOfUser(db: Executor, userId: string): Promise<PermissionMap> {
  const rows = await db
    .select({ builtIn: roles.builtIn, permissions: roles.permissions })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return permissionMapOf(rows.map(roleRowPermissions));
}

/**
 * Refuses (rolls back) with 'last-user-admin' when, as the transaction now stands, no active person
 * holds `update-user`: nobody could then add, fix or reactivate anyone.
 */
export async function requireUserAdminLeft(tx: Transaction): Promise<void> {
  const all = await tx
    .select({ id: roles.id, builtIn: roles.builtIn, permissions: roles.permissions })
    .from(roles);
  const granting = all
    .filter((role) => roleRowPermissions(role).includes(PERMISSIONS.updateUser.name))
    .map((role) => role.id);
  const [row] = granting.length
    ? await tx
        .select({ people: countDistinct(users.id) })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(and(eq(users.status, 'ACTIVE'), inArray(userRoles.roleId, granting)))
    : [{ people: 0 }];
  if ((row?.people ?? 0) === 0) throw new StaffRefusal('last-user-admin');
}

/**
 * Signs out every unexpired session of these people: their tokens go into `revoked_tokens` in the
 * same transaction as the change, so a change that commits is never left with live tokens. The
 * router then refreshes the process's list; other processes hear of it as of any sign-out.
 */
export async function revokeSessionsOf(
  tx: Transaction,
  userIds: readonly string[],
  now: Date,
): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .insert(revokedTokens)
    .select(
      tx
        .select({
          jti: sessions.jti,
          userId: sessions.userId,
          revokedAt: sql<Date>`now()`.as('revoked_at'),
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(and(inArray(sessions.userId, [...userIds]), gt(sessions.expiresAt, now))),
    )
    .onConflictDoNothing();
}
