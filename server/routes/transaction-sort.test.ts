/**
 * Issue 24: `GET /transactions?sort=` by every allowed column in both directions, with the richer
 * filters (amount range, currency, payment method), against a plain reading of the fixture rows;
 * and the 400s for a sort or an amount the contract does not accept.
 */
import { compare } from '@contract/decimal';
import { sortValues, TRANSACTION_SORT_KEYS, type TransactionSortKey } from '@contract/list-sort';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, transactionPageSchema } from '@contract/transaction';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { createRandom } from '../db/seed/random';
import { describeApi, readEnvelope } from '../test/api';
import { insertTransaction } from '../test/transaction-fixtures';

const BASE = '/api/v1/transactions';

interface Row {
  id: string;
  ref: string;
  date: Date;
  amount: string;
  customer: string;
  type: string;
  status: string;
  currency: string;
  method: string | null;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const VALUE: Readonly<Record<TransactionSortKey, (row: Row) => string>> = {
  date: (row) => row.date.toISOString(),
  reference: (row) => row.ref,
  customer: (row) => row.customer,
  amount: (row) => row.amount,
  type: (row) => row.type,
  status: (row) => row.status,
};

describeApi('GET /transactions sorted and filtered (issue 24)', { signIn: ['admin'] }, (api, signed) => {
  const rows: Row[] = [];

  beforeAll(async () => {
    const random = createRandom(24);
    // Few distinct amounts, names and dates, so ties are common and the id must break them.
    const amounts = ['5', '12.5', '100', '100.01', '7000'];
    const names = [
      ['Abel', 'Tesfaye'],
      ['Hana', 'Haile'],
      ['Meron', null],
    ] as const;
    for (let i = 0; i < 40; i++) {
      const [firstName, lastName] = random.pick(names);
      const method = random.pick(['CBE', 'AWASH', null] as const);
      const currency = random.pick(['ETB', 'USD'] as const);
      const row = {
        ref: `SORT-${String(39 - i).padStart(3, '0')}`,
        date: new Date(Date.UTC(2026, 10, 1 + random.int(0, 3))),
        amount: random.pick(amounts),
        type: random.pick(TRANSACTION_TYPES),
        status: random.pick(TRANSACTION_STATUSES),
      };
      const id = await insertTransaction(api, { ...row, firstName, lastName, method, currency });
      rows.push({ ...row, id, currency, method, customer: [firstName, lastName ?? ''].join(' ').trim() });
    }
  });

  async function list(query: string) {
    const response = await api.call(`${BASE}?${query}`, { token: signed.admin });
    expect(response.status).toBe(200);
    const body = await readEnvelope(response, transactionPageSchema);
    if (!body.success) throw new Error(body.errorMessage ?? 'failed');
    return body.data;
  }

  it('orders every allowed column both ways, id breaking ties, and pages without overlap', async () => {
    for (const key of TRANSACTION_SORT_KEYS) {
      for (const direction of ['asc', 'desc'] as const) {
        const sign = direction === 'asc' ? 1 : -1;
        const cmp = key === 'amount' ? compare : byText;
        const expected = [...rows]
          .sort((a, b) => sign * (cmp(VALUE[key](a), VALUE[key](b)) || byText(a.id, b.id)))
          .map((row) => row.id);
        const pages = [];
        for (const page of [1, 2, 3, 4]) {
          pages.push(
            ...(await list(`sort=${key}.${direction}&limit=10&page=${page}`)).contents.map((t) => t.id),
          );
        }
        expect(pages, `${key}.${direction}`).toEqual(expected);
      }
    }
  });

  it('filters by an amount range, currency and payment method, in any combination, with the total', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          min: fc.option(fc.constantFrom('0', '5', '12.50', '100.005', '7000'), { nil: undefined }),
          max: fc.option(fc.constantFrom('5', '100', '100.01', '99999'), { nil: undefined }),
          currency: fc.option(fc.constantFrom('ETB', 'USD', 'XXX'), { nil: undefined }),
          method: fc.option(fc.constantFrom('CBE', 'AWASH', 'NOPE'), { nil: undefined }),
          sort: fc.constantFrom(...sortValues(TRANSACTION_SORT_KEYS)),
        }),
        async ({ min, max, currency, method, sort }) => {
          if (min && max && compare(min, max) > 0) return;
          const expected = rows.filter(
            (row) =>
              (!min || compare(row.amount, min) >= 0) &&
              (!max || compare(row.amount, max) <= 0) &&
              (!currency || row.currency === currency) &&
              (!method || row.method === method),
          );
          const query = new URLSearchParams({ sort, limit: '100' });
          if (min) query.set('amount_min', min);
          if (max) query.set('amount_max', max);
          if (currency) query.set('currency', currency);
          if (method) query.set('payment_method', method);
          const page = await list(query.toString());
          expect(page.total).toBe(expected.length);
          expect(new Set(page.contents.map((t) => t.id))).toEqual(new Set(expected.map((row) => row.id)));
        },
      ),
      { numRuns: 40, seed: 24 },
    );
  });

  it.each([
    ['sort=amount', 'sort must be one of'],
    ['sort=fee.desc', 'sort must be one of'],
    ['sort=amount.up', 'sort must be one of'],
    ['sort=.desc', 'sort must be one of'],
    ['amount_min=-1', 'amount_min must be a non-negative decimal'],
    ['amount_max=1e5', 'amount_max must be a non-negative decimal'],
    ['amount_min=1.1234567', 'amount_min must be a non-negative decimal'],
    ['amount_max=1000000000000000000', 'amount_max must be a non-negative decimal'],
    ['amount_min=10&amount_max=9.99', 'amount_min must be at most amount_max'],
  ])('refuses %s with a 400 naming the field', async (query, message) => {
    const response = await api.call(`${BASE}?${query}`, { token: signed.admin });
    expect(response.status).toBe(400);
    const body = await readEnvelope(response);
    expect(body.success).toBe(false);
    if (!body.success) expect(body.errorMessage).toContain(message);
  });

  it('takes an empty sort as newest first', async () => {
    const page = await list('sort=&limit=100');
    const newest = [...rows].sort((a, b) => b.date.getTime() - a.date.getTime() || byText(b.id, a.id));
    expect(page.contents.map((t) => t.id)).toEqual(newest.map((row) => row.id));
  });
});
