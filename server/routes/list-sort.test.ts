/**
 * Issue 24 on every list but the transactions' (server/routes/transaction-sort.test.ts): `sort=` by
 * each allowed key in both directions. Each order is total (the column, then id in the same
 * direction), so: pages of 5 put together are the one page of 100; descending is ascending
 * reversed; where the wire shows the sorted value, it never goes backwards and equal values go by
 * id; no sort is the default order; anything else is a 400 naming `sort`.
 */

import { compare } from '@contract/decimal';
import {
  ACCOUNT_MAPPING_SORT_DEFAULT,
  ACCOUNT_MAPPING_SORT_KEYS,
  API_CLIENT_SORT_DEFAULT,
  API_CLIENT_SORT_KEYS,
  APPROVAL_SORT_DEFAULT,
  APPROVAL_SORT_KEYS,
  AUDIT_SORT_DEFAULT,
  AUDIT_SORT_KEYS,
  CURRENCY_SORT_DEFAULT,
  CURRENCY_SORT_KEYS,
  DISPUTE_SORT_DEFAULT,
  DISPUTE_SORT_KEYS,
  GATEWAY_ACCOUNT_SORT_DEFAULT,
  GATEWAY_ACCOUNT_SORT_KEYS,
  GL_ACCOUNT_SORT_DEFAULT,
  GL_ACCOUNT_SORT_KEYS,
  JOURNAL_ENTRY_SORT_DEFAULT,
  JOURNAL_ENTRY_SORT_KEYS,
  MERCHANT_SORT_DEFAULT,
  MERCHANT_SORT_KEYS,
  PAYMENT_METHOD_SORT_DEFAULT,
  PAYMENT_METHOD_SORT_KEYS,
  ROLE_SORT_DEFAULT,
  ROLE_SORT_KEYS,
  type SortOrder,
  sortText,
  TRANSACTION_SORT_DEFAULT,
  TRANSACTION_SORT_KEYS,
  USER_SORT_DEFAULT,
  USER_SORT_KEYS,
} from '@contract/list-sort';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClients, approvalRequests, auditLog, disputes, transactions } from '../db/schema';
import { seedMerchants } from '../db/seed/merchants';
import { createRandom } from '../db/seed/random';
import { seedTransactions } from '../db/seed/transactions';
import { describeApi, readEnvelope } from '../test/api';

type Item = Record<string, unknown> & { id: string | number };
/** The wire's value of a sort key, where the wire shows it; null sorts after every value. */
type Value = (item: Item) => string | number | null;

interface ListCase {
  path: string;
  keys: readonly string[];
  fallback: SortOrder;
  /** Per key, how to read it from an item and compare it: text, a decimal, or a number. */
  values: Readonly<Record<string, [Value, 'text' | 'decimal' | 'number']>>;
}

const field =
  (...path: string[]): Value =>
  (item) => {
    let value: unknown = item;
    for (const step of path) value = (value as Record<string, unknown> | null)?.[step];
    return (value ?? null) as string | number | null;
  };

