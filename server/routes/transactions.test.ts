import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import {
  TRANSACTION_STATUS_FILTERS,
  type TransactionStatus,
  type TransactionType,
  transactionPageSchema,
} from '@contract/transaction';
import { beforeAll, expect, it } from 'vitest';
import { describeApi, insertMerchant, readEnvelope, tokenWithPermissions } from '../test/api';
import { expectStatus } from '../test/expect';
import { insertTransaction, type TransactionFixture } from '../test/transaction-fixtures';

const BASE = '/api/v1/transactions';
const STATUS_CYCLE: TransactionStatus[] = [
  'SUCCESS',
  'PENDING',
  'FAILED',
  'CHECKED_OUT',
  'CANCELED',
  'PAY_OUT',
];
const TYPE_CYCLE: TransactionType[] = ['PAYMENT', 'PAYMENT', 'REFUND', 'PAYOUT'];

interface Expected {
  id: string;
  ref: string;
  status: TransactionStatus;
  type: TransactionType;
  date: Date;
  merchantId: string | null;
}

describeApi('GET /transactions', { signIn: ['admin'] }, (api, signed) => {
  let merchantA: string;
  let merchantEmpty: string;
  const expected: Expected[] = [];

  async function add(f: TransactionFixture & { status: TransactionStatus; type: TransactionType }) {
    const id = await insertTransaction(api, f);
    expected.push({
      id,
      ref: f.ref,
      status: f.status,
      type: f.type,
      date: f.date,
      merchantId: f.merchantId ?? null,
    });
    return id;
  }

  beforeAll(async () => {
    merchantA = await insertMerchant(api, { code: 'TXN-A', name: 'Abay Coffee' });
    merchantEmpty = await insertMerchant(api, { code: 'TXN-EMPTY' });
    for (let i = 0; i < 24; i++) {
      await add({
        ref: `TX${String(i).padStart(4, '0')}`,
        date: new Date(Date.UTC(2026, 10, 1 + (i % 12), 8, i)),
        status: STATUS_CYCLE[i % STATUS_CYCLE.length] as TransactionStatus,
        type: TYPE_CYCLE[i % TYPE_CYCLE.length] as TransactionType,
        merchantId: i % 3 === 0 ? merchantA : null,
        currency: i % 5 === 0 ? 'USD' : 'ETB',
        amount: `${100 + i}.25`,
      });
    }
    // Day boundaries of 2026-11-15 (UTC): first and last instant in, the next midnight out.
    await add({
      ref: 'EDGE-START',
      date: new Date('2026-11-15T00:00:00.000Z'),
      status: 'SUCCESS',
      type: 'PAYMENT',
    });
    await add({
      ref: 'EDGE-END',
      date: new Date('2026-11-15T23:59:59.999Z'),
      status: 'SUCCESS',
      type: 'PAYMENT',
    });
    await add({
      ref: 'EDGE-NEXT',
      date: new Date('2026-11-16T00:00:00.000Z'),
      status: 'SUCCESS',
      type: 'PAYMENT',
    });
    await add({
      ref: 'EDGE-BEFORE',
      date: new Date('2026-11-14T23:59:59.999Z'),
      status: 'SUCCESS',
      type: 'PAYMENT',
    });
    // Search targets, one per field, and look-alikes for the escaping of % and _.
    const searchDate = new Date('2026-10-01T10:00:00Z');
    const s = { date: searchDate, status: 'PENDING', type: 'PAYMENT' } as const;
    await add({
      ...s,
      ref: 'FT-SEARCH_REF-1',
      firstName: 'Selam',
      lastName: 'Tadesse',
      phone: '+251900000001',
    });
    await add({
      ...s,
      ref: 'FT-SEARCHXREF-2',
      firstName: 'Kebede',
      lastName: 'Worku',
      phone: '+251900000002',
    });
    await add({ ...s, ref: 'FT-100%-3', firstName: 'Mekdes', lastName: 'Haile', phone: '+251922334455' });
    await add({ ...s, ref: 'FT-1000-4', firstName: null, lastName: null, phone: '+251900000004' });
    // Same instant twice: the id breaks the tie.
    const tie = new Date('2026-09-01T12:00:00Z');
    await add({ ref: 'TIE-1', date: tie, status: 'FAILED', type: 'PAYMENT' });
    await add({ ref: 'TIE-2', date: tie, status: 'FAILED', type: 'PAYMENT' });
    expected.sort((a, b) => b.date.getTime() - a.date.getTime() || (a.id < b.id ? 1 : -1));
  });

  async function list(query: string, token = signed.admin) {
    const response = await api.call(`${BASE}${query}`, { token });
    if (response.status !== 200) return { response, body: await readEnvelope(response), data: undefined };
    const body = await readEnvelope(response, transactionPageSchema);
    return { response, body, data: body.data };
  }
  async function refs(query: string) {
    const { data, body } = await list(query);
    if (!data) throw new Error(`status ${body.status}: ${body.errorMessage}`);
    return data.contents.map((t) => t.reference.txn_ref);
  }
  const ids = (rows: Expected[]) => rows.map((r) => r.id);

  it('answers the first page newest first with exact totals', async () => {
    const { data } = await list('');
    expect(data?.total).toBe(expected.length);
    expect(data?.total_pages).toBe(Math.ceil(expected.length / 10));
    expect(data?.is_empty).toBe(false);
    expect(data?.contents.map((t) => t.id)).toEqual(ids(expected.slice(0, 10)));
  });

  it('answers the contract shape with plain decimals, currency, method and merchant', async () => {
    const { data } = await list(`?reference=TX0000`);
    expect(data?.contents).toEqual([
      {
        id: expected.find((e) => e.ref === 'TX0000')?.id,
        transaction_date: '2026-11-01T08:00:00.000Z',
        reference: { txn_ref: 'TX0000' },
        against: { customer: { first_name: 'Almaz', last_name: 'Bekele', phone_number: '+251911000000' } },
        amount: '100.25',
        fee: '0',
        type: 'PAYMENT',
        status: 'SUCCESS',
        transaction_method: {
          currency: { name_code: 'USD', name: 'US Dollar', decimal_places: 2 },
          payment_method: { name: 'Commercial Bank of Ethiopia', code: 'CBE' },
        },
        merchant: { id: merchantA, name: 'Abay Coffee' },
      },
    ]);
  });

  it('pages through everything exactly once; beyond the end is an empty page', async () => {
    const seen: string[] = [];
    const pages = Math.ceil(expected.length / 7);
    for (let page = 1; page <= pages; page++) {
      const { data } = await list(`?limit=7&page=${page}`);
      expect(data?.total_pages).toBe(pages);
      seen.push(...(data?.contents.map((t) => t.id) ?? []));
    }
    expect(seen).toEqual(ids(expected));
    const beyond = await list(`?limit=7&page=${pages + 1}`);
    expect(beyond.data).toEqual({
      contents: [],
      total: expected.length,
      total_pages: pages,
      is_empty: false,
    });
  });

  it('filters by a comma list of statuses; absent, empty or all means all six', async () => {
    for (const filter of TRANSACTION_STATUS_FILTERS) {
      const status = filter.toUpperCase().replace('-', '_') as TransactionStatus;
      const { data } = await list(`?status=${filter}&limit=100`);
      expect(data?.contents.map((t) => t.id)).toEqual(ids(expected.filter((e) => e.status === status)));
    }
    const two = await list('?status=success,pay-out&limit=100');
    expect(two.data?.contents.map((t) => t.id)).toEqual(
      ids(expected.filter((e) => e.status === 'SUCCESS' || e.status === 'PAY_OUT')),
    );
    for (const all of ['', 'all', TRANSACTION_STATUS_FILTERS.join(',')]) {
      expect((await list(`?status=${all}`)).data?.total).toBe(expected.length);
    }
    for (const bad of ['SUCCESS', 'paid', 'success,nope']) {
      const { response, body } = await list(`?status=${bad}`);
      expect(response.status).toBe(400);
      expect(body.errorMessage).toBe(`status: ${API_ERRORS.queryList('status', TRANSACTION_STATUS_FILTERS)}`);
    }
  });

  it('filters by whole UTC days, both ends inclusive', async () => {
    expect(await refs('?from=2026-11-15&to=2026-11-15&limit=100')).toEqual(['EDGE-END', 'EDGE-START']);
    const range = await list('?from=2026-11-02&to=2026-11-05&limit=100');
    const inRange = expected.filter(
      (e) => e.date >= new Date('2026-11-02T00:00:00Z') && e.date < new Date('2026-11-06T00:00:00Z'),
    );
    expect(range.data?.contents.map((t) => t.id)).toEqual(ids(inRange));
    expect(
      (await list('?from=2026-11-16&limit=100')).data?.contents.map((t) => t.reference.txn_ref),
    ).toContain('EDGE-NEXT');
    expect(await refs('?to=2026-09-01')).toEqual(
      expected.filter((e) => e.ref.startsWith('TIE')).map((e) => e.ref),
    );
  });

  it('refuses bad dates and a reversed range, naming the field', async () => {
    const reversed = await list('?from=2026-11-20&to=2026-11-19');
    expect(reversed.response.status).toBe(400);
    expect(reversed.body.errorMessage).toBe(API_ERRORS.dateRange);
    for (const [query, field] of [
      ['?from=2026-13-01', 'from'],
      ['?to=2026-02-30', 'to'],
      ['?from=21-11-2026', 'from'],
    ] as const) {
      const { response, body } = await list(query);
      expect(response.status).toBe(400);
      expect(body.errorMessage).toBe(`${field}: ${API_ERRORS.queryDate(field)}`);
    }
  });

  it('searches reference, first, last and full name and phone, case-insensitively', async () => {
    // Both FT-SEARCH rows share the instant; the API orders them by id, as `expected` does.
    expect(await refs('?search_term=ft-search')).toEqual(
      expected.filter((e) => e.ref.startsWith('FT-SEARCH')).map((e) => e.ref),
    );
    const byRef = await refs('?search_term=search_ref');
    expect(byRef).toEqual(['FT-SEARCH_REF-1']);
    expect(await refs('?search_term=selam')).toEqual(['FT-SEARCH_REF-1']);
    expect(await refs('?search_term=WORKU')).toEqual(['FT-SEARCHXREF-2']);
    expect(await refs(`?search_term=${encodeURIComponent('mekdes haile')}`)).toEqual(['FT-100%-3']);
    expect(await refs('?search_term=922334')).toEqual(['FT-100%-3']);
    expect(await refs(`?search_term=${encodeURIComponent('+251900000004')}`)).toEqual(['FT-1000-4']);
    expect(await refs(`?search_term=${encodeURIComponent('100%')}`)).toEqual(['FT-100%-3']);
    expect(await refs('?search_term=nobody-here')).toEqual([]);
  });

  it('finds by exact reference only, and refuses search_term with reference', async () => {
    expect(await refs('?reference=FT-1000-4')).toEqual(['FT-1000-4']);
    expect(await refs('?reference=FT-1000')).toEqual([]);
    expect(await refs('?reference=ft-1000-4')).toEqual([]);
    const both = await list('?reference=FT-1000-4&search_term=FT');
    expect(both.response.status).toBe(400);
    expect(both.body.errorMessage).toBe(API_ERRORS.searchBy);
  });

  it('filters by types and by merchant; is_empty tells "nothing at all" from "nothing matches"', async () => {
    const payouts = await list('?types=PAYOUT&limit=100');
    expect(payouts.data?.contents.map((t) => t.id)).toEqual(ids(expected.filter((e) => e.type === 'PAYOUT')));
    const lower = await list('?types=refund,payout&limit=100');
    expect(lower.data?.total).toBe(expected.filter((e) => e.type !== 'PAYMENT').length);
    const badType = await list('?types=GIFT');
    expect(badType.response.status).toBe(400);
    expect(badType.body.errorMessage).toMatch(/^types: /);

    const ofA = await list(`?merchantId=${merchantA}&limit=100`);
    expect(ofA.data?.contents.map((t) => t.id)).toEqual(
      ids(expected.filter((e) => e.merchantId === merchantA)),
    );
    expect(ofA.data?.is_empty).toBe(false);
    const none = await list(`?merchantId=${merchantEmpty}`);
    expect(none.data).toEqual({ contents: [], total: 0, total_pages: 0, is_empty: true });
    const noMatch = await list(`?merchantId=${merchantA}&search_term=nobody`);
    expect(noMatch.data?.is_empty).toBe(false);
    expect(noMatch.data?.total).toBe(0);
    const badId = await list('?merchantId=nope');
    expect(badId.response.status).toBe(400);
    expect(badId.body.errorMessage).toBe(`merchantId: ${API_ERRORS.queryUuid('merchantId')}`);
  });

  it('refuses bad paging, naming the field', async () => {
    const { response, body } = await list('?limit=101');
    expect(response.status).toBe(400);
    expect(body.errorMessage).toBe('limit: limit must be an integer from 1 to 100');
  });

  it('needs a session and view-transactions', async () => {
    const anonymous = await api.call(BASE);
    await expectStatus(anonymous, 401, API_ERRORS.unauthenticated);
    for (const user of ['support', 'finance'] as const) {
      expect((await list('', await api.tokenFor(user))).response.status).toBe(200);
    }
    const merchantsOnly = {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Merchants Only',
      handle: 'merchants-only',
    };
    const token = await tokenWithPermissions(api, merchantsOnly, [PERMISSIONS.viewMerchant]);
    const forbidden = await list('?status=bogus', token);
    expect(forbidden.response.status).toBe(403);
    expect(forbidden.body.errorMessage).toBe(API_ERRORS.forbidden);
  });
});
