/**
 * The SQL of the catalogue's change history (contract/change-history.ts): the record every write
 * adds inside its own transaction, and the newest-first page of one subject's history.
 */
import type { AccountMapping } from '@contract/account-mapping';
import {
  type ChangeAction,
  type ChangeEvent,
  type ChangeSnapshot,
  type ChangeSubject,
  changeSnapshot,
  diffSnapshots,
  type HistorySubject,
} from '@contract/change-history';
import type { Charge } from '@contract/charge';
import type { Currency } from '@contract/currency';
import type { GatewayAccount } from '@contract/gateway-account';
import type { GlAccount } from '@contract/gl-account';
import type { PaymentMethod } from '@contract/payment-method';
import type { TransactionLimit } from '@contract/transaction-limit';
import { and, arrayContains, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { type Actor, recordedActor } from '../auth/actor';
import type { Database, Executor } from '../db/connect';
import { changeEvents, merchantStatusChanges } from '../db/schema';

export interface ChangeRecord {
  subject: ChangeSubject;
  subjectId: string;
  /** The payment method of a limit, the currency of a charge (both, when a charge moves). */
  ownerIds: readonly string[];
  action: ChangeAction;
  /** Null on a create. */
  before: ChangeSnapshot | null;
  /** Null on a delete. */
  after: ChangeSnapshot | null;
}

/** How records of one subject are written: its snapshot and, for an owned record, its owner. */
export interface ChangeSubjectSpec<T extends { id: string }> {
  subject: ChangeSubject;
  snapshot: (record: T) => ChangeSnapshot;
  ownerId?: (record: T) => string;
}

function spec<T extends { id: string }>(value: ChangeSubjectSpec<T>): ChangeSubjectSpec<T> {
  return value;
}

/** Every recorded subject; a limit is filed under its payment method, a charge under its currency. */
export const CHANGE_SPECS = {
  paymentMethod: spec<PaymentMethod>({ subject: 'payment_method', snapshot: changeSnapshot.paymentMethod }),
  transactionLimit: spec<TransactionLimit>({
    subject: 'transaction_limit',
    snapshot: changeSnapshot.transactionLimit,
    ownerId: (limit) => limit.payment_method_id,
  }),
  currency: spec<Currency>({ subject: 'currency', snapshot: changeSnapshot.currency }),
  charge: spec<Charge>({ subject: 'charge', snapshot: changeSnapshot.charge, ownerId: (c) => c.currency_id }),
  gatewayAccount: spec<GatewayAccount>({
    subject: 'gateway_account',
    snapshot: changeSnapshot.gatewayAccount,
  }),
  glAccount: spec<GlAccount>({ subject: 'gl_account', snapshot: changeSnapshot.glAccount }),
  accountMapping: spec<AccountMapping>({
    subject: 'account_mapping',
    snapshot: changeSnapshot.accountMapping,
  }),
};

/** The record of a change from `before` to `after` (null on a create, on a delete). */
export function changeOf<T extends { id: string }>(
  spec: ChangeSubjectSpec<T>,
  action: ChangeAction,
  before: T | null,
  after: T | null,
): ChangeRecord {
  const record = after ?? before;
  const ownerOf = spec.ownerId;
  if (!record) throw new Error(`a ${spec.subject} change needs the record before or after`);
  return {
    subject: spec.subject,
    subjectId: record.id,
    ownerIds: ownerOf ? [...new Set([before, after].flatMap((r) => (r ? [ownerOf(r)] : [])))] : [],
    action,
    before: before && spec.snapshot(before),
    after: after && spec.snapshot(after),
  };
}

/**
 * Appends records to the history, in the caller's transaction: the change and its record commit
 * together or not at all. An update that changed no field records nothing.
 */
export async function recordChange(
  tx: Executor,
  actor: Actor,
  at: Date,
  ...records: readonly ChangeRecord[]
): Promise<void> {
  const rows = records
    .map((record) => ({ record, changes: diffSnapshots(record.before, record.after) }))
    .filter(({ record, changes }) => changes.length > 0 || record.action !== 'UPDATE')
    .map(({ record, changes }) => ({
      at,
      subject: record.subject,
      subjectId: record.subjectId,
      ownerIds: [...record.ownerIds],
      action: record.action,
      actorId: actor.id,
      actorName: actor.name,
      changes,
    }));
  if (rows.length > 0) await tx.insert(changeEvents).values(rows);
}

export interface ChangeHistoryFilter {
  subjectId: string;
  subject: HistorySubject;
  /** The subjects whose records this one owns that the caller may read (a method's limits). */
  ownedSubjects: readonly ChangeSubject[];
  page: number;
  limit: number;
}

function historyWhere(filter: ChangeHistoryFilter & { subject: ChangeSubject }): SQL | undefined {
  const own = and(eq(changeEvents.subjectId, filter.subjectId), eq(changeEvents.subject, filter.subject));
  if (filter.ownedSubjects.length === 0) return own;
  return or(
    own,
    and(
      arrayContains(changeEvents.ownerIds, [filter.subjectId]),
      inArray(changeEvents.subject, [...filter.ownedSubjects]),
    ),
  );
}

export async function listChangeHistory(
  db: Database,
  filter: ChangeHistoryFilter,
): Promise<{ contents: ChangeEvent[]; total: number }> {
  const { subject } = filter;
  if (subject === 'merchant') return listMerchantStatusHistory(db, filter);
  const where = historyWhere({ ...filter, subject });
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(changeEvents)
      .where(where)
      .orderBy(desc(changeEvents.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(changeEvents).where(where),
  ]);
  return { contents: rows.map(toChangeEvent), total: totals[0]?.total ?? 0 };
}

function toChangeEvent(row: typeof changeEvents.$inferSelect): ChangeEvent {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    subject: row.subject,
    subject_id: row.subjectId,
    action: row.action,
    by: recordedActor(row.actorId, row.actorName),
    changes: row.changes,
  };
}

/**
 * A merchant's history: its status changes, kept apart in `merchant_status_changes` (written with
 * the change, under the merchant's row lock), read in the history's shape.
 */
async function listMerchantStatusHistory(
  db: Database,
  filter: ChangeHistoryFilter,
): Promise<{ contents: ChangeEvent[]; total: number }> {
  const where = eq(merchantStatusChanges.merchantId, filter.subjectId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(merchantStatusChanges)
      .where(where)
      .orderBy(desc(merchantStatusChanges.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(merchantStatusChanges).where(where),
  ]);
  return {
    contents: rows.map((row) => ({
      id: String(row.id),
      at: row.changedAt.toISOString(),
      subject: 'merchant',
      subject_id: row.merchantId,
      // The only merchant commands: activate (to ACTIVE) and deactivate (to INACTIVE).
      action: row.toStatus === 'ACTIVE' ? 'ACTIVATE' : 'DEACTIVATE',
      by: recordedActor(row.changedById, row.changedByName),
      changes: [{ field: 'status', from: row.fromStatus, to: row.toStatus }],
    })),
    total: totals[0]?.total ?? 0,
  };
}
