/**
 * Closing and reopening a month (issue 23; docs/ledger.md "Closed periods"). Functions
 * `(db, input, actor)` in one transaction each, so the four-eyes approvals can run reopening when a
 * request is approved. postJournal (server/db/ledger-store.ts) refuses every journal dated in a
 * closed month; this module only keeps the list of closed months.
 */

import type { ApprovalRequest } from '@contract/approval';
import {
  type AccountingPeriod,
  BOOKS_MESSAGES,
  type ClosePeriodInput,
  monthOf,
  type ReopenPeriodInput,
  utcDay,
} from '@contract/books';
import { and, desc, eq, sql } from 'drizzle-orm';
import { recordedActor } from '../auth/actor';
import type { Database, Executor } from '../db/connect';
import { accountingPeriods } from '../db/schema';
import { ApiError } from '../http/envelope';
import { periodReopenRequest, type RequestContext } from './approval-gates';
import { type AuditActor, recordAudit } from './audit-log';
import type { ServiceContext } from './manual-journal';

type PeriodRow = typeof accountingPeriods.$inferSelect;

function toWire(row: PeriodRow): AccountingPeriod {
  return {
    month: monthOf(row.month),
    status: row.status,
    closed_at: row.closedAt?.toISOString() ?? null,
    closed_by: recordedActor(row.closedById, row.closedByName),
    reopened_at: row.reopenedAt?.toISOString() ?? null,
    reopened_by: recordedActor(row.reopenedById, row.reopenedByName),
    reopen_reason: row.reopenReason,
  };
}

/** Every month ever closed, newest first, with its status now. */
export async function listPeriods(db: Executor): Promise<AccountingPeriod[]> {
  const rows = await db.select().from(accountingPeriods).orderBy(desc(accountingPeriods.month));
  return rows.map(toWire);
}

/** The first day after the month. */
function nextMonthStart(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return utcDay(new Date(Date.UTC(y, m, 1)));
}

/**
 * Closes a month that has ended (its last day is before today, UTC). Refused with 409 when it is
 * already closed or has not ended. Takes journals' SHARE lock first: it waits for postings in
 * flight to commit and holds new ones until the closing commits, so no journal dated in the month
 * can commit after the month is closed (postJournal checks after its insert).
 */
export async function closePeriod(
  db: Executor,
  input: ClosePeriodInput,
  actor: AuditActor,
  context: ServiceContext = {},
): Promise<AccountingPeriod> {
  const now = context.now ?? new Date();
  if (nextMonthStart(input.month) > utcDay(now))
    throw new ApiError(409, BOOKS_MESSAGES.periodNotEnded(input.month));
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE journals IN SHARE MODE`);
    const [row] = await tx
      .insert(accountingPeriods)
      .values({
        month: `${input.month}-01`,
        status: 'CLOSED',
        closedAt: now,
        closedById: actor.id,
        closedByName: actor.name,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: accountingPeriods.month,
        set: {
          status: 'CLOSED',
          closedAt: now,
          closedById: actor.id,
          closedByName: actor.name,
          updatedAt: now,
        },
        setWhere: eq(accountingPeriods.status, 'OPEN'),
      })
      .returning();
    if (!row) throw new ApiError(409, BOOKS_MESSAGES.periodAlreadyClosed(input.month));
    await recordAudit(tx, {
      actor,
      action: 'period.close',
      resource: { type: 'accounting-period', id: input.month },
      after: { status: 'CLOSED' },
      address: context.address ?? null,
      at: now,
    });
    return toWire(row);
  });
}

/**
 * Reopening as staff ask for it (decision 045): it always waits for a second person (decision
 * 039), so the answer is the pending request; a month that is not closed is refused at once (409).
 */
export function submitPeriodReopen(
  db: Database,
  input: ReopenPeriodInput,
  context: RequestContext,
): Promise<ApprovalRequest> {
  return periodReopenRequest(db, input, context);
}

/**
 * Past the gate: only an approved request's carry-out calls it. Reopens a closed month, with the
 * reason. Refused with 409 when the month is not closed.
 */
export async function reopenPeriod(
  db: Executor,
  input: ReopenPeriodInput,
  actor: AuditActor,
  context: ServiceContext = {},
): Promise<AccountingPeriod> {
  const now = context.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(accountingPeriods)
      .set({
        status: 'OPEN',
        reopenedAt: now,
        reopenedById: actor.id,
        reopenedByName: actor.name,
        reopenReason: input.reason,
        updatedAt: now,
      })
      .where(and(eq(accountingPeriods.month, `${input.month}-01`), eq(accountingPeriods.status, 'CLOSED')))
      .returning();
    if (!row) throw new ApiError(409, BOOKS_MESSAGES.periodNotClosed(input.month));
    await recordAudit(tx, {
      actor,
      action: 'period.reopen',
      resource: { type: 'accounting-period', id: input.month },
      before: { status: 'CLOSED' },
      after: { status: 'OPEN', reason: input.reason },
      address: context.address ?? null,
      at: now,
    });
    return toWire(row);
  });
}
