/**
 * Issue 22: the console turns a live event into refetches. A refund announced on the (mock) event
 * stream makes the open Transactions list ask again, without a reload; an approval, which the list
 * does not show, does not.
 */
import { announceMock } from '@mocks/handlers/money-flows';
import { captureRequests } from '@mocks/node';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { tableRows } from '@/test/table';

describe('live events', () => {
  it('a refund announced on the stream refetches the open Transactions list; an approval does not', async () => {
    const streams = captureRequests('/events');
    const lists = captureRequests('/transactions');
    renderApp('/transactions', { user: 'finance' });
    await tableRows('Transactions');
    await waitFor(() => expect(streams).toHaveLength(1));
    const before = lists.length;
    announceMock({ kind: 'approval', id: '00000000-0000-4000-8000-000000000001' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lists).toHaveLength(before);
    announceMock({ kind: 'refund', id: '00000000-0000-4000-8000-000000000002' });
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
  });
});
