import { dashboardSummarySchema } from '@contract/dashboard';
import { sum } from '@contract/decimal';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS, type Permission, toPermissionMap } from '@contract/permissions';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { allTransactions, setTransactionStatus } from '../data/transactions';
import { DEMO_USERS, sessionFor } from '../data/users';
import { db } from '../db';

const BASE = 'http://localhost/api/v1/dashboard/summary';

function call(query = '', as: 'admin' | 'support' | 'finance' | 'nobody' = 'admin') {
  const headers = new Headers();
  if (as !== 'nobody') headers.set('Authorization', `Bearer ${sessionFor(DEMO_USERS[as]).access_token}`);
  return fetch(`${BASE}${query}`, { headers });
}

async function summary(query = '') {
  const body = await (await call(query)).json();
  return v.parse(dashboardSummarySchema, body.data);
}

const inDays = (from: string, to: string) =>
  allTransactions(db.merchants).filter((t) => {
    const day = t.transaction_date.slice(0, 10);
    return day >= from && day <= to;
  });

describe('GET dashboard/summary (mock)', () => {
  it('defaults to the 30 days up to the mock today and sums the seed exactly', async () => {
    const data = await summary();
    expect([data.from, data.to]).toEqual(['2026-10-23', '2026-11-21']);
    const seen = inDays('2026-10-23', '2026-11-21');
    expect(seen.length).toBeGreaterThan(0);
    expect(data.currencies).toEqual([
      {
        currency: { name_code: 'ETB', name: 'Ethiopian Birr', decimal_places: 2 },
        count: seen.length,
        volume: sum(seen.map((t) => t.amount)),
        success_count: seen.filter((t) => t.status === 'SUCCESS').length,
        success_volume: sum(seen.filter((t) => t.status === 'SUCCESS').map((t) => t.amount)),
      },
    ]);
    expect(data.by_status.map((s) => s.status)).toEqual([
      'SUCCESS',
      'PENDING',
      'FAILED',
      'CHECKED_OUT',
      'CANCELED',
      'PAY_OUT',
    ]);
    expect(data.by_status.reduce((n, s) => n + s.count, 0)).toBe(seen.length);
    expect(data.daily.reduce((n, d) => n + d.count, 0)).toBe(seen.length);
    const pending = allTransactions(db.merchants).filter((t) => t.status === 'PAY_OUT');
    expect(data.pending_payouts).toEqual({
      count: pending.length,
      volumes: { ETB: sum(pending.map((t) => t.amount)) },
    });
    expect(data.merchants_by_status?.PENDING_VERIFICATION).toBe(
      db.merchants.filter((m) => m.status === 'PENDING_VERIFICATION').length,
    );
  });

  it('takes an inclusive range and answers an empty one with no currencies', async () => {
    const day = await summary('?from=2026-11-20&to=2026-11-20');
    expect(day.daily.map((d) => d.date)).toEqual(['2026-11-20']);
    expect(day.currencies[0]?.count).toBe(inDays('2026-11-20', '2026-11-20').length);
    const empty = await summary('?from=2020-01-01&to=2020-01-31');
    expect(empty.currencies).toEqual([]);
    expect(empty.daily).toEqual([]);
    expect(empty.by_status.every((s) => s.count === 0)).toBe(true);
  });

  it('follows payout decisions in the pending count', async () => {
    const before = (await summary()).pending_payouts?.count ?? 0;
    const payout = allTransactions(db.merchants).find((t) => t.status === 'PAY_OUT');
    if (!payout) throw new Error('the seed has no payout request');
    setTransactionStatus(db.merchants, payout.id, 'SUCCESS');
    expect((await summary()).pending_payouts?.count).toBe(before - 1);
  });

  it('refuses like the server: 400 for a reversed range, 401 without a token, 403 without uma_protection', async () => {
    const reversed = await call('?from=2026-11-21&to=2026-11-01');
    expect(reversed.status).toBe(400);
    expect((await reversed.json()).errorMessage).toBe(API_ERRORS.dateRange);
    expect((await call('', 'nobody')).status).toBe(401);
    for (const who of ['support', 'finance'] as const) {
      const refused = await call('', who);
      expect(refused.status).toBe(403);
      expect((await refused.json()).errorMessage).toBe(API_ERRORS.forbidden);
    }
  });

  it('answers pending payouts only with view-transactions and merchants only with view-merchant', async () => {
    const as = async (permissions: readonly Permission[]) => {
      const token = sessionFor(DEMO_USERS.admin, {
        permissions: toPermissionMap([PERMISSIONS.dashboard, ...permissions]),
      }).access_token;
      const response = await fetch(BASE, { headers: { Authorization: `Bearer ${token}` } });
      return v.parse(dashboardSummarySchema, (await response.json()).data);
    };
    const full = await summary();
    expect(await as([])).toEqual({ ...full, pending_payouts: null, merchants_by_status: null });
    expect(await as([PERMISSIONS.viewTransactions])).toEqual({ ...full, merchants_by_status: null });
    expect(await as([PERMISSIONS.viewMerchant])).toEqual({ ...full, pending_payouts: null });
  });
});
