/**
 * The SQL of the catalogue's change history (contract/change-history.ts): the record every write
 * adds inside its own transaction, and the newest-first page of one subject's history.
 */
import {
  CHANGE_SPECS,
  type ChangeEvent,
  type ChangeHistoryQuery,
  type ChangeRecord,
  type ChangeSubject,
  changeOf,
  isRecorded,
  merchantStatusAction,
} from '@contract/change-history';
import { and, arrayContains, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { type Actor, recordedActor } from '../../auth/actor';
import type { Database, Executor } from '../connect';
import { changeEvents, merchantStatusChanges } from '../schema';
import { type AuditEntry, auditActorOf, recordAudit } from './audit-log';

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
  const rows = records.filter(isRecorded).map((record) => ({
    at,
    subject: record.subject,
    subjectId: record.subject_id,
    ownerIds: record.owner_ids,
    action: record.action,
    actorId: actor.id,
    actorName: actor.name,
    changes: record.changes,
  }));
  if (rows.length > 0) await tx.insert(changeEvents).values(rows);
  // The audit log holds the same changes (decision 031: written twice rather than read as a union).
  for (const record of records.filter(isRecorded)) await recordAudit(tx, auditOfChange(actor, at, record));
}

/**
 * A change as the audit log records it: `payment-method.update` on `payment-method`, with the
 * changed fields' values before and after (none before a create, none after a delete), the shape the
 * migration gave the records made before it (0017).
 */
export function auditOfChange(actor: Actor, at: Date, record: ChangeRecord): AuditEntry {
  const type = record.subject.replaceAll('_', '-');
  const side = (pick: 'from' | 'to') => Object.fromEntries(record.changes.map((c) => [c.field, c[pick]]));
  return {
    actor: auditActorOf(actor),
    action: `${type}.${record.action.toLowerCase()}`,
    resource: { type, id: record.subject_id },
    before: record.action === 'CREATE' ? null : side('from'),
    after: record.action === 'DELETE' ? null : side('to'),
    address: actor.address ?? null,
    at,
  };
}

function historyWhere(
  subjectId: string,
  subject: ChangeSubject,
  ownedSubjects: readonly ChangeSubject[],
): SQL | undefined {
  const own = and(eq(changeEvents.subjectId, subjectId), eq(changeEvents.subject, subject));
  if (ownedSubjects.length === 0) return own;
  return or(
    own,
    and(arrayContains(changeEvents.ownerIds, [subjectId]), inArray(changeEvents.subject, [...ownedSubjects])),
  );
}

/**
 * `GET change-history` with the contract's parsed query. `ownedSubjects`: the subjects whose
 * records this one owns that the caller may read (a method's limits).
 */
export async function listChangeHistory(
  db: Database,
  query: ChangeHistoryQuery,
  ownedSubjects: readonly ChangeSubject[],
): Promise<{ contents: ChangeEvent[]; total: number }> {
  // The UUID in its canonical lower-case form: the query may send either case.
  const subjectId = query.subject_id.toLowerCase();
  const { subject } = query;
  if (subject === 'merchant') return listMerchantStatusHistory(db, subjectId, query);
  const where = historyWhere(subjectId, subject, ownedSubjects);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(changeEvents)
      .where(where)
      .orderBy(desc(changeEvents.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
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
  merchantId: string,
  { page, limit }: ChangeHistoryQuery,
): Promise<{ contents: ChangeEvent[]; total: number }> {
  const where = eq(merchantStatusChanges.merchantId, merchantId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(merchantStatusChanges)
      .where(where)
      .orderBy(desc(merchantStatusChanges.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(merchantStatusChanges).where(where),
  ]);
  return {
    contents: rows.map((row) => {
      const { owner_ids: _none, ...record } = changeOf(
        CHANGE_SPECS.merchant,
        merchantStatusAction(row.toStatus),
        { id: row.merchantId, status: row.fromStatus },
        { id: row.merchantId, status: row.toStatus },
      );
      return {
        ...record,
        id: String(row.id),
        at: row.changedAt.toISOString(),
        by: recordedActor(row.changedById, row.changedByName),
      };
    }),
    total: totals[0]?.total ?? 0,
  };
}
