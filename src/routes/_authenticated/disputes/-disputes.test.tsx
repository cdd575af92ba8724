/**
 * Issue 22: the Chargebacks list (status and date filters in the URL and the request, bad search
 * params falling back to the defaults) and a chargeback's page (decided LOST with notes, the
 * payment's balance moving).
 */
import { sub } from '@contract/decimal';
import type { Dispute } from '@contract/dispute';
import { allTransactions } from '@mocks/data/transactions';
import { db } from '@mocks/db';
import { captureRequests } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/money';
import { renderApp } from '@/test/render-app';
import { cellsOf, sent, tableRows } from '@/test/table';

function chargeback(n: number, status: Dispute['status'], created_at: string): Dispute {
  const payment = allTransactions(db.merchants).filter((t) => t.type === 'PAYMENT' && t.status === 'SUCCESS')[
    n
  ];
  if (!payment) throw new Error('the mock data has too few successful payments');
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    status,
    amount: '5',
    fee: '0',
    reason: `Reason ${n}`,
    response_due: '2026-12-31',
    payment: {
      id: payment.id,
      txn_ref: payment.reference.txn_ref,
      amount: payment.amount,
      currency: {
        name_code: payment.transaction_method.currency.name_code,
        decimal_places: payment.transaction_method.currency.decimal_places,
      },
      merchant: payment.merchant,
      balance: payment.amount,
    },
    opened_by: { kind: 'staff', actor: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Dawit Haile' } },
    notes: status === 'OPEN' ? null : 'Decided',
    decided_at: status === 'OPEN' ? null : created_at,
    decided_by:
      status === 'OPEN' ? null : { id: '00000000-0000-4000-8000-0000000000aa', name: 'Dawit Haile' },
    created_at,
  };
}

const refs = async () => (await tableRows('Chargebacks')).map((row) => cellsOf(row)?.[1]);

describe('/disputes', () => {
  beforeEach(() => {
    db.disputes = [
      chargeback(1, 'OPEN', '2026-11-20T10:00:00.000Z'),
      chargeback(2, 'LOST', '2026-11-10T10:00:00.000Z'),
      chargeback(3, 'WON', '2026-10-01T10:00:00.000Z'),
    ];
  });

  it('lists every chargeback newest first; the status filter writes ?status= and reaches the request', async () => {
    const requests = captureRequests('/disputes');
    const { user, router } = renderApp('/disputes', { user: 'finance' });
    const [open, lost, won] = db.disputes;
    expect(await refs()).toEqual([open?.payment.txn_ref, lost?.payment.txn_ref, won?.payment.txn_ref]);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Lost' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'lost' }));
    await waitFor(() => expect(sent(requests)).toContainEqual({ page: '1', limit: '10', status: 'lost' }));
    await waitFor(async () => expect(await refs()).toEqual([lost?.payment.txn_ref]));
    expect(within((await tableRows('Chargebacks'))[0] as HTMLElement).getByText('Lost')).toBeInTheDocument();
  });

  it('a date range from the URL reaches the request; bad values fall back to no filter', async () => {
    const requests = captureRequests('/disputes');
    renderApp('/disputes?from=2026-11-01&to=2026-11-30&status=closed&page=x', { user: 'support' });
    await tableRows('Chargebacks');
    await waitFor(async () => expect(await refs()).toHaveLength(2), { timeout: 5000 });
    expect(sent(requests)).toContainEqual({ page: '1', limit: '10', from: '2026-11-01', to: '2026-11-30' });
    expect(sent(requests).every((query) => !('status' in query))).toBe(true);
  });

  it('a chargeback page decides it LOST with notes; the payment balance moves', async () => {
    const [open] = db.disputes;
    if (!open) throw new Error('no chargeback');
    const { user } = renderApp(`/disputes/${open.id}`, { user: 'finance' });
    expect(
      await screen.findByRole('heading', { name: `Chargeback on ${open.payment.txn_ref}` }),
    ).toBeInTheDocument();
    const { amount, currency } = open.payment;
    const money = (value: string) => `${formatMoney(value, currency.decimal_places)} ${currency.name_code}`;
    const value = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Payment balance')).toBe(money(amount));
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decide the chargeback' });
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(await within(dialog).findByText('Choose Won or Lost')).toBeInTheDocument();
    expect(within(dialog).getByText('Write a note on the decision')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Lost' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'No evidence from the merchant');
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(await screen.findByText('Chargeback decided')).toBeInTheDocument();
    await waitFor(() => expect(value('Decided by')).toBe('Dawit Haile'));
    expect(value('Payment balance')).toBe(money(sub(amount, open.amount)));
    expect(value('Notes')).toBe('No evidence from the merchant');
    expect(value('Status')).toBe('Lost');
    expect(screen.queryByRole('button', { name: 'Decide' })).toBeNull();
  });

  it('has no Decide button without manage-dispute (support)', async () => {
    const [open] = db.disputes;
    renderApp(`/disputes/${open?.id}`, { user: 'support' });
    expect(await screen.findByRole('heading', { name: /^Chargeback on / })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decide' })).toBeNull();
  });
});
