/**
 * Issue 22: the transaction drawer's refunds and chargebacks part: what was refunded and what is
 * left, the refund form (the contract's messages under the fields, the amount sent exactly, the
 * drawer updated without a reload), Refund hidden without refund-transaction, and a refund showing
 * the payment it returned.
 */
import { normalize } from '@contract/decimal';
import { REFUND_MESSAGES } from '@contract/refund';
import { allTransactions } from '@mocks/data/transactions';
import { db } from '@mocks/db';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

/** The bodies of the refunds the console posts, as sent. */
function capturePosts(path: string): unknown[] {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith(path)) {
      void request
        .clone()
        .json()
        .then((body: unknown) => bodies.push(body));
    }
  });
  return bodies;
}

function successfulPayment() {
  const payment = allTransactions(db.merchants).find((t) => t.type === 'PAYMENT' && t.status === 'SUCCESS');
  if (!payment) throw new Error('the mock data has no successful payment');
  return payment;
}

const shown = (drawer: HTMLElement, label: string) =>
  within(drawer).queryByText(label, { selector: 'dt' })?.nextElementSibling?.textContent;

async function openDrawer(id: string, user: 'admin' | 'support' | 'finance' = 'finance') {
  const view = renderApp(`/transactions?tx=${id}`, { user });
  const drawer = await screen.findByRole('dialog', { name: 'Transaction details' });
  await within(drawer).findByText('Refunds and chargebacks');
  return { ...view, drawer };
}

describe('/transactions drawer: refunds', () => {
  it('refunds part of a payment: messages under the fields first, then the amount sent and the refunded total shown', async () => {
    const payment = successfulPayment();
    const posts = capturePosts(`/transactions/${payment.id}/refunds`);
    const { drawer, user } = await openDrawer(payment.id);
    const code = payment.transaction_method.currency.name_code;
    expect(shown(drawer, 'Refunded')).toBe(`0.00 ${code}`);
    expect(shown(drawer, 'Refunds')).toBe('Nothing refunded');

    await user.click(within(drawer).getByRole('button', { name: 'Refund' }));
    const form = within(drawer).getByRole('region', { name: 'Refund this payment' });
    const amount = within(form).getByRole('textbox', { name: 'Amount' });
    // What is left is offered; a refund of nothing and a missing reason are refused under their fields.
    expect(amount).toHaveValue(normalize(payment.amount));
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText(REFUND_MESSAGES.amount)).toBeInTheDocument();
    expect(within(form).getByText(REFUND_MESSAGES.reason)).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '10.50');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Damaged on arrival');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(posts).toEqual([{ amount: '10.50', reason: 'Damaged on arrival' }]));
    expect(await screen.findByText('Refund made')).toBeInTheDocument();
    await waitFor(() => expect(shown(drawer, 'Refunded')).toBe(`10.50 ${code}`));
    expect(shown(drawer, 'Refunds')).toContain('Damaged on arrival');
    expect(within(drawer).queryByRole('region', { name: 'Refund this payment' })).toBeNull();
  });

  it('above its currency’s approval threshold: the refund is sent for approval, nothing is refunded yet', async () => {
    const payment = successfulPayment();
    const code = payment.transaction_method.currency.name_code;
    db.approvalRules = { ...db.approvalRules, refund_thresholds: [{ currency: code, amount: '5' }] };
    const { drawer, user } = await openDrawer(payment.id);
    await user.click(within(drawer).getByRole('button', { name: 'Refund' }));
    const form = within(drawer).getByRole('region', { name: 'Refund this payment' });
    const amount = within(form).getByRole('textbox', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '10.50');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Damaged on arrival');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(
      await screen.findByText(
        `Sent for approval: Refund of payment ${payment.reference.txn_ref}. A second person must approve it.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Refund made')).toBeNull();
    expect(shown(drawer, 'Refunded')).toBe(`0.00 ${code}`);
  });

  it('shows the server’s refusal when the refund is more than is left, and keeps the form open', async () => {
    const payment = successfulPayment();
    const { drawer, user } = await openDrawer(payment.id);
    await user.click(within(drawer).getByRole('button', { name: 'Refund' }));
    const form = within(drawer).getByRole('region', { name: 'Refund this payment' });
    const amount = within(form).getByRole('textbox', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '99999999');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Too much');
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(REFUND_MESSAGES.tooMuch(normalize(payment.amount)))).toBeInTheDocument();
    expect(within(drawer).getByRole('region', { name: 'Refund this payment' })).toBeInTheDocument();
  });

  it('has no Refund button without refund-transaction (support)', async () => {
    const payment = successfulPayment();
    const { drawer } = await openDrawer(payment.id, 'support');
    expect(shown(drawer, 'Balance')).toBeDefined();
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Open chargeback' })).toBeNull();
  });
});
