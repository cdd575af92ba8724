import { db } from '@mocks/db';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openListDialog } from '@/test/list';
import { renderApp } from '@/test/render-app';
import { cellsOf, tableRows } from '@/test/table';

describe('/users', () => {
  it('lists people with their roles and filters by status through the URL', async () => {
    const { user, router } = renderApp('/users');
    const rows = await tableRows('Users');
    expect(rows.map((row) => cellsOf(row)?.[2]).sort()).toEqual([
      'admin@example.com',
      'finance@example.com',
      'support@example.com',
    ]);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'INACTIVE' }));
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('adds a person: messages under the fields, then the one-time password shown once', async () => {
    const { user, dialog } = await openListDialog('/users', 'Users', 'Add User');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('A valid e-mail address is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one role')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Hana Girma');
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'hana@example.org');
    await user.click(within(dialog).getByRole('combobox', { name: 'Roles' }));
    await user.click(await screen.findByRole('option', { name: 'Finance' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const shown = await screen.findByRole('dialog', { name: 'One-time password' });
    expect(within(shown).getByTestId('one-time-password').textContent).toMatch(/^\S{12,}$/);
    expect(db.staffUsers.find((u) => u.email === 'hana@example.org')?.roles.map((r) => r.name)).toEqual([
      'Finance',
    ]);
  });

  it('shows no Add button without create-user, and the 403 page without view-user', async () => {
    renderApp('/users', { user: 'support' });
    await tableRows('Users');
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
    renderApp('/users', { user: 'finance' });
    expect(await screen.findAllByText(/permission/i)).not.toHaveLength(0);
  });
});

describe('/user-detail/$id', () => {
  it('deactivates a person after asking, and then offers Activate', async () => {
    const hana = db.staffUsers.find((u) => u.email === 'support@example.com');
    const { user } = renderApp(`/user-detail/${hana?.id}`);
    expect(await screen.findByRole('heading', { name: 'Tigist Alemu' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const ask = await screen.findByRole('dialog', { name: 'Deactivate user' });
    await user.click(within(ask).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(db.staffUsers.find((u) => u.id === hana?.id)?.status).toBe('INACTIVE'));
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });
});
