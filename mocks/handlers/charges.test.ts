import { describe, expect, it } from 'vitest';
import { currencyId } from '../data/currencies';
import { DEMO_USERS, sessionFor } from '../data/users';

/**
 * What only the mocks do: server/test/conformance/ checks the charge handlers against the server;
 * this is the mock's own clock. The server fills an absent fee_on_date with its clock's date
 * (spec deviation 5), the test clock there; the mocks with the machine's date, today.
 */
describe('charge handlers (mock only)', () => {
  it('fills an absent fee_on_date with today', async () => {
    const response = await fetch('http://localhost/api/v1/charges', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${sessionFor(DEMO_USERS.admin).access_token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        currency_id: currencyId(2),
        name: 'Euro transfer fee',
        charge_time: 'TRANSACTION_FEE',
        charge_calculation_method: 'FLAT',
        amount: 7,
        is_range: false,
        charge_ranges: [],
        fee_on_date: '',
        fee_interval: '',
      }),
    });
    expect(response.status).toBe(201);
    expect((await response.json()).data.fee_on_date).toBe(new Date().toISOString().slice(0, 10));
  });
});
