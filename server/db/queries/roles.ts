/**
 * The SQL behind the roles calls and the mapping from rows to `roleSchema`. Writes take the staff
 * lock (staff-access.ts); refusals are results, so the router picks the status.
 */
import type { RoleSortKey } from '@contract/list-sort';
import type { Role, RoleListQuery, RolePayload } from '@contract/role';
import { count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { type Database, SQLSTATE, sqlState, type Transaction } from '../connect';
import { roles, userRoles } from '../schema';
import { orderByOf, type SortColumns } from '../sort';
import { containsPattern, type ListPage } from '../sql';
import {
  lockStaff,
  requireUserAdminLeft,
  revokeSessionsOf,
  roleRowPermissions,
  StaffRefusal,
} from './staff-access';

type RoleRow = typeof roles.$inferSelect;

const holders = sql<number>`(SELECT count(*)::int FROM ${userRoles} WHERE ${userRoles.roleId} = ${roles.id})`;

function toRole(row: RoleRow, userCount: number): Role {
  return {
    id: row.id,
    name: row.name,
    built_in: row.builtIn as Role['built_in'],
    permissions: roleRowPermissions(row),
    user_count: Number(userCount),
    requires_second_factor: row.requiresSecondFactor,
    created_at: row.createdAt.toISOString(),
  };
}

function listWhere(query: RoleListQuery): SQL | undefined {
  return query.search_term ? ilike(roles.name, containsPattern(query.search_term)) : undefined;
}

/**
 * `kind`: built-in roles first (`built_in IS NULL` is false for them), then by name; `name`: by name
 * alone. Names are unique case-insensitively (`roles_name_lower_idx`), id breaks no real tie.
 */
const SORT_COLUMNS: SortColumns<RoleSortKey> = {
  kind: [sql`${roles.builtIn} IS NULL`, sql`lower(${roles.name})`],
  name: sql`lower(${roles.name})`,
};

/** `GET roles`: built-in roles first, then by name, unless `sort` asks otherwise. */
export async function listRoles(db: Database, query: RoleListQuery): Promise<ListPage<Role>> {
  const where = listWhere(query);
  const [rows, totals] = await Promise.all([
    db
      .select({ row: roles, userCount: holders })
      .from(roles)
      .where(where)
      .orderBy(...orderByOf(query.sort, SORT_COLUMNS, roles.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(roles).where(where),
  ]);
  return { contents: rows.map(({ row, userCount }) => toRole(row, userCount)), total: totals[0]?.total ?? 0 };
}

export async function findRole(db: Database, id: string): Promise<Role | undefined> {
  const [found] = await db.select({ row: roles, userCount: holders }).from(roles).where(eq(roles.id, id));
  return found ? toRole(found.row, found.userCount) : undefined;
}

export type RoleRefusal = 'not-found' | 'name-taken' | 'built-in' | 'in-use' | 'last-user-admin';
export type RoleWrite =
  | { ok: true; role: Role; signedOut: boolean }
  | { ok: false; reason: RoleRefusal; holders?: number };

/**
 * Called in a write's transaction once it has succeeded, with the role before (null on a create)
 * and as answered: the route's audit record (server/services/audit-log.ts) commits with the change.
 */
export type RoleWriteHook = (tx: Transaction, before: Role | null, after: Role) => Promise<void>;

async function roleWrite(
  db: Database,
  audit: { id: string | null; hook: RoleWriteHook | undefined },
  write: (tx: Transaction) => Promise<RoleWrite>,
): Promise<RoleWrite> {
  try {
    return await db.transaction(async (tx) => {
      await lockStaff(tx);
      const [before] =
        audit.hook && audit.id !== null
          ? await tx.select({ row: roles, userCount: holders }).from(roles).where(eq(roles.id, audit.id))
          : [];
      const result = await write(tx);
      if (result.ok)
        await audit.hook?.(tx, before ? toRole(before.row, before.userCount) : null, result.role);
      return result;
    });
  } catch (error) {
    if (error instanceof StaffRefusal) return { ok: false, reason: error.reason as RoleRefusal };
    if (sqlState(error) === SQLSTATE.uniqueViolation) return { ok: false, reason: 'name-taken' };
    throw error;
  }
}

export function createRole(
  db: Database,
  payload: RolePayload,
  now: Date,
  onWritten?: RoleWriteHook,
): Promise<RoleWrite> {
  return roleWrite(db, { id: null, hook: onWritten }, async (tx) => {
    const [row] = await tx
      .insert(roles)
      .values({ name: payload.name, permissions: payload.permissions, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return { ok: true, role: toRole(row, 0), signedOut: false };
  });
}

/**
 * Replaces a custom role's name and permissions. When the permissions change, every holder's
 * sessions are signed out (decision 025), and the change is refused when it would leave nobody
 * active holding `update-user`.
 */
export function updateRole(
  db: Database,
  id: string,
  payload: RolePayload,
  now: Date,
  onWritten?: RoleWriteHook,
): Promise<RoleWrite> {
  return roleWrite(db, { id, hook: onWritten }, async (tx) => {
    const [current] = await tx.select().from(roles).where(eq(roles.id, id));
    if (!current) return { ok: false, reason: 'not-found' };
    if (current.builtIn !== null) return { ok: false, reason: 'built-in' };
    const [row] = await tx
      .update(roles)
      .set({ name: payload.name, permissions: payload.permissions, updatedAt: now })
      .where(eq(roles.id, id))
      .returning();
    if (!row) return { ok: false, reason: 'not-found' };
    const people = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.roleId, id));
    const changed = [...current.permissions].sort().join() !== [...payload.permissions].sort().join();
    if (changed) {
      await requireUserAdminLeft(tx);
      await revokeSessionsOf(
        tx,
        people.map((p) => p.userId),
        now,
      );
    }
    return { ok: true, role: toRole(row, people.length), signedOut: changed && people.length > 0 };
  });
}

/** Deletes a custom role nobody holds; answers it as it was. */
export function deleteRole(db: Database, id: string, onWritten?: RoleWriteHook): Promise<RoleWrite> {
  return roleWrite(db, { id, hook: onWritten }, async (tx) => {
    const [current] = await tx.select({ row: roles, userCount: holders }).from(roles).where(eq(roles.id, id));
    if (!current) return { ok: false, reason: 'not-found' };
    if (current.row.builtIn !== null) return { ok: false, reason: 'built-in' };
    if (current.userCount > 0) return { ok: false, reason: 'in-use', holders: current.userCount };
    await tx.delete(roles).where(eq(roles.id, id));
    return { ok: true, role: toRole(current.row, 0), signedOut: false };
  });
}
