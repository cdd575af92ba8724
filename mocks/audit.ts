import type { AuditRecord } from '@contract/audit-log';
import { db } from './db';
import type { MockClaims } from './http';

/**
 * Records a staff change in the mock audit log, newest first, as the server records it in the
 * change's own transaction (decision 031): who (the token's person), what, before and after. The
 * mocks know no client address.
 */
export function recordAudit(
  claims: MockClaims | null,
  entry: Pick<AuditRecord, 'action' | 'resource_type' | 'resource_id' | 'before' | 'after'>,
): void {
  const person = db.staffUsers.find((u) => u.id === claims?.sub);
  const lastId = db.auditLog.reduce((most, r) => Math.max(most, Number(r.id)), 0);
  const record: AuditRecord = {
    id: String(lastId + 1),
    at: new Date().toISOString(),
    actor: person ? { id: person.id, name: person.name, email: person.email } : null,
    address: null,
    outcome: 'success',
    ...entry,
  };
  db.auditLog = [record, ...db.auditLog];
}
