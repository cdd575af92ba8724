import { API_ERRORS } from '@contract/messages';
import { describe, expect, it } from 'vitest';
import { mockId } from '../data/merchants';
import { setTransactionStatus } from '../data/transactions';
import { DEMO_USERS, MOCK_USER_IDS, sessionFor } from '../data/users';
import { db } from '../db';

const BASE = 'http://localhost/api/v1';

function call(path: string, as: 'admin' | 'finance' | 'nobody' = 'admin') {
  const headers = new Headers();
  if (as !== 'nobody') headers.set('Authorization', `Bearer ${sessionFor(DEMO_USERS[as]).access_token}`);
  return fetch(`${BASE}/${path}`, { headers });
}

const merchant = (index: number) => `merchants/${mockId(1, index + 1)}/transactions`;

describe('merchant transaction handlers', () => {
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

  it('refuses without a token, without view-merchant, a bad status and an unknown merchant', async () => {
    expect((await call(merchant(0), 'nobody')).status).toBe(401);
    expect((await call(merchant(0), 'finance')).status).toBe(403);
    expect((await call(`${merchant(0)}?status=nope`)).status).toBe(400);
    expect((await call(`merchants/${mockId(1, 999)}/transactions`)).status).toBe(404);
  });
});

describe('document file handler', () => {
  it('answers a PDF attachment named after the last segment, 404 for others, 401 without a token', async () => {
    const res = await call('files/documents/bole-books/id.pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="id.pdf"');
    expect((await res.text()).startsWith('%PDF')).toBe(true);
    expect((await call('files/documents/bole-books/missing')).status).toBe(404);
    expect((await call('files/documents/bole-books/id.pdf', 'nobody')).status).toBe(401);
  });
});

describe('transaction export and detail handlers', () => {
  it('exports every row the filters select as the server CSV, ignoring paging', async () => {
    const list = await (await call('transactions?status=failed&limit=100')).json();
    const res = await call('transactions/export?status=failed&page=2&limit=1&from=2000-01-01');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="transactions-2000-01-01-to-/,
    );
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]?.startsWith('Transaction ID,Date (UTC),Reference,')).toBe(true);
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(
      list.data.contents.map((t: { id: string }) => t.id),
    );
    expect(list.data.total).toBeGreaterThan(1);
  });

  it('refuses an export without a token, or with a bad filter naming the field', async () => {
    expect((await call('transactions/export', 'nobody')).status).toBe(401);
    const bad = await call('transactions/export?from=2026-13-01');
    expect(bad.status).toBe(400);
    // The server's wording: the field, then its message.
    expect((await bad.json()).errorMessage).toBe(`from: ${API_ERRORS.queryDate('from')}`);
  });

  it('answers one transaction by id, 404 for an unknown one', async () => {
    const list = await (await call('transactions?limit=1&types=PAYMENT')).json();
    const first = list.data.contents[0];
    const res = await call(`transactions/${first.id}`);
    expect(res.status).toBe(200);
    // A payment has no payout decision.
    expect((await res.json()).data).toEqual({ ...first, decision: null });
    const missing = await call('transactions/33333333-3333-4333-8333-333333333333');
    expect(missing.status).toBe(404);
    expect((await missing.json()).errorMessage).toBe('Transaction not found');
  });

  it('records who decided a payout, as the server does, and the detail names them', async () => {
    const pending = (await (await call('transactions?status=pay-out&limit=1')).json()).data.contents[0];
    const before = (await (await call(`transactions/${pending.id}`)).json()).data;
    expect(before.decision).toBeNull();
    const headers = { Authorization: `Bearer ${sessionFor(DEMO_USERS.finance).access_token}` };
    const answer = await fetch(`${BASE}/payout/transactions/${pending.id}?command=reject`, {
      method: 'POST',
      headers,
    });
    const decided = (await answer.json()).data;
    expect(decided).toMatchObject({
      status: 'CANCELED',
      decision: { by: { id: MOCK_USER_IDS.finance, name: DEMO_USERS.finance.name } },
    });
    expect((await (await call(`transactions/${pending.id}`)).json()).data.decision).toEqual(decided.decision);
    // A payout decided with no person recorded (as the server's seeded history) names nobody.
    const other = (await (await call('transactions?status=pay-out&limit=1')).json()).data.contents[0];
    setTransactionStatus(db.merchants, other.id, 'SUCCESS');
    expect((await (await call(`transactions/${other.id}`)).json()).data.decision).toEqual({
      at: other.transaction_date,
      by: null,
    });
  });
});
