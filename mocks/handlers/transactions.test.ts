import { describe, expect, it } from 'vitest';
import { mockId } from '../data/merchants';
import { setTransactionStatus } from '../data/transactions';
import { DEMO_USERS, sessionFor } from '../data/users';
import { db } from '../db';

/**
 * What only the mocks do: server/test/conformance/ checks the transaction handlers against the
 * server (refusals, filters, the export, the detail, payout decisions); this checks them against
 * the mock store's own transactions (mocks/data/transactions.ts), by count.
 */
const BASE = 'http://localhost/api/v1';

function call(path: string) {
  const headers = new Headers({ Authorization: `Bearer ${sessionFor(DEMO_USERS.admin).access_token}` });
  return fetch(`${BASE}/${path}`, { headers });
}

const merchant = (index: number) => `merchants/${mockId(1, index + 1)}/transactions`;

describe('merchant transaction handlers (mock only)', () => {
  it('defaults to pending, checked-out, failed and canceled, pages, and keeps amounts exact', async () => {
    const body = await (await call(`${merchant(2)}?page=2&limit=10`)).json();
    expect(body.data.total).toBe(17);
    expect(body.data.total_pages).toBe(2);
    expect(body.data.contents).toHaveLength(7);
    expect(body.data.is_empty).toBe(false);
    const statuses = new Set(body.data.contents.map((t: { status: string }) => t.status));
    expect(
      [...statuses].every((s) => ['PENDING', 'CHECKED_OUT', 'FAILED', 'CANCELED'].includes(s as string)),
    ).toBe(true);
    expect(body.data.contents[0].amount).toMatch(/^\d+\.\d{2}$/);
  });

  it('filters by status and types; is_empty is about the merchant, not the filter', async () => {
    const failed = await (await call(`${merchant(1)}?status=failed`)).json();
    expect(failed.data.contents.map((t: { status: string }) => t.status)).toEqual([
      'FAILED',
      'FAILED',
      'FAILED',
    ]);
    const refunds = await (await call(`${merchant(1)}?status=all&types=refund`)).json();
    expect(refunds.data.contents.every((t: { type: string }) => t.type === 'REFUND')).toBe(true);
    const none = await (await call(`${merchant(0)}?status=canceled`)).json();
    expect(none.data).toMatchObject({ total: 0, is_empty: false });
    const empty = await (await call(merchant(5))).json();
    expect(empty.data).toMatchObject({ total: 0, is_empty: true, contents: [] });
  });
});

describe('payout decisions (mock only)', () => {
  it('a payout decided with no person recorded names nobody, as the server’s seeded history', async () => {
    const other = (await (await call('transactions?status=pay-out&limit=1')).json()).data.contents[0];
    setTransactionStatus(db.merchants, other.id, 'SUCCESS');
    expect((await (await call(`transactions/${other.id}`)).json()).data.decision).toEqual({
      at: other.transaction_date,
      by: null,
    });
  });
});
