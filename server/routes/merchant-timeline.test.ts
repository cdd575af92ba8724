import { type MerchantTimelineEntry, merchantTimelineSchema } from '@contract/merchant-timeline';
import { API_ERRORS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import { beforeAll, expect, it } from 'vitest';
import { files } from '../db/schema';
import { describeApi, insertMerchant, readEnvelope, tokenWithPermissions } from '../test/api';
import { insertCollection, insertPayoutRequest, insertTransaction } from '../test/transaction-fixtures';

const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111';

/** One line per entry: its kind and what tells it apart, so a test reads the whole order at once. */
function describeEntry(entry: MerchantTimelineEntry): string {
  switch (entry.kind) {
    case 'status_change':
      return `status_change ${entry.from}->${entry.to} by ${entry.by?.name ?? '-'}`;
    case 'payout_decision':
      return `payout_decision ${entry.decision} ${entry.transaction.txn_ref} by ${entry.by?.name ?? '-'}`;
    case 'document':
      return `document ${entry.document} ${entry.path}`;
    default:
      return `${entry.kind} ${entry.transaction.txn_ref}`;
  }
}

describeApi('GET /merchants/{id}/timeline', { signIn: ['admin'] }, (api, signed) => {
  let merchant: string;
  let quiet: string;
  let onePayment: string;

  beforeAll(async () => {
    merchant = await insertMerchant(api, { code: 'TL-1', status: 'PENDING_VERIFICATION', compliance: true });
    quiet = await insertMerchant(api, { code: 'TL-2' });
    onePayment = await insertMerchant(api, { code: 'TL-3' });
    const db = api.database.db;
    await db.insert(files).values([
      {
        path: 'documents/TL-1/tin.pdf',
        contentType: 'application/pdf',
        bytes: new Uint8Array([1]),
        createdAt: new Date('2026-10-01T08:00:00Z'),
      },
      {
        path: 'documents/TL-1/license-1.pdf',
        contentType: 'application/pdf',
        bytes: new Uint8Array([2]),
        createdAt: new Date('2026-10-02T08:00:00Z'),
      },
    ]);
    // Money in the CBE gateway account, so the payout below can be approved.
    await insertCollection(api, { ref: 'TL-IN', date: new Date('2026-09-01T00:00:00Z'), amount: '100000' });
    for (const [ref, day] of [
      ['TL-P1', 5],
      ['TL-P2', 10],
    ] as const) {
      await insertTransaction(api, {
        ref,
        date: new Date(Date.UTC(2026, 9, day)),
        merchantId: merchant,
      });
    }
    const po1 = await insertPayoutRequest(api, {
      ref: 'TL-PO1',
      date: new Date('2026-10-15T00:00:00Z'),
      amount: '50',
      merchantId: merchant,
    });
    const po2 = await insertPayoutRequest(api, {
      ref: 'TL-PO2',
      date: new Date('2026-10-16T00:00:00Z'),
      amount: '70',
      merchantId: merchant,
    });
    await insertTransaction(api, {
      ref: 'TL3-P',
      date: new Date('2026-10-01T00:00:00Z'),
      merchantId: onePayment,
    });

    const post = (path: string, method = 'POST') =>
      api.call(`/api/v1/${path}`, { method, token: signed.admin }).then((r) => expect(r.status).toBe(200));
    api.clock.set(new Date('2026-11-01T10:00:00Z'));
    await post(`payout/transactions/${po1}?command=approve`);
    api.clock.set(new Date('2026-11-02T10:00:00Z'));
    await post(`payout/transactions/${po2}?command=reject`);
    api.clock.set(new Date('2026-11-03T10:00:00Z'));
    await post(`merchants/${merchant}?command=activate`, 'PATCH');
  });

  async function timeline(id: string, query = '', token = signed.admin) {
    const response = await api.call(`/api/v1/merchants/${id}/timeline${query}`, { token });
    if (response.status !== 200) return { response, body: await readEnvelope(response), data: undefined };
    const body = await readEnvelope(response, merchantTimelineSchema);
    return { response, body, data: body.data };
  }

  it('answers every kind, newest first', async () => {
    const { data } = await timeline(merchant);
    expect(data?.contents.map(describeEntry)).toEqual([
      'status_change PENDING_VERIFICATION->ACTIVE by Abebe Kebede',
      'payout_decision rejected TL-PO2 by Abebe Kebede',
      'payout_decision approved TL-PO1 by Abebe Kebede',
      // At one instant the later kind comes first: the latest transaction is this request.
      'latest_transaction TL-PO2',
      'payout_request TL-PO2',
      'payout_request TL-PO1',
      'first_transaction TL-P1',
      'document trade_license documents/TL-1/license-1.pdf',
      'document tin_certification documents/TL-1/tin.pdf',
    ]);
    expect(data?.has_more).toBe(false);
    const decision = data?.contents[1];
    expect(decision).toMatchObject({
      at: '2026-11-02T10:00:00.000Z',
      transaction: { amount: '70', currency: 'ETB', type: 'PAYOUT', status: expect.any(String) },
    });
  });

  it('caps the entries at limit and says there are more', async () => {
    const { data } = await timeline(merchant, '?limit=3');
    expect(data?.contents.map((e) => e.kind)).toEqual([
      'status_change',
      'payout_decision',
      'payout_decision',
    ]);
    expect(data?.has_more).toBe(true);
    expect((await timeline(merchant, '?limit=9')).data?.has_more).toBe(false);
  });

  it('an only transaction is the first, not the latest too; a merchant with nothing has no entries', async () => {
    expect((await timeline(onePayment)).data?.contents.map(describeEntry)).toEqual([
      'first_transaction TL3-P',
    ]);
    expect((await timeline(quiet)).data).toEqual({ contents: [], has_more: false });
  });

  it('answers 400 naming the field, 401, 403 and 404', async () => {
    const bad = await timeline('nope');
    expect(bad.response.status).toBe(400);
    expect(bad.body.errorMessage).toBe('id: id must be a UUID');
    const badLimit = await timeline(merchant, '?limit=201');
    expect(badLimit.response.status).toBe(400);
    expect(badLimit.body.errorMessage).toBe('limit: limit must be an integer from 1 to 200');
    expect((await api.call(`/api/v1/merchants/${merchant}/timeline`)).status).toBe(401);
    const finance = await timeline(merchant, '', await api.tokenFor('finance'));
    expect(finance.response.status).toBe(403);
    const viewer = await tokenWithPermissions(api, { id: UNKNOWN_ID, name: 'Viewer', handle: 'viewer' }, [
      PERMISSIONS.viewMerchant,
    ]);
    expect((await timeline(merchant, '', viewer)).response.status).toBe(200);
    const unknown = await timeline(UNKNOWN_ID);
    expect(unknown.response.status).toBe(404);
    expect(unknown.body.errorMessage).toBe(API_ERRORS.notFound('Merchant'));
  });
});
