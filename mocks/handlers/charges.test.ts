import { CATALOG_ERRORS, VALIDATION } from '@contract/messages';
import { describe, expect, it } from 'vitest';
import { chargeId } from '../data/charges';
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

const ranged = {
  currency_id: currencyId(2),
  name: 'Euro transfer fee',
  charge_time: 'TRANSACTION_FEE',
  charge_calculation_method: 'FLAT',
  amount: 7,
  is_range: true,
  charge_ranges: [
    { min_amount: 1, max_amount: 100, charge_amount: 2 },
    { min_amount: 101, max_amount: 1000, charge_amount: 5 },
  ],
  fee_on_date: '',
  fee_interval: '',
};

describe('charge handlers', () => {
  it('lists one currency’s charges with their currency; all charges without currency_id', async () => {
    const etb = await (await call(`charges?currency_id=${currencyId(0)}&page=1&limit=100`)).json();
    expect(etb.data.total).toBe(5);
    expect(
      etb.data.contents.every((c: { currency: { name_code: string } }) => c.currency.name_code === 'ETB'),
    ).toBe(true);
    const all = await (await call('charges?page=1&limit=100')).json();
    expect(all.data.total).toBe(8);
    const bad = await call('charges?currency_id=nope');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errorMessage).toMatch(/currency_id/);
  });

  it('refuses without a token and without the charge permissions', async () => {
    expect((await call('charges', { as: 'nobody' })).status).toBe(401);
    // finance may list charges (create-account-mapping: the mapping modal), not open one.
    expect((await call('charges', { as: 'finance' })).status).toBe(200);
    expect((await call(`charges/${chargeId(0)}`, { as: 'finance' })).status).toBe(403);
    expect(
      (await call('charges', { method: 'POST', body: JSON.stringify(ranged), as: 'support' })).status,
    ).toBe(403);
    expect((await call(`charges/${chargeId(0)}`, { method: 'DELETE', as: 'support' })).status).toBe(403);
    expect(db.charges).toHaveLength(8);
  });

  it('creates a ranged charge with amount 0 and today as fee_on_date', async () => {
    const res = await call('charges', { method: 'POST', body: JSON.stringify(ranged) });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data.amount).toBe('0');
    expect(data.charge_ranges).toEqual([
      { min_amount: '1', max_amount: '100', charge_amount: '2' },
      { min_amount: '101', max_amount: '1000', charge_amount: '5' },
    ]);
    expect(data.fee_on_date).toBe(new Date().toISOString().slice(0, 10));
    expect(data.currency.name_code).toBe('EUR');
  });

  it('drops the ranges of a charge that is not ranged', async () => {
    const res = await call('charges', {
      method: 'POST',
      body: JSON.stringify({ ...ranged, is_range: false }),
    });
    const { data } = await res.json();
    expect(data.amount).toBe('7');
    expect(data.charge_ranges).toEqual([]);
  });

  it('answers 400 naming the field for broken rules, overlapping ranges and an unknown currency', async () => {
    const broken = await call('charges', {
      method: 'POST',
      body: JSON.stringify({
        ...ranged,
        name: '',
        charge_time: null,
        charge_ranges: [{ min_amount: 5, max_amount: 5, charge_amount: 1 }],
      }),
    });
    const msg = (await broken.json()).errorMessage;
    expect(broken.status).toBe(400);
    expect(msg).toContain(`name: ${VALIDATION.charge.name}`);
    expect(msg).toContain(`charge_time: ${VALIDATION.charge.chargeTime}`);
    expect(msg).toContain(`charge_ranges.0.max_amount: ${VALIDATION.charge.rangeTo}`);
    const overlap = await call('charges', {
      method: 'POST',
      body: JSON.stringify({
        ...ranged,
        charge_ranges: [
          { min_amount: 1, max_amount: 100, charge_amount: 2 },
          { min_amount: 100, max_amount: 200, charge_amount: 2 },
        ],
      }),
    });
    expect((await overlap.json()).errorMessage).toBe(
      `charge_ranges.1.min_amount: ${VALIDATION.charge.rangeOrder}`,
    );
    const unknown = await call('charges', {
      method: 'POST',
      body: JSON.stringify({ ...ranged, currency_id: '00000000-0000-4000-8000-999999999999' }),
    });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errorMessage).toMatch(/^currency_id: /);
    expect(db.charges).toHaveLength(8);
  });

  it('updates and deletes a charge; 404 for an unknown one', async () => {
    const etbCharge = db.charges.find((c) => c.id === chargeId(0));
    const put = await call(`charges/${chargeId(0)}`, {
      method: 'PUT',
      body: JSON.stringify({ ...ranged, currency_id: etbCharge?.currency_id, name: 'Renamed' }),
    });
    expect(put.status).toBe(200);
    expect(db.charges.find((c) => c.id === chargeId(0))?.name).toBe('Renamed');
    expect(db.accountMappings.find((m) => m.charge_id === chargeId(0))?.charge?.amount).toBe('0');
    // Refund fee: no account mapping points at it.
    expect((await call(`charges/${chargeId(3)}`, { method: 'DELETE' })).status).toBe(200);
    expect(db.charges.some((c) => c.id === chargeId(3))).toBe(false);
    expect((await call(`charges/${chargeId(3)}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(`charges/${chargeId(3)}`)).status).toBe(404);
  });

  it('refuses to delete a charge an account mapping uses, with 409 naming the count', async () => {
    const res = await call(`charges/${chargeId(0)}`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect((await res.json()).errorMessage).toBe(CATALOG_ERRORS.chargeInUse(1));
    expect(db.charges.some((c) => c.id === chargeId(0))).toBe(true);
  });
});
