/**
 * The SQL of the audit log (decision 031): the record every audited action appends in its own
 * transaction, and the filtered, newest-first pages `GET audit-log` and its CSV export read.
 * Routes and services reach the writer through server/services/audit-log.ts.
 */
import type { AuditOutcome } from '@contract/audit-log';
import type { Actor } from '../../auth/actor';
import type { Executor } from '../connect';
import { auditLog } from '../schema';

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
