import { describe, expect, it } from 'vitest';
import { DEMO_USERS, sessionFor } from '../data/users';
import { db } from '../db';

const BASE = 'http://localhost/api/v1';
const UNKNOWN = '00000000-0000-4000-8000-999999999999';

function call(path: string, init: RequestInit & { as?: 'admin' | 'support'; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${sessionFor(DEMO_USERS[init.as ?? 'admin']).access_token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return fetch(`${BASE}/${path}`, { ...init, headers, body });
}

/** A method with no limits (the last two have none). */
function bareMethod() {
  const method = db.paymentMethods.find(
    (m) => !db.transactionLimits.some((l) => l.payment_method_id === m.id),
  );
  if (!method) throw new Error('every method has limits');
  return method;
}

describe('transaction limit handlers', () => {
  it('creates a limit (201, ACTIVE) and refuses max not above min with 400 naming max_amount', async () => {
    const method = bareMethod();
    const res = await call('transaction-limits', {
      method: 'POST',
      json: { payment_method_id: method.id, min_amount: 10, max_amount: 500, interval: 'DAILY' },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).data).toMatchObject({ min_amount: '10', max_amount: '500', status: 'ACTIVE' });
    const bad = await call('transaction-limits', {
      method: 'POST',
      json: { payment_method_id: method.id, min_amount: 10, max_amount: 10, interval: 'WEEKLY' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errorMessage).toBe(
      'max_amount: Maximum amount must be greater than Minimum amount',
    );
  });

  it('refuses an overlapping active limit of the same interval with 409, and an unknown method with 400', async () => {
    const method = bareMethod();
    const json = { payment_method_id: method.id, min_amount: 1, max_amount: 100, interval: 'DAILY' };
    expect((await call('transaction-limits', { method: 'POST', json })).status).toBe(201);
    const overlap = await call('transaction-limits', {
      method: 'POST',
      json: { ...json, min_amount: 100, max_amount: 200 },
    });
    expect(overlap.status).toBe(409);
    expect((await overlap.json()).errorMessage).toMatch(
      /^An active DAILY limit of this payment method already covers 1 to 100/,
    );
    const otherInterval = await call('transaction-limits', {
      method: 'POST',
      json: { ...json, interval: 'MONTHLY' },
    });
    expect(otherInterval.status).toBe(201);
    const unknown = await call('transaction-limits', {
      method: 'POST',
      json: { ...json, payment_method_id: UNKNOWN },
    });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errorMessage).toBe('payment_method_id: No payment method has this id');
  });

  it('updates and deletes (answering the deleted limit); 404 for unknown ids; 403 for support', async () => {
    const limit = db.transactionLimits[0];
    const json = { min_amount: 5, max_amount: 900000, interval: 'DAILY' };
    expect(
      (await call(`transaction-limits/${limit?.id}`, { method: 'PUT', json, as: 'support' })).status,
    ).toBe(403);
    const res = await call(`transaction-limits/${limit?.id}`, { method: 'PUT', json });
    expect((await res.json()).data).toMatchObject({ id: limit?.id, min_amount: '5', max_amount: '900000' });
    expect((await call(`transaction-limits/${UNKNOWN}`, { method: 'PUT', json })).status).toBe(404);
    const deleted = await call(`transaction-limits/${limit?.id}`, { method: 'DELETE' });
    expect((await deleted.json()).data.id).toBe(limit?.id);
    expect(db.transactionLimits.some((l) => l.id === limit?.id)).toBe(false);
    expect((await call(`transaction-limits/${limit?.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('deactivates and refuses a repeat with 409', async () => {
    const limit = db.transactionLimits[0];
    const off = await call(`transaction-limits/${limit?.id}?command=deactivate`, { method: 'POST' });
    expect((await off.json()).data.status).toBe('INACTIVE');
    expect(
      (await call(`transaction-limits/${limit?.id}?command=deactivate`, { method: 'POST' })).status,
    ).toBe(409);
  });
});
