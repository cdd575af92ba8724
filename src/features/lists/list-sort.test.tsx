import type { ApprovalRequest } from '@contract/approval';
import { mockId } from '@mocks/data/merchants';
import { db } from '@mocks/db';
import { captureRequests } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { cellsOf, sent, tableRows } from '@/test/table';

/**
 * Issue 24 on every list but the transactions' (src/features/lists/lists.test.tsx): a sortable
 * header writes `sort` into the URL (a second click turns it) and the request carries it; a bad
 * `sort` in the URL falls back to the default order, which is neither in the URL nor sent.
 */
interface ListCase {
  path: string;
  api: string;
  table: string;
  header: string;
  key: string;
  /** The header that shows the default order, if the table shows its column. */
  defaultHeader?: string;
  /** Fills the mock store when the list starts empty. */
  seed?: () => void;
}

function approvalRequest(n: number, status: ApprovalRequest['status']): ApprovalRequest {
  return {
    id: `00000000-0000-4000-8000-00000000010${n}`,
    kind: 'gl-account',
    action: 'gl-account.create',
    status,
    summary: `Request ${n}`,
    subject_id: null,
    amount: null,
    currency: null,
    before: null,
    after: { name: `Account ${n}` },
    requested_by: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Dawit Haile' },
    requested_at: `2026-11-2${n}T10:00:00.000Z`,
    decided_by: null,
    decided_at: null,
    reason: null,
    failure: null,
  };
}

const LISTS: readonly ListCase[] = [
  { path: '/merchants', api: '/merchants', table: 'Merchants', header: 'Business name', key: 'name' },
  { path: '/currency', api: '/currencies', table: 'Currencies', header: 'Name Code', key: 'code' },
  {
    path: '/payment-methods',
    api: '/payment-methods',
    table: 'Payment Methods',
    header: 'Name',
    key: 'name',
  },
  { path: '/gl-accounts', api: '/gl-accounts', table: 'GL Accounts', header: 'Gl account name', key: 'name' },
  { path: '/users', api: '/users', table: 'Users', header: 'Last sign-in', key: 'last_sign_in' },
  {
    path: '/approvals',
    api: '/approvals',
    table: 'Approval requests',
    header: 'Status',
    key: 'status',
    defaultHeader: 'Asked at',
    seed: () => {
      db.approvalRequests = [approvalRequest(2, 'PENDING'), approvalRequest(1, 'APPROVED')];
    },
  },
  {
    // A list tab: the merchant's transactions, sorted by the transactions' keys.
    path: `/merchant-details/${mockId(1, 2)}?tab=transactions`,
    api: `/merchants/${mockId(1, 2)}/transactions`,
    table: 'Transactions',
    header: 'Amount',
    key: 'amount',
    defaultHeader: 'Date',
  },
  {
    path: '/audit-log',
    api: '/audit-log',
    table: 'Audit records',
    header: 'Outcome',
    key: 'outcome',
    defaultHeader: 'Time',
  },
];

describe.each(LISTS)('sort on $path (issue 24)', { timeout: 60_000 }, (list) => {
  it('sorts by a header: the URL and the request follow, a second click turns it', async () => {
    list.seed?.();
    const requests = captureRequests(list.api);
    const { user, router } = renderApp(list.path, { user: 'admin' });
    await tableRows(list.table);
    if (list.defaultHeader) {
      expect(screen.getByRole('columnheader', { name: list.defaultHeader })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
    }
    const header = screen.getByRole('columnheader', { name: list.header });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button', { name: list.header }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: `${list.key}.asc` }));
    await waitFor(() =>
      expect(sent(requests)).toContainEqual(expect.objectContaining({ sort: `${list.key}.asc` })),
    );
    expect(screen.getByRole('columnheader', { name: list.header })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: list.header }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: `${list.key}.desc` }));
    await waitFor(() =>
      expect(sent(requests)).toContainEqual(expect.objectContaining({ sort: `${list.key}.desc` })),
    );
  });

  it('falls back to the default order on a bad sort, sending none', async () => {
    list.seed?.();
    const requests = captureRequests(list.api);
    const { router } = renderApp(
      `${list.path}${list.path.includes('?') ? '&' : '?'}sort=${list.key}.sideways`,
      { user: 'admin' },
    );
    await tableRows(list.table);
    expect(router.state.location.search).not.toHaveProperty('sort');
    expect(sent(requests)[0]).not.toHaveProperty('sort');
    expect(screen.getByRole('columnheader', { name: list.header })).toHaveAttribute('aria-sort', 'none');
  });
});

describe('the mocks sort as the server does', () => {
  it('lists merchants by business name, descending, from the URL', async () => {
    renderApp('/merchants?sort=name.desc', { user: 'admin' });
    const cells = (await tableRows('Merchants')).map((row) => cellsOf(row)[2] ?? '');
    // A merchant without business details has no name: first in descending order, as NULL is.
    const unnamed = cells.filter((cell) => cell.endsWith('No business details'));
    expect(cells.slice(0, unnamed.length)).toEqual(unnamed);
    const names = cells.slice(unnamed.length);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });
});
