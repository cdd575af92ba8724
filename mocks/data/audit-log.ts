/**
 * The mock audit log's records: a few of each kind, so the console's screen has something to
 * filter in the browser and in tests. The reference server starts empty and records what happens.
 */
import type { AuditRecord } from '@contract/audit-log';
import { DEMO_USERS, MOCK_USER_IDS } from './users';

const admin = {
  id: MOCK_USER_IDS.admin,
  name: DEMO_USERS.admin.name,
  email: DEMO_USERS.admin.email,
};
const finance = {
  id: MOCK_USER_IDS.finance,
  name: DEMO_USERS.finance.name,
  email: DEMO_USERS.finance.email,
};

/** Newest first, as the API answers. */
export function buildAuditLog(): AuditRecord[] {
  const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour, 15)).toISOString();
  const records: Omit<AuditRecord, 'id'>[] = [
    {
      at: at(20, 9),
      actor: finance,
      address: '10.0.0.12',
      action: 'payout.approve',
      resource_type: 'payout',
      resource_id: 'a7d1c9e2-3b4f-4c5d-8e6f-708192a3b4c5',
      outcome: 'success',
      before: { status: 'PAY_OUT' },
      after: { status: 'SUCCESS', amount: '1250.5', reference: 'PO-2026-0007' },
    },
    {
      at: at(19, 16),
      actor: admin,
      address: '10.0.0.11',
      action: 'role.update',
      resource_type: 'role',
      resource_id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
      outcome: 'success',
      before: { name: 'Clerks', permissions: ['view-merchant'] },
      after: { name: 'Clerks', permissions: ['view-merchant', 'view-transactions'] },
    },
    {
      at: at(19, 8),
      actor: null,
      address: '196.188.10.4',
      action: 'auth.sign-in',
      resource_type: 'user',
      resource_id: 'someone@example.com',
      outcome: 'failure',
      before: null,
      after: { reason: 'unknown-user' },
    },
    {
      at: at(18, 10),
      actor: admin,
      address: '10.0.0.11',
      action: 'currency.update',
      resource_type: 'currency',
      resource_id: 'c0ffee00-0000-4000-8000-000000000001',
      outcome: 'success',
      before: { rounding: '0.01' },
      after: { rounding: '0.05' },
    },
    {
      at: at(18, 7),
      actor: admin,
      address: '10.0.0.11',
      action: 'auth.sign-in',
      resource_type: 'user',
      resource_id: admin.id,
      outcome: 'success',
      before: null,
      after: null,
    },
  ];
  return records.map((r, i) => ({ id: String(records.length - i), ...r }));
}
