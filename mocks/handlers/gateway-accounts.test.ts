import { describe, expect, it } from 'vitest';
import { DEMO_USERS, sessionFor } from '../data/users';
import { db } from '../db';

const BASE = 'http://localhost/api/v1';
const UNKNOWN = '00000000-0000-4000-8000-999999999999';

function call(
  path: string,
  init: RequestInit & { as?: 'admin' | 'support' | 'finance'; json?: unknown } = {},
) {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${sessionFor(DEMO_USERS[init.as ?? 'admin']).access_token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return fetch(`${BASE}/${path}`, { ...init, headers, body });
}

function bank() {
  const method = db.paymentMethods.find((m) => m.type === 'BANK');
  if (!method) throw new Error('no bank in the store');
  return method;
}

describe('gateway account handlers', () => {
  it('pages newest first and searches code, number, routing code and method name', async () => {
    const page = await (await call('gateway-accounts?limit=10')).json();
    expect(page.data.total).toBe(11);
    expect(page.data.contents).toHaveLength(10);
    expect(page.data.contents[0].code).toBe('GW-CBE');
    const found = await (await call('gateway-accounts?search_term=awash', { as: 'support' })).json();
    expect(found.data.contents.map((a: { code: string }) => a.code)).toEqual(['GW-AWASH']);
    expect((await call('gateway-accounts', { as: 'finance' })).status).toBe(403);
  });

  it('creates with a zero balance, ignoring a sent balance; the number must have the method’s length', async () => {
    const method = bank();
    const digits = '1'.repeat(method.account_number_length);
    const json = {
      code: 'GW-NEW',
      payment_method_id: method.id,
      account_number: digits,
      routing_code: 'R1',
      total_balance: '99',
    };
    const res = await call('gateway-accounts', { method: 'POST', json });
    expect(res.status).toBe(201);
    expect((await res.json()).data).toMatchObject({ code: 'GW-NEW', total_balance: '0', status: 'ACTIVE' });
    const short = await call('gateway-accounts', {
      method: 'POST',
      json: { ...json, code: 'GW-2', account_number: '123' },
    });
    expect(short.status).toBe(400);
    expect((await short.json()).errorMessage).toBe(
      `account_number: Account number must be ${method.account_number_length} digits`,
    );
    const dup = await call('gateway-accounts', { method: 'POST', json });
    expect(dup.status).toBe(409);
    const zero = await call('gateway-accounts', {
      method: 'POST',
      json: { ...json, code: 'GW-3', account_number: '0' },
    });
    expect((await zero.json()).errorMessage).toBe(
      'account_number: Account number must be a positive integer',
    );
    expect((await call('gateway-accounts', { method: 'POST', json, as: 'support' })).status).toBe(403);
  });

  it('updates (the number only required), 404 unknown, 400 unknown method', async () => {
    const account = db.gatewayAccounts[0];
    const json = {
      code: account?.code,
      payment_method_id: account?.payment_method.id,
      account_number: '42',
      routing_code: 'X',
    };
    const res = await call(`gateway-accounts/${account?.id}`, { method: 'PUT', json });
    expect((await res.json()).data).toMatchObject({ account_number: '42', routing_code: 'X' });
    expect((await call(`gateway-accounts/${UNKNOWN}`, { method: 'PUT', json })).status).toBe(404);
    const unknownMethod = await call(`gateway-accounts/${account?.id}`, {
      method: 'PUT',
      json: { ...json, payment_method_id: UNKNOWN },
    });
    expect(unknownMethod.status).toBe(400);
  });

  it('deactivates with the spec’s isActive body, 409 when repeated', async () => {
    const account = db.gatewayAccounts.find((a) => a.status === 'ACTIVE');
    const off = await call(`gateway-accounts/${account?.id}?command=deactivate`, {
      method: 'POST',
      json: { isActive: false },
    });
    expect((await off.json()).data.status).toBe('INACTIVE');
    const again = await call(`gateway-accounts/${account?.id}?command=deactivate`, {
      method: 'POST',
      json: { isActive: false },
    });
    expect(again.status).toBe(409);
    expect((await again.json()).errorMessage).toBe('Gateway account is already INACTIVE');
  });
});
