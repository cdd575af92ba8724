import { CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { describe, expect, it } from 'vitest';
import { currencyId } from '../data/currencies';
import { DEMO_USERS, sessionFor } from '../data/users';
import { db } from '../db';

const BASE = 'http://localhost/api/v1';

function call(path: string, init: RequestInit & { as?: 'admin' | 'support' | 'finance' | 'nobody' } = {}) {
  const headers = new Headers(init.headers);
  if (init.as !== 'nobody') {
    headers.set('Authorization', `Bearer ${sessionFor(DEMO_USERS[init.as ?? 'admin']).access_token}`);
  }
  if (init.body) headers.set('Content-Type', 'application/json');
  return fetch(`${BASE}/${path}`, { ...init, headers });
}

const valid = {
  name: 'Kenyan Shilling 2',
  decimal_places: 2,
  in_multiples_of: '0.5',
  display_symbol: 'K',
  name_code: 'kes2',
};

describe('currency handlers', () => {
  it('pages newest first and searches name and code', async () => {
    const first = await (await call('currencies?page=1&limit=10')).json();
    expect(first.data.total).toBe(12);
    expect(first.data.total_pages).toBe(2);
    expect(first.data.contents[0].name_code).toBe('ETB');
    const second = await (await call('currencies?page=2&limit=10')).json();
    expect(second.data.contents).toHaveLength(2);
    const found = await (await call('currencies?search_term=dollar')).json();
    expect(found.data.contents.map((c: { name_code: string }) => c.name_code)).toEqual(['USD']);
  });

  it('refuses without a token, without the permission, and a bad query', async () => {
    expect((await call('currencies', { as: 'nobody' })).status).toBe(401);
    expect((await call('currencies', { as: 'finance' })).status).toBe(403);
    const bad = await call('currencies?limit=500');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errorMessage).toMatch(/limit/);
  });

  it('gets one by id; 404 for an unknown id, 400 naming id for a malformed one', async () => {
    const etb = await (await call(`currencies/${currencyId(0)}`)).json();
    expect(etb.data.in_multiples_of).toBe('0.05');
    expect((await call('currencies/00000000-0000-4000-8000-999999999999')).status).toBe(404);
    const bad = await call('currencies/nope');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errorMessage).toMatch(/^id: /);
  });

  it('creates with update-currency, upper-cases the code, and refuses a taken code with 409', async () => {
    const res = await call('currencies', { method: 'POST', body: JSON.stringify(valid) });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.data.name_code).toBe('KES2');
    expect(db.currencies[0]?.id).toBe(body.data.id);
    const again = await call('currencies', { method: 'POST', body: JSON.stringify(valid) });
    expect(again.status).toBe(409);
    expect((await again.json()).errorMessage).toBe(CATALOG_ERRORS.currencyCodeTaken('KES2'));
    expect(
      (await call('currencies', { method: 'POST', body: JSON.stringify(valid), as: 'support' })).status,
    ).toBe(403);
  });

  it('answers 400 naming each broken field with the spec message', async () => {
    const res = await call('currencies', {
      method: 'POST',
      body: JSON.stringify({ ...valid, name: '', decimal_places: -1, in_multiples_of: '-2' }),
    });
    expect(res.status).toBe(400);
    const { errorMessage } = await res.json();
    expect(errorMessage).toContain(`name: ${VALIDATION.currency.name}`);
    expect(errorMessage).toContain(`decimal_places: ${VALIDATION.currency.decimalPlaces}`);
    expect(errorMessage).toContain(`in_multiples_of: ${VALIDATION.currency.inMultiplesOf}`);
    expect(db.currencies).toHaveLength(12);
  });

  it('refuses to delete a currency only a payment method supports', async () => {
    const [first, ...rest] = db.paymentMethods;
    if (!first) throw new Error('no payment method in the seed');
    db.paymentMethods = [{ ...first, supported_currencies: [...first.supported_currencies, 'EUR'] }, ...rest];
    const res = await call(`currencies/${currencyId(2)}`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect((await res.json()).errorMessage).toBe(CATALOG_ERRORS.currencyInUse('EUR', ['1 payment method']));
    expect(db.currencies.some((c) => c.id === currencyId(2))).toBe(true);
  });

  it('renames the code in payment methods’ supported currencies, as the server’s trigger does', async () => {
    const res = await call(`currencies/${currencyId(1)}`, {
      method: 'PUT',
      body: JSON.stringify({ ...valid, name: 'US Dollar', name_code: 'usn' }),
    });
    expect(res.status).toBe(200);
    expect(db.paymentMethods.some((m) => m.supported_currencies.includes('USD'))).toBe(false);
    expect(db.paymentMethods.some((m) => m.supported_currencies.includes('USN'))).toBe(true);
  });

  it('updates a currency and carries the new name into its charges', async () => {
    const res = await call(`currencies/${currencyId(0)}`, {
      method: 'PUT',
      body: JSON.stringify({ ...valid, name: 'Birr', name_code: 'ETB' }),
    });
    expect(res.status).toBe(200);
    expect(
      db.charges.filter((c) => c.currency_id === currencyId(0)).every((c) => c.currency.name === 'Birr'),
    ).toBe(true);
    const taken = await call(`currencies/${currencyId(0)}`, {
      method: 'PUT',
      body: JSON.stringify({ ...valid, name_code: 'USD' }),
    });
    expect(taken.status).toBe(409);
    const missing = await call('currencies/00000000-0000-4000-8000-999999999999', {
      method: 'PUT',
      body: JSON.stringify(valid),
    });
    expect(missing.status).toBe(404);
  });

  it('deletes an unused currency and refuses one in use with 409 naming the uses', async () => {
    const inUse = await call(`currencies/${currencyId(0)}`, { method: 'DELETE' });
    expect(inUse.status).toBe(409);
    const methods = db.paymentMethods.filter((m) => m.supported_currencies.includes('ETB')).length;
    expect((await inUse.json()).errorMessage).toBe(
      CATALOG_ERRORS.currencyInUse('ETB', ['5 charges', `${methods} payment methods`]),
    );
    expect((await call(`currencies/${currencyId(2)}`, { method: 'DELETE', as: 'support' })).status).toBe(403);
    const res = await call(`currencies/${currencyId(2)}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(db.currencies.some((c) => c.id === currencyId(2))).toBe(false);
    expect((await call(`currencies/${currencyId(2)}`, { method: 'DELETE' })).status).toBe(404);
  });
});
