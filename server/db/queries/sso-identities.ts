/**
 * The SQL behind single sign-on (decision 032): finding or creating the person an OpenID identity
 * stands for, and giving them the roles the provider's mapping grants. All under the staff lock
 * (staff-access.ts), as every other change of people and their roles.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../connect';
import { roles, userIdentities, userRoles, users } from '../schema';
import { lockStaff, requireUserAdminLeft, revokeSessionsOf, StaffRefusal } from './staff-access';

type UserRow = typeof users.$inferSelect;

/**
 * Stored instead of a password hash for a person created by single sign-on: no argon2 hash looks
 * like it, so a password sign-in checks it and refuses (server/auth/passwords.ts).
 */
export const NO_PASSWORD = '!single-sign-on';

const UUID = /^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/i;

/** Our role ids for the mapping's values: a role's id, a built-in role's key, or a role's name (any case). */
export async function resolveRoles(db: Database, refs: readonly string[]): Promise<string[]> {
  if (refs.length === 0) return [];
  const ids = refs.filter((ref) => UUID.test(ref)).map((ref) => ref.toLowerCase());
  const names = refs.map((ref) => ref.toLowerCase());
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      or(
        ...(ids.length ? [inArray(roles.id, ids)] : []),
        inArray(roles.builtIn, names),
        inArray(sql`lower(${roles.name})`, names),
      ),
    );
  return [...new Set(rows.map((r) => r.id))].sort();
}

export interface SsoIdentity {
  issuer: string;
  subject: string;
  /** Only an e-mail the provider says it verified: what links an identity to an existing person. */
  verifiedEmail: string | null;
  name: string;
  preferredUsername: string;
}

export type SsoRefusal = 'deactivated' | 'no-email' | 'last-user-admin';
export type SsoPerson =
  | { ok: true; user: UserRow; created: boolean; linked: boolean; rolesChanged: boolean }
  | { ok: false; reason: SsoRefusal; user: UserRow | null };

async function findByIdentity(tx: Transaction, issuer: string, subject: string) {
  const [row] = await tx
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
  return row?.user;
}

/** Replaces the person's roles when they differ; true when they did. */
async function refreshRoles(tx: Transaction, userId: string, roleIds: readonly string[]): Promise<boolean> {
  const held = await tx.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  if (
    held
      .map((r) => r.id)
      .sort()
      .join() === [...roleIds].sort().join()
  )
    return false;
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  return true;
}

/**
 * The person this identity stands for, with exactly `roleIds` (at least one): found by the identity,
 * else linked by the verified e-mail, else created without a password. A change of roles signs the
 * person's other sessions out (decision 025) and is refused when it would leave nobody who can
 * manage users.
 */
export async function signOnPerson(
  db: Database,
  identity: SsoIdentity,
  roleIds: readonly string[],
  now: Date,
): Promise<SsoPerson> {
  try {
    return await db.transaction(async (tx): Promise<SsoPerson> => {
      await lockStaff(tx);
      let user = await findByIdentity(tx, identity.issuer, identity.subject);
      let created = false;
      let linked = false;
      if (!user) {
        if (identity.verifiedEmail === null) return { ok: false, reason: 'no-email', user: null };
        [user] = await tx.select().from(users).where(eq(users.email, identity.verifiedEmail));
        if (!user) {
          [user] = await tx
            .insert(users)
            .values({
              email: identity.verifiedEmail,
              name: identity.name,
              preferredUsername: identity.preferredUsername,
              passwordHash: NO_PASSWORD,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          created = true;
        }
        if (!user) throw new Error('insert returned no row');
        await tx.insert(userIdentities).values({
          issuer: identity.issuer,
          subject: identity.subject,
          userId: user.id,
          createdAt: now,
        });
        linked = true;
      }
      // Checked before the roles change: a deactivated person's roles stay as an administrator left them.
      if (user.status !== 'ACTIVE') return { ok: false, reason: 'deactivated', user };
      const rolesChanged = await refreshRoles(tx, user.id, roleIds);
      if (rolesChanged && !created) {
        await requireUserAdminLeft(tx);
        await revokeSessionsOf(tx, [user.id], now);
      }
      await tx
        .update(userIdentities)
        .set({ lastSignInAt: now })
        .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
      return { ok: true, user, created, linked, rolesChanged };
    });
  } catch (error) {
    if (error instanceof StaffRefusal && error.reason === 'last-user-admin')
      return { ok: false, reason: 'last-user-admin', user: null };
    throw error;
  }
}
