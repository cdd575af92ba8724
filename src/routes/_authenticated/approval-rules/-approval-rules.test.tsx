import { db } from '@mocks/db';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('/approval-rules', () => {
  it('sets a payout threshold per currency as an exact decimal, and switches rules on', async () => {
    const { user } = renderApp('/approval-rules');
    const payouts = await screen.findByRole('group', { name: 'Payouts above an amount' });
    await user.click(within(payouts).getByRole('button', { name: 'Add currency' }));
    await user.click(within(payouts).getByLabelText('Payouts above an amount: Currency 1'));
    await user.click(await screen.findByRole('option', { name: 'ETB' }));
    await user.type(
      within(payouts).getByRole('textbox', { name: 'Payouts above an amount: Amount 1' }),
      '10000.000001',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Every manual journal' }));
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('Approval rules saved')).toBeInTheDocument();
    expect(db.approvalRules).toMatchObject({
      payout_thresholds: [{ currency: 'ETB', amount: '10000.000001' }],
      manual_journals: true,
      gl_account_changes: false,
    });
  });

  it('shows the messages under the fields and saves nothing', async () => {
    const { user } = renderApp('/approval-rules');
    const payouts = await screen.findByRole('group', { name: 'Payouts above an amount' });
    await user.click(within(payouts).getByRole('button', { name: 'Add currency' }));
    await user.type(
      within(payouts).getByRole('textbox', { name: 'Payouts above an amount: Amount 1' }),
      '-5',
    );
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('Select a currency')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount of zero or more')).toBeInTheDocument();
    expect(db.approvalRules.payout_thresholds).toEqual([]);
  });

  it('reopening a period is always covered; the screen needs manage-approval-rules', async () => {
    renderApp('/approval-rules');
    expect(await screen.findByRole('checkbox', { name: 'Reopening a closed period (always)' })).toBeChecked();
    renderApp('/approval-rules', { user: 'finance' });
    await waitFor(() => expect(screen.getAllByText(/permission/i).length).toBeGreaterThan(0));
  });
});
