import { db } from '@mocks/db';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { cellsOf, tableRows } from '@/test/table';

describe('/api-clients', () => {
  it('adds a client with its scopes and shows its key once; the list shows only its prefix', async () => {
    const { user } = renderApp('/api-clients');
    await user.click(await screen.findByRole('button', { name: 'Add API Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add API Client' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one scope')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Checkout platform');
    await user.click(within(dialog).getByRole('checkbox', { name: /payouts:write/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /payments:write/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const keyDialog = await screen.findByRole('dialog', { name: 'API key' });
    const stored = db.apiClients.find((c) => c.name === 'Checkout platform');
    expect(stored?.scopes).toEqual(['payments:write', 'payouts:write']);
    expect(within(keyDialog).getByTestId('api-key')).toHaveTextContent(stored?.api_key ?? 'none');
    expect(within(keyDialog).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    await user.click(within(keyDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'API key' })).toBeNull());

    const rows = await tableRows('API clients');
    await waitFor(() => expect(screen.getByText('Checkout platform')).toBeInTheDocument());
    expect(screen.queryByText(stored?.api_key ?? 'none')).toBeNull();
    expect(rows.length).toBeGreaterThan(0);
  });

  it('revokes a client after confirming; a revoked one offers no Revoke', async () => {
    db.apiClients = [
      {
        id: '5a7e1f8e-0c52-4b6a-9d0f-1a2b3c4d5e6f',
        name: 'Old platform',
        scopes: ['payments:write'],
        key_prefix: 'papi_0123456789abcdef',
        status: 'ACTIVE',
        created_at: '2026-11-20T10:00:00.000Z',
        created_by: null,
        revoked_at: null,
        revoked_by: null,
        api_key: `papi_0123456789abcdef_${'a'.repeat(64)}`,
      },
    ];
    const { user } = renderApp('/api-clients');
    await tableRows('API clients');
    await user.click(await screen.findByRole('button', { name: 'Revoke Old platform' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API client' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(db.apiClients[0]?.status).toBe('REVOKED'));
    await waitFor(async () => {
      const [row] = await tableRows('API clients');
      expect(cellsOf(row as HTMLElement)?.slice(1)).toEqual(
        expect.arrayContaining(['Old platform', 'papi_0123456789abcdef…', 'Revoked']),
      );
    });
    expect(screen.queryByRole('button', { name: 'Revoke Old platform' })).toBeNull();
  });

  it('is closed to support: the 403 page, no Add button', async () => {
    renderApp('/api-clients', { user: 'support' });
    expect(await screen.findByText(/permission/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add API Client' })).toBeNull();
  });
});
