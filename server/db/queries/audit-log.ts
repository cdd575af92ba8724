/**
 * The SQL of the audit log (decision 031): the record every audited action appends in its own
 * transaction, and the filtered, newest-first pages `GET audit-log` and its CSV export read.
 * Routes and services reach the writer through server/services/audit-log.ts.
 */
import type { AuditFilterQuery, AuditListQuery, AuditOutcome, AuditRecord } from '@contract/audit-log';
import type { AuditSortKey } from '@contract/list-sort';
import { and, count, desc, eq, ilike, like, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/actor';
import type { Executor } from '../connect';
import { auditLog } from '../schema';
import { orderByOf, type SortColumns } from '../sort';
import { containsPattern, type ListPage } from '../sql';

/** Who acted, copied from their token (or, on a sign-in, from their user row). */
export interface AuditActor {
  id: string;
  name: string;
  /** Null only where a caller knows no more than a journal's `posted_by` (id and name). */
  email: string | null;
}

export interface AuditEntry {
  /** Null when nobody is known: a failed sign-in for an e-mail no person has. */
  actor: AuditActor | null;
  /** Dotted: `<resource>.<verb>`, e.g. `payout.approve`, `user.second-factor.enrol`. */
  action: string;
  /** `id` is text: a failed sign-in's resource is the e-mail it tried. */
  resource: { type: string; id: string | null };
  before?: unknown;
  after?: unknown;
  address?: string | null;
  /** Default `success`; a refusal worth auditing (a failed sign-in) is `failure`. */
  outcome?: AuditOutcome;
  /** Default: this process's clock now; a route passes its injected `clock()`. */
  at?: Date;
}

/** The audit log's actor from a record's actor (server/auth/actor.ts), e-mail when it has one. */
export function auditActorOf(actor: Actor): AuditActor {
  return { id: actor.id, name: actor.name, email: actor.email ?? null };
}

export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    at: entry.at ?? new Date(),
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? null,
    actorEmail: entry.actor?.email ?? null,
    address: entry.address ?? null,
    action: entry.action,
    resourceType: entry.resource.type,
    resourceId: entry.resource.id,
    outcome: entry.outcome ?? 'success',
    before: jsonOrNull(entry.before),
    after: jsonOrNull(entry.after),
  });
}

/** `undefined` (nothing to say) and `null` both store SQL NULL rather than JSON `null`. */
function jsonOrNull(value: unknown): unknown {
  return value === undefined || value === null ? null : value;
}

type AuditRow = typeof auditLog.$inferSelect;

function toRecord(row: AuditRow): AuditRecord {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actor:
      row.actorId !== null && row.actorName !== null
        ? { id: row.actorId, name: row.actorName, email: row.actorEmail }
        : null,
    address: row.address,
    action: row.action,
    resource_type: row.resourceType,
    resource_id: row.resourceId,
    outcome: row.outcome,
    before: row.before,
    after: row.after,
  };
}

/** The filters as SQL; the contract's `auditRecordMatches` is the same in the mocks. */
function auditWhere(q: AuditFilterQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (q.person) {
    const pattern = containsPattern(q.person);
    conditions.push(or(ilike(auditLog.actorName, pattern), ilike(auditLog.actorEmail, pattern)));
  }
  if (q.action) {
    // A group: `user` finds `user.create`; the LIKE's own wildcards in the term are matched literally.
    const group = `${q.action.replace(/[\\%_]/g, (ch) => `\\${ch}`)}.%`;
    conditions.push(or(eq(auditLog.action, q.action), like(auditLog.action, group)));
  }
  if (q.resource_type) conditions.push(eq(auditLog.resourceType, q.resource_type));
  if (q.resource_id) conditions.push(eq(auditLog.resourceId, q.resource_id));
  if (q.outcome) conditions.push(eq(auditLog.outcome, q.outcome));
  // Whole UTC days, inclusive: from midnight of `from` to before midnight after `to`.
  if (q.from) conditions.push(sql`${auditLog.at} >= ${`${q.from}T00:00:00Z`}::timestamptz`);
  if (q.to) {
    const dayAfter = new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000).toISOString();
    conditions.push(sql`${auditLog.at} < ${dayAfter}::timestamptz`);
  }
  return and(...conditions);
}

const NEWEST_FIRST = [desc(auditLog.at), desc(auditLog.id)];

const SORT_COLUMNS: SortColumns<AuditSortKey> = {
  at: auditLog.at,
  action: auditLog.action,
  outcome: auditLog.outcome,
};

/** `GET audit-log`: one page in its `sort` (newest first by default), and the total the filters match. */
export async function listAuditLog(db: Executor, query: AuditListQuery): Promise<ListPage<AuditRecord>> {
  const where = auditWhere(query);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...orderByOf(query.sort, SORT_COLUMNS, auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { contents: rows.map(toRecord), total: totals[0]?.total ?? 0 };
}

export const AUDIT_EXPORT_BATCH_SIZE = 1000;

/**
 * Every record the filters select, newest first, in keyset batches: memory stays one batch and no
 * transaction is held between them (the log only grows, so a later batch misses nothing older).
 */
export async function* auditBatches(
  db: Executor,
  filter: AuditFilterQuery,
  batchSize = AUDIT_EXPORT_BATCH_SIZE,
): AsyncGenerator<AuditRecord[]> {
  const where = auditWhere(filter);
  let after: number | undefined;
  for (;;) {
    const cursor =
      after === undefined
        ? undefined
        : sql`(${auditLog.at}, ${auditLog.id}) < (select c.at, c.id from ${auditLog} as c where c.id = ${after})`;
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(where, cursor))
      .orderBy(...NEWEST_FIRST)
      .limit(batchSize);
    if (rows.length > 0) yield rows.map(toRecord);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]?.id;
  }
}
