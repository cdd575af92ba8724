import { describe, expect, it } from 'vitest';
import { glAccountId } from '../data/gl-accounts';
import { DEMO_USERS, sessionFor } from '../data/users';
import { db } from '../db';

const BASE = 'http://localhost/api/v1';

interface CallOptions {
  method?: 'GET' | 'POST';
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

const INACTIVE_GL = glAccountId(7);

describe('account mapping handlers', () => {
  it('lists newest first with names joined, null where no payment method or charge', async () => {
    const body = await (await call('account-mappings?page=1&limit=100')).json();
    expect(body.data.total).toBe(db.accountMappings.length);
    const plain = body.data.contents.find(
      (m: { financial_account_type: string; payment_method_id: string | null }) =>
        m.financial_account_type === 'TRANSFER_SUSPENSE' && m.payment_method_id === null,
    );
    expect(plain).toMatchObject({
      payment_method: null,
      charge: null,
      gl_account: { name: 'Payout suspense' },
    });
    const search = await (await call('account-mappings?search_term=suspense')).json();
    expect(search.data.total).toBe(1);
  });

  it('creates every item of the list at once, with 201, joining names', async () => {
    const method = db.paymentMethods[0];
    const charge = db.charges[0];
    const before = db.accountMappings.length;
    const res = await call('account-mappings', {
      method: 'POST',
      json: [
        { financial_account_type: 'RECEIVE_REFERENCE', gl_account_id: glAccountId(4) },
        {
          financial_account_type: 'INCOME_FROM_CHARGE',
          gl_account_id: glAccountId(3),
          payment_method_id: method?.id,
          charge_id: charge?.id,
        },
      ],
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({ payment_method: null, charge: null, charge_id: null });
    expect(body.data[1]).toMatchObject({
      payment_method: { name: method?.name },
      charge: { amount: charge?.amount, currency: { name: charge?.currency.name } },
    });
    expect(db.accountMappings).toHaveLength(before + 2);
  });

  it('a new mapping with a stored key supersedes it: in_force moves to the new one', async () => {
    const general = (m: {
      financial_account_type: string;
      payment_method_id: string | null;
      charge_id: string | null;
    }) =>
      m.financial_account_type === 'TRANSFER_SUSPENSE' &&
      m.payment_method_id === null &&
      m.charge_id === null;
    const stored = db.accountMappings.filter(general);
    expect(stored.map((m) => m.in_force)).toEqual([true]);
    const res = await call('account-mappings', {
      method: 'POST',
      json: [{ financial_account_type: 'TRANSFER_SUSPENSE', gl_account_id: glAccountId(4) }],
    });
    expect(res.status).toBe(201);
    const created = (await res.json()).data[0];
    expect(created.in_force).toBe(true);
    const listed = (await (await call('account-mappings?page=1&limit=100')).json()).data.contents.filter(
      general,
    );
    expect(listed.map((m: { id: string; in_force: boolean }) => [m.id, m.in_force])).toEqual([
      [created.id, true],
      [stored[0]?.id, false],
    ]);
  });

  it('refuses the whole list when one item is bad, naming the item', async () => {
    const before = db.accountMappings.length;
    const res = await call('account-mappings', {
      method: 'POST',
      json: [
        { financial_account_type: 'RECEIVE_REFERENCE', gl_account_id: glAccountId(4) },
        { financial_account_type: 'RECEIVE_CONTROL', gl_account_id: INACTIVE_GL },
      ],
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errorMessage).toBe('[1].gl_account_id: Gl account is inactive');
    expect(db.accountMappings).toHaveLength(before);
    const invalid = await call('account-mappings', { method: 'POST', json: [{ gl_account_id: '' }] });
    expect((await invalid.json()).errorMessage).toBe(
      '[0].financial_account_type: Financial account type must be selected; [0].gl_account_id: Gl account must be selected',
    );
    const empty = await call('account-mappings', { method: 'POST', json: [] });
    expect(empty.status).toBe(400);
  });

  it('checks the permission of each call', async () => {
    const item = [{ financial_account_type: 'RECEIVE_REFERENCE', gl_account_id: glAccountId(4) }];
    expect((await call('account-mappings', { as: 'nobody' })).status).toBe(401);
    expect((await call('account-mappings', { method: 'POST', json: item, as: 'support' })).status).toBe(403);
    expect((await call('account-mappings', { method: 'POST', json: item, as: 'finance' })).status).toBe(201);
  });
});
