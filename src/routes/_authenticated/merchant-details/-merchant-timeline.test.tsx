import { type MerchantTimelineEntry, merchantTimelineSchema } from '@contract/merchant-timeline';
import { mockId } from '@mocks/data/merchants';
import { API, ok } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { sent } from '@/test/table';

const MERCHANT = mockId(1, 2);
const path = `/merchant-details/${MERCHANT}?tab=timeline`;
const admin = { id: mockId(9, 1), name: 'Abebe Kebede' };
const payout = {
  id: mockId(3, 7),
  txn_ref: 'TXN-PO-1',
  amount: '2500.5',
  currency: 'ETB',
  type: 'PAYOUT',
  status: 'SUCCESS',
} as const;

/** Newest first, as the server answers them. */
const ENTRIES: MerchantTimelineEntry[] = [
  {
    kind: 'status_change',
    at: '2026-11-20T10:00:00Z',
    from: 'PENDING_VERIFICATION',
    to: 'ACTIVE',
    by: admin,
  },
  {
    kind: 'payout_decision',
    at: '2026-11-19T10:00:00Z',
    decision: 'approved',
    by: admin,
    transaction: payout,
  },
  { kind: 'payout_request', at: '2026-11-18T10:00:00Z', transaction: { ...payout } },
  {
    kind: 'document',
    at: '2026-11-02T10:00:00Z',
    document: 'trade_license',
    path: 'documents/M1/license.pdf',
  },
  { kind: 'first_transaction', at: '2026-11-01T10:00:00Z', transaction: { ...payout, txn_ref: 'TXN-FIRST' } },
];

function answer(hasMore: boolean) {
  server.use(
    http.get(`${API}/merchants/:id/timeline`, ({ request }) => {
      const limit = Number(new URL(request.url).searchParams.get('limit'));
      return ok(merchantTimelineSchema, {
        contents: hasMore && limit <= 20 ? ENTRIES.slice(0, 3) : ENTRIES,
        has_more: hasMore && limit <= 20,
      });
    }),
  );
}

async function items() {
  const list = await screen.findByRole('list', { name: 'Timeline' }, { timeout: 3000 });
  return within(list).getAllByRole('listitem');
}

describe('/merchant-details/{id}?tab=timeline', () => {
  it('shows each kind of entry in the order the server gives, newest first', async () => {
    answer(false);
    renderApp(path, { user: 'admin' });
    const shown = await items();
    expect(shown.map((item) => item.getAttribute('data-kind'))).toEqual([
      'status_change',
      'payout_decision',
      'payout_request',
      'document',
      'first_transaction',
    ]);
    expect(shown[0]).toHaveTextContent('Status changed');
    expect(shown[0]).toHaveTextContent('Pending Verification → Active, by Abebe Kebede');
    expect(shown[1]).toHaveTextContent('Approved by Abebe Kebede');
    expect(shown[1]).toHaveTextContent('2,500.5 ETB');
    expect(shown[3]).toHaveTextContent('Trade License: license.pdf');
    expect(shown[4]).toHaveTextContent('First transaction');
    // A transaction's reference opens it in the Transactions list.
    expect(within(shown[4] as HTMLElement).getByRole('link', { name: 'TXN-FIRST' })).toHaveAttribute(
      'href',
      `/transactions?reference=TXN-FIRST&tx=${payout.id}`,
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("'Show more' asks for more entries and keeps the ones shown", async () => {
    answer(true);
    const requests = captureRequests(`/merchants/${MERCHANT}/timeline`);
    const { user } = renderApp(path, { user: 'admin' });
    expect(await items()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(async () => expect(await items()).toHaveLength(5));
    expect(sent(requests)).toEqual([{ limit: '20' }, { limit: '40' }]);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("reads the mock store: the merchant's payouts and its first and latest transaction", async () => {
    renderApp(path, { user: 'admin' });
    const kinds = (await items()).map((item) => item.getAttribute('data-kind'));
    expect(kinds).toContain('payout_request');
    expect(kinds).toContain('first_transaction');
    expect(kinds).toContain('latest_transaction');
  });

  it('says so when there is nothing', async () => {
    server.use(
      http.get(`${API}/merchants/:id/timeline`, () =>
        ok(merchantTimelineSchema, { contents: [], has_more: false }),
      ),
    );
    renderApp(path, { user: 'admin' });
    expect(
      await screen.findByText('There are no timeline events', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  });
});