const LISTS: readonly ListCase[] = [
  {
    path: '/api/v1/merchants',
    keys: MERCHANT_SORT_KEYS,
    fallback: MERCHANT_SORT_DEFAULT,
    values: {
      created: [field('created_at'), 'text'],
      code: [field('merchant_code'), 'text'],
      status: [field('status'), 'text'],
    },
  },
  {
    path: '/api/v1/payment-methods',
    keys: PAYMENT_METHOD_SORT_KEYS,
    fallback: PAYMENT_METHOD_SORT_DEFAULT,
    values: {
      name: [field('name'), 'text'],
      type: [field('type'), 'text'],
      status: [field('status'), 'text'],
    },
  },
  {
    path: '/api/v1/currencies',
    keys: CURRENCY_SORT_KEYS,
    fallback: CURRENCY_SORT_DEFAULT,
    values: {
      created: [field('created_at'), 'text'],
      name: [field('name'), 'text'],
      code: [field('name_code'), 'text'],
      places: [field('decimal_places'), 'number'],
    },
  },
  {
    path: '/api/v1/gl-accounts',
    keys: GL_ACCOUNT_SORT_KEYS,
    fallback: GL_ACCOUNT_SORT_DEFAULT,
    values: {
      name: [field('name'), 'text'],
      type: [field('type'), 'text'],
      status: [field('status'), 'text'],
    },
  },
  {
    path: '/api/v1/account-mappings',
    keys: ACCOUNT_MAPPING_SORT_KEYS,
    fallback: ACCOUNT_MAPPING_SORT_DEFAULT,
    values: { created: [field('created_at'), 'text'], type: [field('financial_account_type'), 'text'] },
  },
  {
    path: '/api/v1/gateway-accounts',
    keys: GATEWAY_ACCOUNT_SORT_KEYS,
    fallback: GATEWAY_ACCOUNT_SORT_DEFAULT,
    values: {
      code: [field('code'), 'text'],
      balance: [field('total_balance'), 'decimal'],
      status: [field('status'), 'text'],
    },
  },
  {
    path: '/api/v1/journal-entries',
    keys: JOURNAL_ENTRY_SORT_KEYS,
    fallback: JOURNAL_ENTRY_SORT_DEFAULT,
    values: { date: [field('created_at'), 'text'], amount: [field('amount'), 'decimal'] },
  },
  {
    path: '/api/v1/users',
    keys: USER_SORT_KEYS,
    fallback: USER_SORT_DEFAULT,
    values: {
      created: [field('created_at'), 'text'],
      name: [field('name'), 'text'],
      email: [field('email'), 'text'],
      status: [field('status'), 'text'],
      last_sign_in: [field('last_sign_in_at'), 'text'],
    },
  },
  {
    path: '/api/v1/roles',
    keys: ROLE_SORT_KEYS,
    fallback: ROLE_SORT_DEFAULT,
    values: { name: [(item) => String(item.name).toLowerCase(), 'text'] },
  },
  {
    path: '/api/v1/api-clients',
    keys: API_CLIENT_SORT_KEYS,
    fallback: API_CLIENT_SORT_DEFAULT,
    values: {
      created: [field('created_at'), 'text'],
      name: [field('name'), 'text'],
      status: [field('status'), 'text'],
    },
  },
  {
    path: '/api/v1/approvals',
    keys: APPROVAL_SORT_KEYS,
    fallback: APPROVAL_SORT_DEFAULT,
    values: { requested: [field('requested_at'), 'text'], status: [field('status'), 'text'] },
  },
  {
    path: '/api/v1/disputes',
    keys: DISPUTE_SORT_KEYS,
    fallback: DISPUTE_SORT_DEFAULT,
    values: {
      opened: [field('created_at'), 'text'],
      amount: [field('amount'), 'decimal'],
      status: [field('status'), 'text'],
      due: [field('response_due'), 'text'],
    },
  },
  {
    path: '/api/v1/audit-log',
    keys: AUDIT_SORT_KEYS,
    fallback: AUDIT_SORT_DEFAULT,
    values: {
      at: [field('at'), 'text'],
      action: [field('action'), 'text'],
      outcome: [field('outcome'), 'text'],
    },
  },
];

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Ids are UUIDs, or the audit log's identity column as decimal text. */
const byId = (a: unknown, b: unknown) =>
  /^\d+$/.test(String(a)) ? Number(a) - Number(b) : byText(String(a), String(b));

function compareValues(
  kind: 'text' | 'decimal' | 'number',
  a: string | number | null,
  b: string | number | null,
) {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (kind === 'number') return Number(a) - Number(b);
  return kind === 'decimal' ? compare(String(a), String(b)) : byText(String(a), String(b));
}

