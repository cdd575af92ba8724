import { describe, expect, it } from 'vitest';
import { GL_ACCOUNT_COUNT, glAccountId } from '../data/gl-accounts';
import { DEMO_USERS, sessionFor } from '../data/users';
import { db } from '../db';

const BASE = 'http://localhost/api/v1';

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT';
  json?: unknown;
  as?: 'admin' | 'support' | 'finance' | 'nobody';
}

function call(path: string, { method = 'GET', json, as = 'admin' }: CallOptions = {}) {
  const headers = new Headers();
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  if (as !== 'nobody') headers.set('Authorization', `Bearer ${sessionFor(DEMO_USERS[as]).access_token}`);
  return fetch(`${BASE}/${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

const valid = {
  name: 'Petty cash',
  type: 'ASSET',
  manual_journal_entries_allowed: true,
  description: 'Cash box',
};

describe('GL account handlers', () => {
  it('pages newest first and searches name and description', async () => {
    const body = await (await call('gl-accounts?page=1&limit=5')).json();
    expect(body.data.total).toBe(GL_ACCOUNT_COUNT);
    expect(body.data.total_pages).toBe(Math.ceil(GL_ACCOUNT_COUNT / 5));
    expect(body.data.contents).toHaveLength(5);
    expect(body.data.contents[0].name).toBe('Old clearing account');
    const search = await (await call('gl-accounts?search_term=SUSPENSE')).json();
    expect(search.data.contents.map((a: { name: string }) => a.name)).toEqual(['Payout suspense']);
    const byDescription = await (await call('gl-accounts?search_term=banks and wallets')).json();
    expect(byDescription.data.total).toBe(1);
    const inactive = await (await call('gl-accounts?status=INACTIVE')).json();
    expect(inactive.data.contents.map((a: { status: string }) => a.status)).toEqual(['INACTIVE']);
  });

  it('creates an ACTIVE account with 201, ignoring the empty id and status, and refuses a taken name', async () => {
    const res = await call('gl-accounts', { method: 'POST', json: { ...valid, id: '', status: '' } });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.data).toMatchObject({ ...valid, status: 'ACTIVE' });
    expect(db.glAccounts.some((a) => a.id === body.data.id)).toBe(true);
    const again = await call('gl-accounts', { method: 'POST', json: valid });
    expect(again.status).toBe(409);
    expect((await again.json()).errorMessage).toBe('A GL account named Petty cash already exists');
  });

  it('answers 400 naming each missing field with the spec message', async () => {
    const res = await call('gl-accounts', { method: 'POST', json: {} });
    expect(res.status).toBe(400);
    const message = (await res.json()).errorMessage;
    expect(message).toContain('name: Name is required');
    expect(message).toContain('type: Gl account type must be selected');
    expect(message).toContain('manual_journal_entries_allowed: You must select manual journal');
    expect(message).toContain('description: Description is required');
  });

  it('updates by id, refuses a body id of another account, and locks the type of an account with entries', async () => {
    const id = glAccountId(5); // Bank charges: no journal entries
    const res = await call(`gl-accounts/${id}`, { method: 'PUT', json: { ...valid, id } });
    expect(res.status).toBe(200);
    expect(db.glAccounts.find((a) => a.id === id)?.name).toBe('Petty cash');
    const mismatch = await call(`gl-accounts/${id}`, {
      method: 'PUT',
      json: { ...valid, id: glAccountId(6) },
    });
    expect(mismatch.status).toBe(400);
    const posted = glAccountId(0); // Cash at gateways: has entries
    const locked = await call(`gl-accounts/${posted}`, {
      method: 'PUT',
      json: { ...valid, name: 'Cash at gateways', type: 'EXPENSE' },
    });
    expect(locked.status).toBe(409);
    expect(db.glAccounts.find((a) => a.id === posted)?.type).toBe('ASSET');
    const unknown = await call(`gl-accounts/${glAccountId(99)}`, { method: 'PUT', json: valid });
    expect(unknown.status).toBe(404);
  });

  it('checks the permission of each call', async () => {
    expect((await call('gl-accounts', { as: 'nobody' })).status).toBe(401);
    expect((await call('gl-accounts', { as: 'support' })).status).toBe(200);
    expect((await call('gl-accounts', { method: 'POST', json: valid, as: 'support' })).status).toBe(403);
    expect((await call('gl-accounts', { method: 'POST', json: valid, as: 'finance' })).status).toBe(201);
  });
});
