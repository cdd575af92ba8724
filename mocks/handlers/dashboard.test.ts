import { dashboardSummarySchema } from '@contract/dashboard';
import { sum } from '@contract/decimal';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { allTransactions } from '../data/transactions';
import { DEMO_USERS, sessionFor } from '../data/users';
import { db } from '../db';

const BASE = 'http://localhost/api/v1/dashboard/summary';

function call(query = '') {
  const headers = new Headers({ Authorization: `Bearer ${sessionFor(DEMO_USERS.admin).access_token}` });
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

/**
 * What only the mocks do: server/test/conformance/ checks the dashboard handler against the server
 * (refusals, ranges, the sections each permission opens); this checks the sums against the mock
 * store's own transactions, exactly.
 */
describe('GET dashboard/summary (mock only)', () => {
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
});
