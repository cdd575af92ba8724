/**
 * The SQL behind the staff users calls and sign-in, and the mapping from rows to `userSchema`.
 * Writes take the staff lock (staff-access.ts); refusals are results, so the router picks the status.
 */
import type { ActiveStatus } from '@contract/fields';
import type { UserSortKey } from '@contract/list-sort';
import type { StaffUser, UserCreatePayload, UserListQuery, UserUpdatePayload } from '@contract/user';
import { and, asc, eq, ilike, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import { type Database, type Executor, SQLSTATE, sqlState, type Transaction } from '../connect';
import { roles, sessions, staffSecondFactors, userRoles, users } from '../schema';
import { orderByOf, type SortColumns, sortedTablePage } from '../sort';
import { containsPattern, type ListPage } from '../sql';
import { lockStaff, requireUserAdminLeft, revokeSessionsOf, StaffRefusal } from './staff-access';

type UserRow = typeof users.$inferSelect;

function listWhere(query: UserListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.search_term) {
    const pattern = containsPattern(query.search_term);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  return and(...conditions);
}

/** Each person's roles (id and name, by name), for a page of people in one query. */
async function rolesOf(db: Executor, userIds: readonly string[]): Promise<Map<string, StaffUser['roles']>> {
  const byUser = new Map<string, StaffUser['roles']>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, [...userIds]))
    .orderBy(asc(roles.name));
  for (const { userId, id, name } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), { id, name }]);
  return byUser;
}

/** Which of these people have a confirmed second factor. */
async function secondFactorsOf(db: Executor, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: staffSecondFactors.userId })
    .from(staffSecondFactors)
    .where(and(inArray(staffSecondFactors.userId, [...userIds]), isNotNull(staffSecondFactors.confirmedAt)));
  return new Set(rows.map((r) => r.userId));
}

function toUser(row: UserRow, userRolesList: StaffUser['roles'], secondFactor: boolean): StaffUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    roles: userRolesList,
    must_change_password: row.mustChangePassword,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    second_factor: secondFactor,
    created_at: row.createdAt.toISOString(),
  };
}

const SORT_COLUMNS: SortColumns<UserSortKey> = {
  created: users.createdAt,
  name: users.name,
  email: users.email,
  status: users.status,
  // Never signed in is NULL: last in ascending order, first in descending (PostgreSQL's default).
  last_sign_in: users.lastSignInAt,
};

/** `GET users`: in its `sort` (newest first by default, id breaking ties), with each person's roles. */
export async function listUsers(db: Database, query: UserListQuery): Promise<ListPage<StaffUser>> {
  const orderBy = orderByOf(query.sort, SORT_COLUMNS, users.id);
  const page = await sortedTablePage(db, users, listWhere(query), orderBy, query, (row) => row);
  const ids = page.contents.map((row) => row.id);
  const [byUser, withFactor] = await Promise.all([rolesOf(db, ids), secondFactorsOf(db, ids)]);
  return {
    total: page.total,
    contents: page.contents.map((row) => toUser(row, byUser.get(row.id) ?? [], withFactor.has(row.id))),
  };
}

export async function findUser(db: Executor, id: string): Promise<StaffUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) return undefined;
  const [byUser, withFactor] = await Promise.all([rolesOf(db, [id]), secondFactorsOf(db, [id])]);
  return toUser(row, byUser.get(id) ?? [], withFactor.has(id));
}

export type UserRefusal = 'not-found' | 'email-taken' | 'unknown-role' | 'same-status' | 'last-user-admin';
export type UserWrite = { ok: true; user: StaffUser } | { ok: false; reason: UserRefusal };

/**
 * Called in a write's transaction once it has succeeded, with the person before (null on a create)
 * and after: the route's audit record (server/services/audit-log.ts) commits with the change.
 */
export type UserWriteHook = (tx: Transaction, before: StaffUser | null, after: StaffUser) => Promise<void>;

async function userWrite(
  db: Database,
  audit: { id: string | null; hook: UserWriteHook | undefined },
  write: (tx: Transaction) => Promise<StaffUser | UserRefusal>,
): Promise<UserWrite> {
  try {
    const result = await db.transaction(async (tx) => {
      await lockStaff(tx);
      const before = audit.hook && audit.id !== null ? ((await findUser(tx, audit.id)) ?? null) : null;
      const answer = await write(tx);
      // A refusal found before any write needs no rollback, but throwing keeps one path.
      if (typeof answer === 'string') throw new StaffRefusal(answer);
      await audit.hook?.(tx, before, answer);
      return answer;
    });
    return { ok: true, user: result };
  } catch (error) {
    if (error instanceof StaffRefusal) return { ok: false, reason: error.reason as UserRefusal };
    if (sqlState(error) === SQLSTATE.uniqueViolation) return { ok: false, reason: 'email-taken' };
    throw error;
  }
}

