import { type BulkDecision, bulkDecisionSchema } from '@contract/payout-bulk';
import { TRANSACTION_CSV_COLUMNS } from '@contract/transaction-csv';
import { allTransactions } from '@mocks/data/transactions';
import { db } from '@mocks/db';
import { API, ok } from '@mocks/http';
import { captureRequests, server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '@/test/downloads';
import { renderApp } from '@/test/render-app';
import { sent, tableRows } from '@/test/table';

const bodyRows = () => tableRows('Payouts requests');
const pendingPayouts = () => allTransactions(db.merchants).filter((t) => t.status === 'PAY_OUT');

/** The JSON bodies the console posts to the bulk decision. */
function captureBulkBodies(): unknown[] {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/payouts/bulk-decision')) {
      void request
        .clone()
        .json()
        .then((body) => bodies.push(body));
    }
  });
  return bodies;
}

describe('/payouts bulk actions', () => {
  it('selects the page, approves the selection after confirmation and shows the summary', async () => {
    const bodies = captureBulkBodies();
    const { user } = renderApp('/payouts', { user: 'admin' });
    const rows = await bodyRows();
    const pageIds = pendingPayouts()
      .slice(0, rows.length)
      .map((t) => t.id);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText(`${rows.length} selected`)).toBeInTheDocument();
    // One row unticked: the rest stay selected.
    const first = pendingPayouts()[0];
    await user.click(screen.getByRole('checkbox', { name: `Select ${first?.reference.txn_ref}` }));
    expect(within(bar).getByText(`${rows.length - 1} selected`)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: `Select ${first?.reference.txn_ref}` }));

    await user.click(within(bar).getByRole('button', { name: 'Approve selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve payouts' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    const summary = await screen.findByRole('dialog', { name: 'Bulk decision' });
    expect(within(summary).getByText(`${rows.length} approved`)).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({ command: 'approve', ids: [...pageIds.slice(1), pageIds[0]] });
    for (const id of pageIds) {
      expect(allTransactions(db.merchants).find((t) => t.id === id)?.status).toBe('SUCCESS');
    }
    await user.click(within(summary).getByRole('button', { name: 'Close' }));
    // The list was refetched: the decided payouts left it, the selection is gone.
    await waitFor(() => expect(screen.queryByText(first?.reference.txn_ref ?? '')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('selects all that match the filters and rejects them with a reason: the call sends the filters', async () => {
    const bodies = captureBulkBodies();
    const total = pendingPayouts().length;
    const { user } = renderApp('/payouts', { user: 'admin' });
    const rows = await bodyRows();
    expect(total).toBeGreaterThan(rows.length);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: `Select all ${total} that match` }));
    expect(within(bar).getByText(`All ${total} that match the filters are selected`)).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject payouts' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give a reason for rejecting the payouts')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Duplicate batch');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    const summary = await screen.findByRole('dialog', { name: 'Bulk decision' });
    expect(within(summary).getByText(`${total} rejected`)).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      command: 'reject',
      reason: 'Duplicate batch',
      filter: { status: 'pay-out' },
    });
    expect(pendingPayouts()).toHaveLength(0);
  });

  it('the summary says what was sent for approval and what was refused, and why', async () => {
    const [a, b, c] = pendingPayouts();
    if (!a || !b || !c) throw new Error('the seed has too few payout requests');
    const answer: BulkDecision = {
      command: 'approve',
      results: [
        {
          id: a.id,
          reference: a.reference.txn_ref,
          outcome: 'approved',
          message: null,
          approval_request_id: null,
        },
        {
          id: b.id,
          reference: b.reference.txn_ref,
          outcome: 'sent-for-approval',
          message: null,
          approval_request_id: crypto.randomUUID(),
        },
        {
          id: c.id,
          reference: c.reference.txn_ref,
          outcome: 'refused',
          message: 'Payout is no longer pending',
          approval_request_id: null,
        },
      ],
      counts: { approved: 1, rejected: 0, sent_for_approval: 1, refused: 1 },
    };
    server.use(http.post(`${API}/payouts/bulk-decision`, () => ok(bulkDecisionSchema, answer)));
    const { user } = renderApp('/payouts', { user: 'admin' });
    await bodyRows();
    for (const t of [a, b, c]) {
      await user.click(screen.getByRole('checkbox', { name: `Select ${t.reference.txn_ref}` }));
    }
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('3 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Approve selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve payouts' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    const summary = await screen.findByRole('dialog', { name: 'Bulk decision' });
    expect(within(summary).getByText('1 approved')).toBeInTheDocument();
    expect(within(summary).getByText('1 sent for approval')).toBeInTheDocument();
    expect(within(summary).getByText('1 refused')).toBeInTheDocument();
    const refused = within(summary).getByRole('alert');
    expect(refused).toHaveTextContent(`${c.reference.txn_ref}: Payout is no longer pending`);
    expect(refused).not.toHaveTextContent(a.reference.txn_ref);
  });

  it('support may export the selection but not decide it', async () => {
    const { user } = renderApp('/payouts', { user: 'support' });
    await bodyRows();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByRole('button', { name: 'Export selected to CSV' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Approve selected' })).not.toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Reject selected' })).not.toBeInTheDocument();
  });
});

describe('/payouts: export the selection to CSV', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The saved file's lines, without the empty one after the last line break. */
  async function savedLines(blob: Blob | undefined): Promise<string[]> {
    const lines = (await blob?.text())?.split('\r\n') ?? [];
    expect(lines.at(-1)).toBe('');
    return lines.slice(0, -1);
  }

  it("saves the ticked rows, and only them, as the export's CSV without asking the server", async () => {
    const exports = captureRequests('/transactions/export');
    const downloads = captureDownloads();
    const { user } = renderApp('/payouts', { user: 'admin' });
    await bodyRows();
    const [a, , c] = pendingPayouts();
    if (!a || !c) throw new Error('the mock data has fewer than three pending payouts');
    await user.click(screen.getByRole('checkbox', { name: `Select ${a.reference.txn_ref}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select ${c.reference.txn_ref}` }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: 'Export selected to CSV' }));

    await waitFor(() =>
      expect(downloads.names).toEqual([`payouts-${new Date().toISOString().slice(0, 10)}.csv`]),
    );
    const [header, ...rows] = await savedLines(downloads.blobs[0]);
    expect(header).toBe(TRANSACTION_CSV_COLUMNS.map((column) => column.header).join(','));
    expect(rows.map((line) => line.split(',')[0])).toEqual([a.id, c.id]);
    // Each line names its payout's reference, as the Transactions export does.
    expect(rows[0]).toContain(a.reference.txn_ref);
    expect(rows[1]).toContain(c.reference.txn_ref);
    expect(downloads.blobs[0]?.type).toMatch(/^text\/csv/);
    expect(sent(exports)).toEqual([]);
  });

  it('all that match: the server export of pending payouts with the list filters, every page', async () => {
    const exports = captureRequests('/transactions/export');
    const downloads = captureDownloads();
    const total = pendingPayouts().length;
    const { user } = renderApp('/payouts', { user: 'admin' });
    const shown = await bodyRows();
    expect(total).toBeGreaterThan(shown.length);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: `Select all ${total} that match` }));
    await user.click(within(bar).getByRole('button', { name: 'Export selected to CSV' }));

    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(sent(exports)).toEqual([{ status: 'pay-out' }]);
    const [, ...rows] = await savedLines(downloads.blobs[0]);
    expect(rows.map((line) => line.split(',')[0]).sort()).toEqual(
      pendingPayouts()
        .map((t) => t.id)
        .sort(),
    );
  });
});
