import { dashboardSummarySchema } from '@contract/dashboard';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS, type Permission } from '@contract/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeApi, insertMerchant, readEnvelope, tokenWithPermissions } from '../test/api';
import { insertTransaction } from '../test/transaction-fixtures';

const BASE = '/api/v1/dashboard/summary';

describeApi('GET /dashboard/summary', { signIn: ['admin'] }, (api, signed) => {
  beforeAll(async () => {
    // The test clock reads 2026-11-21T12:00:00Z: the default range is 2026-10-23..2026-11-21.
    const add = (ref: string, iso: string, rest: Partial<Parameters<typeof insertTransaction>[1]>) =>
      insertTransaction(api, { ref, date: new Date(iso), ...rest });
    // 0.1 + 0.2 must be 0.3 exactly: sums are SQL numeric, never floats.
    await add('D1', '2026-11-21T01:00:00Z', { status: 'SUCCESS', amount: '0.1' });
    await add('D2', '2026-11-20T23:59:59.999Z', { status: 'SUCCESS', amount: '0.2' });
    await add('D3', '2026-11-20T08:00:00Z', { status: 'FAILED', amount: '50' });
    await add('D4', '2026-11-01T10:00:00Z', { status: 'SUCCESS', amount: '20.01', currency: 'USD' });
    await add('D5', '2026-10-23T00:00:00Z', { status: 'PENDING', amount: '7.5', currency: 'USD' });
    await add('D6', '2026-10-22T23:59:59.999Z', { status: 'SUCCESS', amount: '1000' });
    await add('P1', '2026-11-21T02:00:00Z', { status: 'PAY_OUT', type: 'PAYOUT', amount: '300.05' });
    await add('P2', '2026-09-01T00:00:00Z', {
      status: 'PAY_OUT',
      type: 'PAYOUT',
      amount: '5.5',
      currency: 'USD',
    });
    await insertMerchant(api, { code: 'DB-1', status: 'ACTIVE' });
    await insertMerchant(api, { code: 'DB-2', status: 'ACTIVE' });
    await insertMerchant(api, { code: 'DB-3', status: 'PENDING_VERIFICATION' });
  });

  async function summary(query = '', token = signed.admin) {
    const response = await api.call(`${BASE}${query}`, { token });
    if (response.status !== 200) return { response, body: await readEnvelope(response), data: undefined };
    const body = await readEnvelope(response, dashboardSummarySchema);
    return { response, body, data: body.data };
  }

  it('sums the last 30 days per currency and status, exactly, with pending payouts and merchants', async () => {
    const { data } = await summary();
    expect(data).toEqual({
      from: '2026-10-23',
      to: '2026-11-21',
      currencies: [
        {
          currency: { name_code: 'ETB', name: 'Ethiopian Birr', decimal_places: 2 },
          count: 4,
          volume: '350.35',
          success_count: 2,
          success_volume: '0.3',
        },
        {
          currency: { name_code: 'USD', name: 'US Dollar', decimal_places: 2 },
          count: 2,
          volume: '27.51',
          success_count: 1,
          success_volume: '20.01',
        },
      ],
      by_status: [
        { status: 'SUCCESS', count: 3, volumes: { ETB: '0.3', USD: '20.01' } },
        { status: 'PENDING', count: 1, volumes: { USD: '7.5' } },
        { status: 'FAILED', count: 1, volumes: { ETB: '50' } },
        { status: 'CHECKED_OUT', count: 0, volumes: {} },
        { status: 'CANCELED', count: 0, volumes: {} },
        { status: 'PAY_OUT', count: 1, volumes: { ETB: '300.05' } },
      ],
      daily: [
        { date: '2026-10-23', currency: 'USD', count: 1, volume: '7.5' },
        { date: '2026-11-01', currency: 'USD', count: 1, volume: '20.01' },
        { date: '2026-11-20', currency: 'ETB', count: 2, volume: '50.2' },
        { date: '2026-11-21', currency: 'ETB', count: 2, volume: '300.15' },
      ],
      pending_payouts: { count: 2, volumes: { ETB: '300.05', USD: '5.5' } },
      merchants_by_status: { ACTIVE: 2, PENDING: 0, PENDING_VERIFICATION: 1, INACTIVE: 0, DELETED: 0 },
    });
  });

  it('takes from/to as inclusive UTC days, and fills a missing bound', async () => {
    const oneDay = await summary('?from=2026-11-20&to=2026-11-20');
    expect(oneDay.data?.daily).toEqual([{ date: '2026-11-20', currency: 'ETB', count: 2, volume: '50.2' }]);
    const old = await summary('?from=2026-10-22&to=2026-10-22');
    expect(old.data?.currencies.map((c) => [c.currency.name_code, c.volume])).toEqual([['ETB', '1000']]);
    // Pending payouts are "now", whatever the range.
    expect(old.data?.pending_payouts?.count).toBe(2);
    const onlyTo = await summary('?to=2026-11-01');
    expect([onlyTo.data?.from, onlyTo.data?.to]).toEqual(['2026-10-03', '2026-11-01']);
    const onlyFrom = await summary('?from=2026-11-20');
    expect([onlyFrom.data?.from, onlyFrom.data?.to]).toEqual(['2026-11-20', '2026-11-21']);
  });

  it('refuses a reversed range or a bad date, naming the field', async () => {
    const reversed = await summary('?from=2026-11-21&to=2026-11-01');
    expect(reversed.response.status).toBe(400);
    expect(reversed.body.errorMessage).toBe(API_ERRORS.dateRange);
    const bad = await summary('?from=yesterday');
    expect(bad.response.status).toBe(400);
    expect(bad.body.errorMessage).toBe(`from: ${API_ERRORS.queryDate('from')}`);
  });

  describe('sections by permission (the server checks every permission)', () => {
    let signed = 0;
    async function tokenWith(permissions: readonly Permission[]) {
      signed += 1;
      const id = `00000000-0000-4000-8000-0000000002${String(signed).padStart(2, '0')}`;
      return tokenWithPermissions(
        api,
        { id, name: 'Dashboard Viewer', handle: `dashboard-${signed}` },
        permissions,
      );
    }
    const PENDING = { count: 2, volumes: { ETB: '300.05', USD: '5.5' } };
    const MERCHANTS = { ACTIVE: 2, PENDING: 0, PENDING_VERIFICATION: 1, INACTIVE: 0, DELETED: 0 };

    it.each([
      ['uma_protection only', [], null, null],
      ['uma_protection and view-transactions', [PERMISSIONS.viewTransactions], PENDING, null],
      ['uma_protection and view-merchant', [PERMISSIONS.viewMerchant], null, MERCHANTS],
      [
        'uma_protection, view-transactions and view-merchant',
        [PERMISSIONS.viewTransactions, PERMISSIONS.viewMerchant],
        PENDING,
        MERCHANTS,
      ],
    ] as const)(
      '%s: pending payouts and merchants only with their own permission',
      async (_name, more, pending, merchants) => {
        const full = await summary();
        const { response, data } = await summary('', await tokenWith([PERMISSIONS.dashboard, ...more]));
        expect(response.status).toBe(200);
        expect(data).toEqual({ ...full.data, pending_payouts: pending, merchants_by_status: merchants });
      },
    );

    it('view-transactions and view-merchant without uma_protection are still 403', async () => {
      const token = await tokenWith([PERMISSIONS.viewTransactions, PERMISSIONS.viewMerchant]);
      const { response, body } = await summary('', token);
      expect(response.status).toBe(403);
      expect(body.errorMessage).toBe(API_ERRORS.forbidden);
    });
  });

  it('needs uma_protection: 401 without a token, 403 for support and finance', async () => {
    expect((await api.call(BASE)).status).toBe(401);
    for (const user of ['support', 'finance'] as const) {
      const { response, body } = await summary('', await api.tokenFor(user));
      expect(response.status).toBe(403);
      expect(body.errorMessage).toBe(API_ERRORS.forbidden);
    }
  });
});
