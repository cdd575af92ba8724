import { allTransactions } from '@mocks/data/transactions';
import { db } from '@mocks/db';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { tableRows } from '@/test/table';

// The detail drawer arrives with its own chunk on first use (decision 080); here the first try
// fails, as a dropped connection would, and the next one gets it.
const load = vi.hoisted(() => ({ failNext: true }));
vi.mock('@/features/transactions/transaction-details-drawer', async (importOriginal) => {
  if (load.failNext) {
    load.failNext = false;
    throw new Error('the chunk did not arrive');
  }
  return importOriginal();
});

describe('/transactions: the detail drawer, its first load', () => {
  it('says a failed load in a toast, and opening a transaction again loads and shows it', async () => {
    const [first] = allTransactions(db.merchants);
    if (!first) throw new Error('the seed has no transaction');
    const { user, router } = renderApp(`/transactions?tx=${first.id}`, { user: 'admin' });
    expect(await screen.findByText('Failed to load resources')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Transaction details' })).not.toBeInTheDocument();
    // The drawer it could not show is closed, so the same row opens it again.
    await waitFor(() => expect(router.state.location.search).toEqual({}));

    const rows = await tableRows('Transactions');
    const row = rows.find((candidate) => within(candidate).queryByText(first.reference.txn_ref));
    if (!row) throw new Error('the first transaction is not on the first page');
    await user.click(within(row).getByText(first.reference.txn_ref));
    const drawer = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(
      within(drawer).getByText('Transaction ID', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent(first.id);
  });
});