describeApi('Every list sorts by its columns (issue 24)', { signIn: ['admin'] }, (api, signed) => {
  beforeAll(async () => {
    const db = api.database.db;
    const now = api.clock();
    const random = createRandom(44);
    await seedMerchants(db, random, api.catalog, { count: 14, now });
    await seedTransactions({ db, random, now, catalog: api.catalog, merchants: 14 }, 60);
    const payments = await db.select({ id: transactions.id }).from(transactions).limit(12);
    // Few distinct values, so ties are common and only the id can order them.
    for (const [i, payment] of payments.entries()) {
      await db.insert(disputes).values({
        paymentId: payment.id,
        amount: ['1', '2.5', '2.5'][i % 3] ?? '1',
        fee: '0',
        reason: 'fraud',
        responseDue: ['2026-12-01', '2026-12-08'][i % 2] ?? '2026-12-01',
        status: i % 4 === 0 ? 'WON' : 'OPEN',
        decidedAt: i % 4 === 0 ? now : null,
        openedByKind: 'staff',
        createdAt: new Date(now.getTime() - (i % 3) * 60_000),
      });
      await db.insert(approvalRequests).values({
        kind: 'payout',
        action: 'payout.approve',
        status: i % 3 === 0 ? 'APPROVED' : 'PENDING',
        summary: `Request ${i}`,
        input: {},
        requestedById: '00000000-0000-4000-8000-000000000001',
        requestedByName: 'Maker',
        requestedAt: new Date(now.getTime() - (i % 4) * 60_000),
      });
      await db.insert(apiClients).values({
        name: `Client ${i % 3}`,
        scopes: ['payments:write'],
        keyId: i.toString(16).padStart(16, '0'),
        secretHash: 'a'.repeat(64),
        createdAt: new Date(now.getTime() - (i % 2) * 60_000),
        revokedAt: i % 3 === 0 ? now : null,
      });
      await db.insert(auditLog).values({
        at: new Date(now.getTime() - (i % 3) * 60_000),
        action: ['merchant.activate', 'user.create'][i % 2] ?? 'user.create',
        resourceType: 'merchant',
        outcome: i % 5 === 0 ? 'failure' : 'success',
      });
    }
  });

  async function ids(path: string, query: string): Promise<Item[]> {
    const response = await api.call(`${path}?${query}`, { token: signed.admin });
    expect(response.status, `${path}?${query}`).toBe(200);
    const body = await readEnvelope(response);
    if (!body.success) throw new Error(body.errorMessage ?? 'failed');
    return (body.data as { contents: Item[] }).contents;
  }

  describe.each(LISTS)('$path', (list) => {
    it('orders each key both ways, id breaking ties, the same across pages', async () => {
      for (const key of list.keys) {
        const orders: Record<string, (string | number)[]> = {};
        for (const direction of ['asc', 'desc'] as const) {
          const sort = `${key}.${direction}`;
          const whole = await ids(list.path, `sort=${sort}&limit=100`);
          expect(whole.length, `${list.path} has rows to sort`).toBeGreaterThan(2);
          const paged: (string | number)[] = [];
          for (let page = 1; page <= Math.ceil(whole.length / 5); page++) {
            paged.push(...(await ids(list.path, `sort=${sort}&limit=5&page=${page}`)).map((item) => item.id));
          }
          orders[direction] = whole.map((item) => item.id);
          expect(paged, sort).toEqual(orders[direction]);
          const shown = list.values[key];
          if (shown) {
            const [value, kind] = shown;
            const sign = direction === 'asc' ? 1 : -1;
            for (let i = 1; i < whole.length; i++) {
              const [a, b] = [whole[i - 1] as Item, whole[i] as Item];
              const order = sign * compareValues(kind, value(a), value(b)) || sign * byId(a.id, b.id);
              expect(
                order,
                `${sort}: ${JSON.stringify(value(a))} then ${JSON.stringify(value(b))}`,
              ).toBeLessThan(0);
            }
          }
        }
        // A list longer than the page (the ledger's entries) shows each end, not the same rows.
        if ((orders.asc?.length ?? 0) < 100) {
          expect(orders.desc, `${key}.desc is ${key}.asc reversed`).toEqual(
            [...(orders.asc ?? [])].reverse(),
          );
        }
      }
    });

    it('answers the default order without a sort', async () => {
      const plain = await ids(list.path, 'limit=100');
      const explicit = await ids(list.path, `limit=100&sort=${sortText(list.fallback)}`);
      expect(plain.map((item) => item.id)).toEqual(explicit.map((item) => item.id));
    });

    it.each(['nope.asc', `${list.keys[0]}`, `${list.keys[0]}.up`, '.desc'])(
      'refuses sort=%s with a 400 naming sort',
      async (sort) => {
        const response = await api.call(`${list.path}?sort=${sort}`, { token: signed.admin });
        expect(response.status).toBe(400);
        const body = await readEnvelope(response);
        if (body.success) throw new Error('expected a refusal');
        expect(body.errorMessage).toContain('sort must be one of');
      },
    );
  });

  it('sorts a merchant’s transactions tab by the transactions’ keys', async () => {
    const [merchant] = await ids('/api/v1/merchants', 'limit=1&sort=code.asc');
    const path = `/api/v1/merchants/${merchant?.id}/transactions`;
    for (const key of TRANSACTION_SORT_KEYS) {
      const asc = await ids(path, `sort=${key}.asc&limit=100&status=all`);
      const desc = await ids(path, `sort=${key}.desc&limit=100&status=all`);
      expect(desc.map((t) => t.id)).toEqual(asc.map((t) => t.id).reverse());
    }
    const plain = await ids(path, 'limit=100');
    const explicit = await ids(path, `limit=100&sort=${sortText(TRANSACTION_SORT_DEFAULT)}`);
    expect(plain.map((t) => t.id)).toEqual(explicit.map((t) => t.id));
    const bad = await api.call(`${path}?sort=fee.desc`, { token: signed.admin });
    expect(bad.status).toBe(400);
  });
});
