import { API_ERRORS } from '@contract/messages';
import { type TransactionStatus, transactionPageSchema } from '@contract/transaction';
import { beforeAll, expect, it } from 'vitest';
import { describeApi, insertMerchant, readEnvelope } from '../test/api';
import { insertTransaction } from '../test/transaction-fixtures';

const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111';
const STATUSES: TransactionStatus[] = ['SUCCESS', 'PENDING', 'FAILED', 'CHECKED_OUT', 'CANCELED', 'PAY_OUT'];
const DEFAULT_STATUSES: TransactionStatus[] = ['PENDING', 'CHECKED_OUT', 'FAILED', 'CANCELED'];

describeApi('GET /merchants/{id}/transactions', { signIn: ['admin'] }, (api, signed) => {
  let merchant: string;
  let other: string;
  let quiet: string;
  let onlySuccess: string;
  /** The merchant's transactions, newest first. */
  const mine: { id: string; status: TransactionStatus; type: string }[] = [];

  beforeAll(async () => {
    merchant = await insertMerchant(api, { code: 'MT-1' });
    other = await insertMerchant(api, { code: 'MT-2' });
    quiet = await insertMerchant(api, { code: 'MT-3' });
    onlySuccess = await insertMerchant(api, { code: 'MT-4' });
    for (let i = 0; i < 30; i++) {
      const status = STATUSES[i % STATUSES.length] as TransactionStatus;
      const type = i % 4 === 3 ? 'REFUND' : 'PAYMENT';
      const id = await insertTransaction(api, {
        ref: `MT1-${i}`,
        date: new Date(Date.UTC(2026, 9, 1, 0, i)),
        status,
        type,
        merchantId: merchant,
      });
      mine.unshift({ id, status, type });
    }
    await insertTransaction(api, { ref: 'MT2-0', date: new Date(), status: 'PENDING', merchantId: other });
    await insertTransaction(api, {
      ref: 'MT4-0',
      date: new Date(),
      status: 'SUCCESS',
      merchantId: onlySuccess,
    });
  });

  async function list(id: string, query = '', token = signed.admin) {
    const response = await api.call(`/api/v1/merchants/${id}/transactions${query}`, { token });
    if (response.status !== 200) return { response, body: await readEnvelope(response), data: undefined };
    const body = await readEnvelope(response, transactionPageSchema);
    return { response, body, data: body.data };
  }
  const idsWith = (statuses: TransactionStatus[]) =>
    mine.filter((t) => statuses.includes(t.status)).map((t) => t.id);

  it('answers pending, checked-out, failed and canceled when status is absent or all', async () => {
    for (const query of ['?limit=100', '?limit=100&status=all', '?limit=100&status=']) {
      const { data } = await list(merchant, query);
      expect(data?.contents.map((t) => t.id)).toEqual(idsWith(DEFAULT_STATUSES));
      expect(data?.total).toBe(20);
      expect(data?.is_empty).toBe(false);
    }
  });

  it('filters by status list and types, and pages', async () => {
    const ok = await list(merchant, '?status=success,pay-out&limit=100');
    expect(ok.data?.contents.map((t) => t.id)).toEqual(idsWith(['SUCCESS', 'PAY_OUT']));
    const refunds = await list(merchant, '?status=all&types=REFUND&limit=100');
    expect(refunds.data?.contents.map((t) => t.id)).toEqual(
      mine.filter((t) => DEFAULT_STATUSES.includes(t.status) && t.type === 'REFUND').map((t) => t.id),
    );
    const page2 = await list(merchant, '?page=2&limit=7');
    expect(page2.data?.contents.map((t) => t.id)).toEqual(idsWith(DEFAULT_STATUSES).slice(7, 14));
    expect(page2.data?.total_pages).toBe(3);
    const bad = await list(merchant, '?status=done');
    expect(bad.response.status).toBe(400);
    expect(bad.body.errorMessage).toMatch(/^status: /);
  });

  it('is_empty only when the merchant has no transactions at all', async () => {
    expect((await list(quiet)).data).toEqual({ contents: [], total: 0, total_pages: 0, is_empty: true });
    // Only SUCCESS rows: the default filter shows nothing, but the merchant is not empty.
    expect((await list(onlySuccess)).data).toEqual({
      contents: [],
      total: 0,
      total_pages: 0,
      is_empty: false,
    });
    expect((await list(other)).data?.contents.map((t) => t.reference.txn_ref)).toEqual(['MT2-0']);
  });

  it('answers 404 for an unknown merchant, 400 for a bad id, 401 and 403', async () => {
    const unknown = await list(UNKNOWN_ID);
    expect(unknown.response.status).toBe(404);
    expect(unknown.body.errorMessage).toBe(API_ERRORS.notFound('Merchant'));
    const bad = await list('nope');
    expect(bad.response.status).toBe(400);
    expect(bad.body.errorMessage).toBe('id: id must be a UUID');
    expect((await api.call(`/api/v1/merchants/${merchant}/transactions`)).status).toBe(401);
    // finance sees transactions but not merchants (view-merchant is the tab's permission).
    const finance = await list(merchant, '', await api.tokenFor('finance'));
    expect(finance.response.status).toBe(403);
    expect((await list(merchant, '', await api.tokenFor('support'))).response.status).toBe(200);
  });
});
