import { describe, expect, it } from 'vitest';
import { DEMO_USERS, MOCK_USER_IDS, sessionFor } from '../data/users';
import { db } from '../db';

const BASE = 'http://localhost/api/v1';

function call(path: string, init: RequestInit & { as?: 'admin' | 'finance' | 'nobody' } = {}) {
  const headers = new Headers(init.headers);
  if (init.as !== 'nobody') {
    headers.set('Authorization', `Bearer ${sessionFor(DEMO_USERS[init.as ?? 'admin']).access_token}`);
  }
  return fetch(`${BASE}/${path}`, { ...init, headers });
}

describe('merchant handlers', () => {
  it('pages newest first with total and total_pages', async () => {
    const res = await call('merchants?page=2&limit=10');
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.data.total).toBe(35);
    expect(body.data.total_pages).toBe(4);
    expect(body.data.contents).toHaveLength(10);
    expect(body.data.contents[0].merchant_code).toBe('MER-1011');
  });

  it('filters by status and searches name, code, phone and e-mail', async () => {
    const byStatus = await (await call('merchants?page=1&limit=100&status=PENDING_VERIFICATION')).json();
    expect(byStatus.data.contents.every((m: { status: string }) => m.status === 'PENDING_VERIFICATION')).toBe(
      true,
    );
    expect(byStatus.data.total).toBeGreaterThan(0);
    const byCode = await (await call('merchants?search_term=mer-1002')).json();
    expect(byCode.data.contents.map((m: { merchant_code: string }) => m.merchant_code)).toEqual(['MER-1002']);
    const byName = await (await call('merchants?search_term=zemen')).json();
    expect(byName.data.total).toBe(1);
  });

  it('refuses without a token, without the permission, and with a bad query', async () => {
    expect((await call('merchants', { as: 'nobody' })).status).toBe(401);
    expect((await call('merchants', { as: 'finance' })).status).toBe(403);
    const bad = await call('merchants?limit=7000');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errorMessage).toMatch(/limit/);
  });

  it('answers 404 for an unknown merchant and lists accounts of a known one', async () => {
    expect((await call('merchants/00000000-0000-4000-8000-999999999999')).status).toBe(404);
    const id = db.merchants[0]?.id;
    const accounts = await (await call(`merchants/${id}/accounts`)).json();
    expect(accounts.data.is_empty).toBe(false);
  });

  it('applies the commands a status offers and refuses others with 409', async () => {
    const pendingVerification = db.merchants.find((m) => m.status === 'PENDING_VERIFICATION');
    const res = await call(`merchants/${pendingVerification?.id}?command=activate`, { method: 'PATCH' });
    expect((await res.json()).data.status).toBe('ACTIVE');
    const again = await call(`merchants/${pendingVerification?.id}?command=activate`, { method: 'PATCH' });
    expect(again.status).toBe(409);
  });

  it('records who changed the status, as the server does, and the detail names them', async () => {
    const active = db.merchants.find((m) => m.status === 'ACTIVE');
    expect((await (await call(`merchants/${active?.id}`)).json()).data.status_change).toBeNull();
    const res = await call(`merchants/${active?.id}?command=deactivate`, { method: 'PATCH' });
    const change = (await res.json()).data.status_change;
    expect(change).toMatchObject({
      from: 'ACTIVE',
      to: 'INACTIVE',
      by: { id: MOCK_USER_IDS.admin, name: DEMO_USERS.admin.name },
    });
    expect((await (await call(`merchants/${active?.id}`)).json()).data.status_change).toEqual(change);
    // A refused command records nothing.
    expect((await call(`merchants/${active?.id}?command=deactivate`, { method: 'PATCH' })).status).toBe(409);
    expect((await (await call(`merchants/${active?.id}`)).json()).data.status_change).toEqual(change);
  });
});