async function setRoles(
  tx: Transaction,
  userId: string,
  roleIds: readonly string[],
): Promise<'unknown-role' | null> {
  const known = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.id, [...roleIds]));
  if (known.length !== roleIds.length) return 'unknown-role';
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  return null;
}

/** A new ACTIVE person who must replace `passwordHash`'s one-time password at first sign-in. */
export function createUser(
  db: Database,
  payload: UserCreatePayload,
  passwordHash: string,
  now: Date,
  onWritten?: UserWriteHook,
) {
  return userWrite(db, { id: null, hook: onWritten }, async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, payload.email));
    if (taken) return 'email-taken';
    const [row] = await tx
      .insert(users)
      .values({
        email: payload.email,
        name: payload.name,
        preferredUsername: payload.email.split('@')[0] ?? payload.email,
        passwordHash,
        mustChangePassword: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('insert returned no row');
    const refused = await setRoles(tx, row.id, payload.role_ids);
    return refused ?? (await findUser(tx, row.id)) ?? 'not-found';
  });
}

/**
 * Replaces name and roles. A change of roles signs the person out everywhere (decision 025) and is
 * refused when it would leave nobody active holding `update-user`.
 */
export function updateUser(
  db: Database,
  id: string,
  payload: UserUpdatePayload,
  now: Date,
  onWritten?: UserWriteHook,
) {
  return userWrite(db, { id, hook: onWritten }, async (tx) => {
    const before = await findUser(tx, id);
    if (!before) return 'not-found';
    await tx.update(users).set({ name: payload.name, updatedAt: now }).where(eq(users.id, id));
    const rolesBefore = before.roles
      .map((r) => r.id)
      .sort()
      .join();
    if (rolesBefore !== [...payload.role_ids].sort().join()) {
      const refused = await setRoles(tx, id, payload.role_ids);
      if (refused) return refused;
      await requireUserAdminLeft(tx);
      await revokeSessionsOf(tx, [id], now);
    }
    return (await findUser(tx, id)) ?? 'not-found';
  });
}

/** Activates or deactivates; deactivating signs the person out everywhere at once. */
export function setUserStatus(
  db: Database,
  id: string,
  status: ActiveStatus,
  now: Date,
  onWritten?: UserWriteHook,
) {
  return userWrite(db, { id, hook: onWritten }, async (tx) => {
    const [current] = await tx.select({ status: users.status }).from(users).where(eq(users.id, id));
    if (!current) return 'not-found';
    if (current.status === status) return 'same-status';
    await tx.update(users).set({ status, updatedAt: now }).where(eq(users.id, id));
    if (status === 'INACTIVE') {
      await requireUserAdminLeft(tx);
      await revokeSessionsOf(tx, [id], now);
    }
    return (await findUser(tx, id)) ?? 'not-found';
  });
}

/**
 * Sets a new password hash. A one-time password (reset) must be changed at the next sign-in; a
 * chosen one (the person's own change) clears that. Either way every session is signed out.
 */
export function setPassword(
  db: Database,
  id: string,
  passwordHash: string,
  oneTime: boolean,
  now: Date,
  onWritten?: UserWriteHook,
) {
  return userWrite(db, { id, hook: onWritten }, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: oneTime, updatedAt: now })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    if (!row) return 'not-found';
    await revokeSessionsOf(tx, [id], now);
    return (await findUser(tx, id)) ?? 'not-found';
  });
}

/** The row sign-in and the password change read. */
export async function findSignInUser(db: Executor, where: { email: string } | { id: string }) {
  const [row] = await db
    .select()
    .from(users)
    .where('email' in where ? eq(users.email, where.email) : eq(users.id, where.id))
    .limit(1);
  return row;
}

/** Records a signed token (so it can be signed out with its person) and the time of the sign-in. */
export async function recordSession(
  db: Database,
  session: typeof sessions.$inferInsert,
  signIn: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values(session);
    if (signIn)
      await tx.update(users).set({ lastSignInAt: session.issuedAt }).where(eq(users.id, session.userId));
  });
}
