/**
 * The audit log's one writer (decision 031): every security and money action appends a record in
 * the same transaction as the action, so the two commit together or not at all. Other helpers'
 * services call `recordAudit(tx, { actor: auditActor(claims), action, resource, before, after,
 * address: requestAddress(c) })`.
 */
import type { AuditOutcome } from '@contract/audit-log';
import type { TokenClaims } from '@contract/auth';
import type { Context } from 'hono';
import type { Executor } from '../db/connect';
import { auditLog } from '../db/schema';
import type { AppContext } from '../http/types';

/** Who acted, copied from their token (or, on a sign-in, from their user row). */
export interface AuditActor {
  id: string;
  name: string;
  email: string;
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

export function auditActor(claims: Pick<TokenClaims, 'sub' | 'name' | 'email'>): AuditActor {
  return { id: claims.sub, name: claims.name, email: claims.email };
}

/**
 * The caller's address as the server resolves it for the rate limit (the TCP peer, or the proxy's
 * X-Forwarded-For entry with TRUST_PROXY), set on every API request by server/app.ts.
 */
export function requestAddress(c: Context): string | null {
  const resolve = (c as AppContext).get('clientAddress');
  return resolve ? resolve(c) : null;
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
