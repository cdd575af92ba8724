/**
 * The audit log's writer and its table: a record holds what it was given, and the database refuses
 * to change or remove one (decision 031), on PGlite and PostgreSQL.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { createTestDatabase, refusal, TEST_DATABASE_KINDS, type TestDatabase } from '../test/db';
import { auditActor, recordAudit } from './audit-log';

const ACTOR = {
  id: '00000000-0000-4000-8000-00000000a0d1',
  name: 'Abebe Auditor',
  email: 'abebe@example.com',
};

describe.each(TEST_DATABASE_KINDS)('the audit log on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t.dispose());

  it('records who, when, from where, what, on which resource, the outcome, before and after', async () => {
    const at = new Date('2026-11-20T08:30:00.000Z');
    await recordAudit(t.db, {
      actor: auditActor({ sub: ACTOR.id, name: ACTOR.name, email: ACTOR.email }),
      action: 'role.update',
      resource: { type: 'role', id: '00000000-0000-4000-8000-0000000000f1' },
      before: { name: 'Clerks', permissions: ['view-merchant'] },
      after: { name: 'Clerks', permissions: ['view-merchant', 'view-transaction'] },
      address: '10.1.2.3',
      at,
    });
    await recordAudit(t.db, {
      actor: null,
      action: 'auth.sign-in',
      resource: { type: 'user', id: 'nobody@example.com' },
      outcome: 'failure',
    });
    const rows = await t.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(rows.map(({ id: _id, at: _at, ...rest }) => rest)).toEqual([
      {
        actorId: ACTOR.id,
        actorName: ACTOR.name,
        actorEmail: ACTOR.email,
        address: '10.1.2.3',
        action: 'role.update',
        resourceType: 'role',
        resourceId: '00000000-0000-4000-8000-0000000000f1',
        outcome: 'success',
        before: { name: 'Clerks', permissions: ['view-merchant'] },
        after: { name: 'Clerks', permissions: ['view-merchant', 'view-transaction'] },
      },
      {
        actorId: null,
        actorName: null,
        actorEmail: null,
        address: null,
        action: 'auth.sign-in',
        resourceType: 'user',
        resourceId: 'nobody@example.com',
        outcome: 'failure',
        before: null,
        after: null,
      },
    ]);
    expect(new Date(String(rows[0]?.at)).toISOString()).toBe(at.toISOString());
  });

  it('is append-only: an UPDATE, DELETE or TRUNCATE through the database fails and changes nothing', async () => {
    await recordAudit(t.db, {
      actor: ACTOR,
      action: 'user.update',
      resource: { type: 'user', id: ACTOR.id },
    });
    const before = await t.db.select().from(auditLog).orderBy(asc(auditLog.id));
    const last = before.at(-1)?.id ?? 0;
    expect(await refusal(t.db.execute(sql`UPDATE audit_log SET actor_name = 'Mallory'`))).toBe(
      'The audit log is append-only: UPDATE of audit_log refused',
    );
    expect(
      await refusal(t.db.update(auditLog).set({ outcome: 'failure' }).where(eq(auditLog.id, last))),
    ).toBe('The audit log is append-only: UPDATE of audit_log refused');
    expect(await refusal(t.db.execute(sql`DELETE FROM audit_log`))).toBe(
      'The audit log is append-only: DELETE of audit_log refused',
    );
    expect(await refusal(t.db.delete(auditLog).where(eq(auditLog.id, last)))).toBe(
      'The audit log is append-only: DELETE of audit_log refused',
    );
    expect(await refusal(t.db.execute(sql`TRUNCATE audit_log`))).toBe(
      'The audit log is append-only: TRUNCATE of audit_log refused',
    );
    expect(await t.db.select().from(auditLog).orderBy(asc(auditLog.id))).toEqual(before);
  });

  it('refuses an outcome other than success or failure', async () => {
    expect(
      await refusal(
        t.db.execute(
          sql`INSERT INTO audit_log (at, action, resource_type, outcome) VALUES (now(), 'x.y', 'x', 'maybe')`,
        ),
      ),
    ).toMatch(/audit_log_outcome_check/);
  });
});
