import type { ApprovalRequest } from '@contract/approval';
import { allTransactions } from '@mocks/data/transactions';
import { MOCK_USER_IDS } from '@mocks/data/users';
import { db } from '@mocks/db';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { cellsOf, tableRows } from '@/test/table';

function payoutRequest(overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
  const payout = allTransactions(db.merchants).find((t) => t.status === 'PAY_OUT');
  if (!payout) throw new Error('no pending payout in the mocks');
  return {
    id: crypto.randomUUID(),
    kind: 'payout',
    action: 'payout.approve',
    status: 'PENDING',
    summary: `Approve payout ${payout.reference.txn_ref}`,
    subject_id: payout.id,
    amount: '150000.5',
    currency: 'ETB',
    before: { status: 'PAY_OUT' },
    after: { status: 'SUCCESS' },
    requested_by: { id: MOCK_USER_IDS.admin, name: 'Abebe Kebede' },
    requested_at: '2026-11-25T10:00:00.000Z',
    decided_by: null,
    decided_at: null,
    reason: null,
    failure: null,
    ...overrides,
  };
}

describe('/approvals', () => {
  it('lists requests with the amount and who asked, and filters by status through the URL', async () => {
    db.approvalRequests = [
      payoutRequest({ summary: 'Approve payout PO-A' }),
      payoutRequest({ summary: 'Approve payout PO-B', status: 'REJECTED', reason: 'No' }),
    ];
    const { user, router } = renderApp('/approvals', { user: 'finance' });
    const rows = await tableRows('Approval requests');
    expect(rows.map((row) => cellsOf(row)?.slice(1, 4))).toEqual([
      ['Approve payout PO-A', '150,000.5 ETB', 'Abebe Kebede'],
      ['Approve payout PO-B', '150,000.5 ETB', 'Abebe Kebede'],
    ]);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'PENDING' }));
    await waitFor(async () => expect(await tableRows('Approval requests')).toHaveLength(1));
  });

  it('a bad status in the URL falls back to all', async () => {
    db.approvalRequests = [payoutRequest()];
    renderApp('/approvals?status=OPEN', { user: 'finance' });
    expect(await tableRows('Approval requests')).toHaveLength(1);
  });
});

describe('/approvals/$id', () => {
  it('a second person sees before and after and approves: the payout is carried out', async () => {
    const request = payoutRequest();
    db.approvalRequests = [request];
    const { user } = renderApp(`/approvals/${request.id}`, { user: 'finance' });
    expect(await screen.findByRole('heading', { name: request.summary })).toBeInTheDocument();
    const changes = screen.getByRole('table', { name: 'Changes' });
    expect(within(changes).getByRole('row', { name: 'status PAY_OUT SUCCESS' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const ask = await screen.findByRole('dialog', { name: 'Approve request' });
    await user.click(within(ask).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request approved')).toBeInTheDocument();
    expect(db.approvalRequests[0]?.status).toBe('APPROVED');
    expect(allTransactions(db.merchants).find((t) => t.id === request.subject_id)?.status).toBe('SUCCESS');
  });

  it('rejecting needs a reason; then nothing but the request changes', async () => {
    const request = payoutRequest();
    db.approvalRequests = [request];
    const { user } = renderApp(`/approvals/${request.id}`, { user: 'finance' });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Enter a reason for the rejection')).toBeInTheDocument();
    expect(db.approvalRequests[0]?.status).toBe('PENDING');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Wrong account');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Request rejected')).toBeInTheDocument();
    expect(db.approvalRequests[0]).toMatchObject({ status: 'REJECTED', reason: 'Wrong account' });
    expect(allTransactions(db.merchants).find((t) => t.id === request.subject_id)?.status).toBe('PAY_OUT');
  });

  it('the maker sees no Approve or Reject on their own request', async () => {
    const request = payoutRequest();
    db.approvalRequests = [request];
    renderApp(`/approvals/${request.id}`, { user: 'admin' });
    expect(
      await screen.findByText('You made this request: someone else must decide it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
