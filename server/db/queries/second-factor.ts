/**
 * The SQL behind the TOTP second factor, its recovery codes, a role's demand for one, and the
 * sessions the account page and a person's page list (decision 029).
 */
import type { StaffSession } from '@contract/account';
import { and, desc, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../connect';
import { revokedTokens, roles, sessions, staffRecoveryCodes, staffSecondFactors, userRoles } from '../schema';
import { revokeSessionsOf } from './staff-access';

export type SecondFactorRow = typeof staffSecondFactors.$inferSelect;

export async function findSecondFactor(db: Executor, userId: string): Promise<SecondFactorRow | undefined> {
  const [row] = await db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, userId));
  return row;
}

/** True when one of the person's roles requires a second factor. */
export async function secondFactorRequired(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.requiresSecondFactor, true)))
    .limit(1);
  return row !== undefined;
}

export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Starts (or restarts) an enrolment: an unconfirmed secret. Refused when one is confirmed. */
export async function startEnrolment(tx: Transaction, userId: string, secret: string): Promise<boolean> {
  const [current] = await tx
    .select({ confirmedAt: staffSecondFactors.confirmedAt })
    .from(staffSecondFactors)
    .where(eq(staffSecondFactors.userId, userId))
    .for('update');
  if (current?.confirmedAt) return false;
  await tx
    .insert(staffSecondFactors)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: staffSecondFactors.userId,
      set: { secret, lastUsedStep: null, createdAt: sql`now()` },
    });
  return true;
}

/**
 * Records that the code of `step` was used: true only if no code of this step or a later one was
 * accepted before. One statement, so two requests with the same code cannot both pass.
 */
export async function claimStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(staffSecondFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(staffSecondFactors.userId, userId),
        or(isNull(staffSecondFactors.lastUsedStep), sql`${staffSecondFactors.lastUsedStep} < ${step}`),
      ),
    )
    .returning({ userId: staffSecondFactors.userId });
  return rows.length === 1;
}

/** Confirms the factor (its first code claimed) and stores the recovery codes' digests, in one transaction. */
export async function confirmEnrolment(
  tx: Transaction,
  userId: string,
  step: number,
  codeHashes: readonly string[],
  now: Date,
): Promise<'confirmed' | 'used-code' | 'not-started'> {
  const [row] = await tx
    .select()
    .from(staffSecondFactors)
    .where(eq(staffSecondFactors.userId, userId))
    .for('update');
  if (!row || row.confirmedAt) return 'not-started';
  if (!(await claimStep(tx, userId, step))) return 'used-code';
  await tx.update(staffSecondFactors).set({ confirmedAt: now }).where(eq(staffSecondFactors.userId, userId));
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await tx.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  return 'confirmed';
}

/** Uses a recovery code: true once per code. */
export async function spendRecoveryCode(
  db: Executor,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.userId, userId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length === 1;
}

/** Deletes the factor and its codes; with `signOut`, the person's sessions too (an administrator's reset). */
export async function removeSecondFactor(
  tx: Transaction,
  userId: string,
  { signOut, now }: { signOut: boolean; now: Date },
): Promise<boolean> {
  const removed = await tx
    .delete(staffSecondFactors)
    .where(and(eq(staffSecondFactors.userId, userId), isNotNull(staffSecondFactors.confirmedAt)))
    .returning({ userId: staffSecondFactors.userId });
  if (removed.length === 0) return false;
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  if (signOut) await revokeSessionsOf(tx, [userId], now);
  return true;
}

/** Sets a role's flag; false when there is no such role. */
export async function setRoleSecondFactor(db: Executor, roleId: string, required: boolean, now: Date) {
  const rows = await db
    .update(roles)
    .set({ requiresSecondFactor: required, updatedAt: now })
    .where(eq(roles.id, roleId))
    .returning({ id: roles.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Sessions

/** How long a person's page keeps showing a session after it expired (maintenance prunes older ones). */
export const SESSION_HISTORY_DAYS = 30;

function sessionStatus(row: { expiresAt: Date; revokedAt: Date | null }, now: Date): StaffSession['status'] {
  if (row.revokedAt) return 'SIGNED_OUT';
  return row.expiresAt > now ? 'ACTIVE' : 'EXPIRED';
}

/**
 * A person's finished sign-ins (a token of an unfinished one is no session to show), newest first:
 * only the active ones, or those of the last 30 days (at most 50).
 */
export async function listSessions(
  db: Executor,
  userId: string,
  { activeOnly, now, currentJti }: { activeOnly: boolean; now: Date; currentJti: string | undefined },
): Promise<StaffSession[]> {
  const since = new Date(now.getTime() - SESSION_HISTORY_DAYS * 86_400_000);
  const rows = await db
    .select({
      jti: sessions.jti,
      issuedAt: sessions.issuedAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      address: sessions.address,
      lastSeenAt: sessions.lastSeenAt,
      revokedAt: revokedTokens.revokedAt,
    })
    .from(sessions)
    .leftJoin(revokedTokens, eq(revokedTokens.jti, sessions.jti))
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.stage),
        activeOnly
          ? and(gt(sessions.expiresAt, now), isNull(revokedTokens.jti))
          : gt(sessions.expiresAt, since),
      ),
    )
    .orderBy(desc(sessions.issuedAt), desc(sessions.jti))
    .limit(50);
  return rows.map((row) => ({
    id: row.jti,
    user_agent: row.userAgent,
    address: row.address,
    started_at: row.issuedAt.toISOString(),
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
    status: sessionStatus(row, now),
    current: row.jti === currentJti,
  }));
}

/** Signs out a person's active sessions but `keep` (all of them without one); resolves to how many. */
export async function endSessions(
  tx: Executor,
  userId: string,
  { keep, now }: { keep: string | undefined; now: Date },
): Promise<number> {
  const rows = await tx
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
        .where(
          and(
            eq(sessions.userId, userId),
            gt(sessions.expiresAt, now),
            keep === undefined ? undefined : ne(sessions.jti, keep),
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ jti: revokedTokens.jti });
  return rows.filter((r) => r.jti !== keep).length;
}

/** Deletes the sessions that expired more than SESSION_HISTORY_DAYS before `now`. Resolves to how many. */
export async function deleteOldSessions(db: Executor, now: Date): Promise<number> {
  const before = new Date(now.getTime() - SESSION_HISTORY_DAYS * 86_400_000);
  const rows = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= ${before.toISOString()}::timestamptz`)
    .returning({ jti: sessions.jti });
  return rows.length;
}

/** Notes a session's activity (the account page's "last seen"). */
export async function touchSession(db: Executor, jti: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.jti, jti));
}
