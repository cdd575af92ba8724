/**
 * The audit log's one writer (decision 031): every security and money action appends a record in
 * the same transaction as the action, so the two commit together or not at all. Other helpers'
 * services call `recordAudit(tx, { actor: auditActor(claims), action, resource, before, after,
 * address: requestAddress(c) })`.
 */
import type { TokenClaims } from '@contract/auth';
import type { Context } from 'hono';
import type { AuditActor, AuditEntry } from '../db/queries/audit-log';
import type { AppContext } from '../http/types';

export { type AuditActor, type AuditEntry, auditActorOf, recordAudit } from '../db/queries/audit-log';

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

/** What every record of a staff member's request shares: who, from which address, when. */
export function auditOrigin(
  c: Context,
  claims: Pick<TokenClaims, 'sub' | 'name' | 'email'>,
  at: Date,
): Pick<AuditEntry, 'actor' | 'address' | 'at'> {
  return { actor: auditActor(claims), address: requestAddress(c), at };
}
