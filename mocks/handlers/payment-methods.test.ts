import { describe, expect, it } from 'vitest';
import { DEMO_USERS, sessionFor } from '../data/users';
import { db } from '../db';

const BASE = 'http://localhost/api/v1';
const UNKNOWN = '00000000-0000-4000-8000-999999999999';

type As = 'admin' | 'support' | 'finance' | 'nobody';

function call(path: string, init: RequestInit & { as?: As; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.as !== 'nobody') {
    headers.set('Authorization', `Bearer ${sessionFor(DEMO_USERS[init.as ?? 'admin']).access_token}`);
  }
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return fetch(`${BASE}/${path}`, { ...init, headers, body });
}

const valid = {
  name: 'Zemen Bank',
  type: 'BANK',
  url: 'https://zemenbank.com',
  logo: 'https://zemenbank.com/logo.png',
  code: 'ZEMEN',
  account_number_length: 13,
  supported_currencies: ['ETB'],
};

describe('payment method handlers', () => {
  it('pages newest first and searches name and code', async () => {
    const page = await (await call('payment-methods?page=2&limit=10')).json();
    expect(page.data.total).toBe(12);
    expect(page.data.total_pages).toBe(2);
    expect(page.data.contents).toHaveLength(2);
    const found = await (await call('payment-methods?search_term=birr')).json();
    expect(found.data.contents.map((m: { code: string }) => m.code).sort()).toEqual(['CBEBIRR', 'TELEBIRR']);
  });

  it('refuses without a token (401), without the permission (403) and a bad query (400 naming it)', async () => {
    expect((await call('payment-methods', { as: 'nobody' })).status).toBe(401);
    // finance may list them (create-account-mapping: the mapping modal), not open one.
    expect((await call('payment-methods', { as: 'finance' })).status).toBe(200);
    const first = db.paymentMethods[0];
    expect((await call(`payment-methods/${first?.id}`, { as: 'finance' })).status).toBe(403);
    const bad = await call('payment-methods?limit=700');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errorMessage).toMatch(/^limit: /);
  });

  it('answers a method, 404 for an unknown one and 400 for a malformed id', async () => {
    const id = db.paymentMethods[0]?.id;
    expect((await (await call(`payment-methods/${id}`)).json()).data.code).toBe('CBE');
    expect((await call(`payment-methods/${UNKNOWN}`)).status).toBe(404);
    const bad = await call('payment-methods/7');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errorMessage).toBe('id: id must be a UUID');
  });

  it('creates with 201 (ACTIVE), refusing a duplicate code with 409 and a bad field with 400 naming it', async () => {
    const created = await call('payment-methods', { method: 'POST', json: valid });
    expect(created.status).toBe(201);
    expect((await created.json()).data).toMatchObject({ code: 'ZEMEN', status: 'ACTIVE' });
    expect(db.paymentMethods[0]?.code).toBe('ZEMEN');
    const again = await call('payment-methods', { method: 'POST', json: valid });
    expect(again.status).toBe(409);
    expect((await again.json()).errorMessage).toBe('A payment method with code ZEMEN already exists');
    const bad = await call('payment-methods', {
      method: 'POST',
      json: { ...valid, code: 'NEW', account_number_length: 0, supported_currencies: [] },
    });
    expect(bad.status).toBe(400);
    const message = (await bad.json()).errorMessage;
    expect(message).toContain('account_number_length: Account number must be greater than 0');
    expect(message).toContain('supported_currencies: At least one Supported Currency is required');
  });

  it('refuses a currency code no currency has, naming supported_currencies', async () => {
    const res = await call('payment-methods', {
      method: 'POST',
      json: { ...valid, supported_currencies: ['ETB', 'XYZ'] },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errorMessage).toBe('supported_currencies: No currency has the name code XYZ');
  });

  it('refuses a create without create-payment-method, writing nothing', async () => {
    const before = db.paymentMethods.length;
    expect((await call('payment-methods', { method: 'POST', json: valid, as: 'support' })).status).toBe(403);
    expect(db.paymentMethods).toHaveLength(before);
  });

  it('updates, keeping the status; 404 for an unknown id; 409 for another method’s code', async () => {
    const target = db.paymentMethods[1];
    const res = await call(`payment-methods/${target?.id}`, {
      method: 'PUT',
      json: { ...valid, code: 'AWASH2' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ id: target?.id, code: 'AWASH2', status: 'ACTIVE' });
    expect((await call(`payment-methods/${UNKNOWN}`, { method: 'PUT', json: valid })).status).toBe(404);
    const taken = await call(`payment-methods/${target?.id}`, {
      method: 'PUT',
      json: { ...valid, code: 'CBE' },
    });
    expect(taken.status).toBe(409);
  });

  it('activates and deactivates, 409 when already in that status, 403 without change-status', async () => {
    const id = db.paymentMethods[0]?.id;
    const off = await call(`payment-methods/${id}?command=deactivate`, { method: 'POST' });
    expect((await off.json()).data.status).toBe('INACTIVE');
    const again = await call(`payment-methods/${id}?command=deactivate`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect((await again.json()).errorMessage).toBe('Payment method is already INACTIVE');
    expect(
      (await call(`payment-methods/${id}?command=activate`, { method: 'POST', as: 'support' })).status,
    ).toBe(403);
    expect((await call(`payment-methods/${id}?command=explode`, { method: 'POST' })).status).toBe(400);
  });

  it('lists a method’s limits in the order they were added, 404 for an unknown method', async () => {
    const wallet = db.paymentMethods.find((m) => m.type === 'WALLET');
    const res = await (
      await call(`payment-methods/${wallet?.id}/transaction-limits`, { as: 'support' })
    ).json();
    expect(res.data.map((l: { interval: string }) => l.interval)).toEqual(['DAILY', 'WEEKLY', 'MONTHLY']);
    expect((await call(`payment-methods/${UNKNOWN}/transaction-limits`)).status).toBe(404);
  });
});
