import { PERMISSIONS, type Permission, toPermissionMap } from '@contract/permissions';
import { describe, expect, it } from 'vitest';
import { currencyId } from '../data/currencies';
import { DEMO_USERS, sessionFor } from '../data/users';
import { db } from '../db';

const BASE = 'http://localhost/api/v1';

function call(
  path: string,
  init: { method?: string; json?: unknown; permissions?: Permission[] | null } = {},
) {
  const headers = new Headers();
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  if (init.permissions !== null) {
    const options = init.permissions ? { permissions: toPermissionMap(init.permissions) } : {};
    headers.set('Authorization', `Bearer ${sessionFor(DEMO_USERS.admin, options).access_token}`);
  }
  return fetch(`${BASE}/${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

const history = (subject: string, id: string, permissions?: Permission[]) =>
  call(`change-history?subject=${subject}&subject_id=${id}`, permissions ? { permissions } : {});

describe('change history handlers', () => {
  it('records a currency edit and its charge delete with who did it; owned records need view-charge', async () => {
    const etb = currencyId(0);
    const currency = db.currencies.find((c) => c.id === etb);
    const charge = db.charges.find(
      (c) => c.currency_id === etb && !db.accountMappings.some((m) => m.charge_id === c.id),
    );
    if (!currency || !charge) throw new Error('the seed has ETB and its charges');
    const { id: _id, created_at: _at, ...payload } = currency;
    expect(
      (await call(`currencies/${etb}`, { method: 'PUT', json: { ...payload, name: 'Birr' } })).status,
    ).toBe(200);
    expect((await call(`charges/${charge.id}`, { method: 'DELETE' })).status).toBe(200);

    const body = await (await history('currency', etb)).json();
    expect(body.data.total).toBe(2);
    const [deleted, edited] = body.data.contents;
    expect(deleted).toMatchObject({ subject: 'charge', subject_id: charge.id, action: 'DELETE' });
    expect(deleted.by).toEqual({ id: expect.any(String), name: DEMO_USERS.admin.name });
    expect(edited).toMatchObject({
      subject: 'currency',
      action: 'UPDATE',
      changes: [{ field: 'name', from: currency.name, to: 'Birr' }],
    });

    const withoutCharges = await (await history('currency', etb, [PERMISSIONS.viewCurrency])).json();
    expect(withoutCharges.data.contents.map((e: { subject: string }) => e.subject)).toEqual(['currency']);
  });

  it('records nothing for an edit that changes nothing, and nothing for a refused write', async () => {
    const currency = db.currencies[0];
    if (!currency) throw new Error('no currency');
    const { id, created_at: _at, ...payload } = currency;
    await call(`currencies/${id}`, { method: 'PUT', json: payload });
    await call(`currencies/${id}`, { method: 'PUT', json: { ...payload, name: '' } });
    expect(db.changeEvents).toEqual([]);
  });

  it('answers 401, 403 and 400 like the server', async () => {
    const id = currencyId(0);
    expect(
      (await call(`change-history?subject=currency&subject_id=${id}`, { permissions: null })).status,
    ).toBe(401);
    expect((await history('currency', id, [PERMISSIONS.viewPaymentMethod])).status).toBe(403);
    const bad = await (await call('change-history?subject=nope&subject_id=x')).json();
    expect(bad.status).toBe(400);
    expect(bad.errorMessage).toContain('subject');
  });
});
