/**
 * Migration 0017's backfill (decision 031): the change history and the merchants' status changes
 * written before the audit log existed join it once, in order, as before/after objects. The
 * statements are run again here from the migration file itself, over rows inserted for the test,
 * on a database where 0017 has already run (the backfill is plain INSERT ... SELECT).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config';
import { createTestApi, insertMerchant, type TestApi } from '../test/api';
import { TEST_DATABASE_KINDS } from '../test/db';
import { auditLog, changeEvents, merchantStatusChanges } from './schema';

const BACKFILL = readFileSync(join(PROJECT_ROOT, 'server/db/migrations/0017_audit_log_and_sso.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter((statement) => /FROM "(change_events|merchant_status_changes)" ORDER BY/.test(statement));

const ACTOR = '6f1c2a52-4a0c-4d43-9d7c-3b5a8d2f4e11';
const SUBJECT = '0b7e4f8c-2d1a-4e5b-8c9d-1a2b3c4d5e6f';

describe.each(TEST_DATABASE_KINDS)('the audit log backfill of migration 0017 on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind);
  });
  afterAll(() => api?.dispose());

  it('has both statements', () => {
    expect(BACKFILL).toHaveLength(2);
  });

  it('turns change events and status changes into audit records, field by field and in order', async () => {
    const db = api.database.db;
    const merchant = await insertMerchant(api, { code: 'BACKFILL-M', status: 'ACTIVE' });
    // Only what this test's statements add is read back (the seed's records stay as they are).
    const [{ since } = { since: 0 }] = await db
      .select({ since: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
      .from(auditLog);
    await db.insert(changeEvents).values([
      {
        at: new Date('2026-01-02T10:00:00Z'),
        subject: 'payment_method',
        subjectId: SUBJECT,
        ownerIds: [SUBJECT],
        action: 'CREATE',
        actorId: ACTOR,
        actorName: 'Abebe Kebede',
        changes: [{ field: 'name', from: null, to: 'Card' }],
      },
      {
        at: new Date('2026-01-03T10:00:00Z'),
        subject: 'payment_method',
        subjectId: SUBJECT,
        ownerIds: [SUBJECT],
        action: 'UPDATE',
        actorId: ACTOR,
        actorName: 'Abebe Kebede',
        changes: [
          { field: 'name', from: 'Card', to: 'Cards' },
          { field: 'status', from: 'ACTIVE', to: 'INACTIVE' },
        ],
      },
      {
        at: new Date('2026-01-04T10:00:00Z'),
        subject: 'transaction_limit',
        subjectId: SUBJECT,
        ownerIds: [SUBJECT],
        action: 'DELETE',
        actorId: null,
        actorName: null,
        changes: [{ field: 'amount', from: '10.00', to: null }],
      },
    ]);
    await db.insert(merchantStatusChanges).values({
      merchantId: merchant,
      fromStatus: 'ACTIVE',
      toStatus: 'INACTIVE',
      changedAt: new Date('2026-01-05T10:00:00Z'),
      changedById: ACTOR,
      changedByName: 'Abebe Kebede',
    });

    for (const statement of BACKFILL) await db.execute(statement);

    const rows = await db.select().from(auditLog).where(gt(auditLog.id, since)).orderBy(auditLog.id);
    const written = rows.map((r) => ({
      at: r.at.toISOString(),
      actor: [r.actorId, r.actorName],
      action: r.action,
      resource: [r.resourceType, r.resourceId],
      outcome: r.outcome,
      before: r.before,
      after: r.after,
    }));
    expect(written.filter((r) => r.resource[1] === SUBJECT)).toEqual([
      {
        at: '2026-01-02T10:00:00.000Z',
        actor: [ACTOR, 'Abebe Kebede'],
        action: 'payment-method.create',
        resource: ['payment-method', SUBJECT],
        outcome: 'success',
        before: null,
        after: { name: 'Card' },
      },
      {
        at: '2026-01-03T10:00:00.000Z',
        actor: [ACTOR, 'Abebe Kebede'],
        action: 'payment-method.update',
        resource: ['payment-method', SUBJECT],
        outcome: 'success',
        before: { name: 'Card', status: 'ACTIVE' },
        after: { name: 'Cards', status: 'INACTIVE' },
      },
      {
        at: '2026-01-04T10:00:00.000Z',
        actor: [null, null],
        action: 'transaction-limit.delete',
        resource: ['transaction-limit', SUBJECT],
        outcome: 'success',
        before: { amount: '10.00' },
        after: null,
      },
    ]);
    expect(written.filter((r) => r.resource[1] === merchant)).toEqual([
      {
        at: '2026-01-05T10:00:00.000Z',
        actor: [ACTOR, 'Abebe Kebede'],
        action: 'merchant.deactivate',
        resource: ['merchant', merchant],
        outcome: 'success',
        before: { status: 'ACTIVE' },
        after: { status: 'INACTIVE' },
      },
    ]);
  });
});
