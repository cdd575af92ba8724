import { db } from '@mocks/db';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openListDialog } from '@/test/list';
import { renderApp } from '@/test/render-app';
import { cellsOf, tableRows } from '@/test/table';

describe('/roles', () => {
  it('lists the built-in roles first, with no actions on them', async () => {
    renderApp('/roles');
    const rows = await tableRows('Roles');
    expect(rows.map((row) => cellsOf(row)?.[1])).toEqual(['Admin', 'Finance', 'Support']);
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('adds a role from the permission matrix, grouped by type; a missing name is named under the field', async () => {
    const { user, dialog } = await openListDialog('/roles', 'Roles', 'Add Role');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Role name is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Role name' }), 'Ledger readers');
    const ledger = within(dialog).getByRole('group', { name: 'GL accounts' });
    await user.click(within(ledger).getByRole('checkbox', { name: 'view-gl-account' }));
    const staff = within(dialog).getByRole('group', { name: 'Staff users' });
    await user.click(within(staff).getByRole('checkbox', { name: 'view-user' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Role' })).toBeNull());
    expect(db.roles.find((r) => r.name === 'Ledger readers')?.permissions).toEqual([
      'view-gl-account',
      'view-user',
    ]);
    const rows = await tableRows('Roles');
    await waitFor(() => expect(rows.length).toBeGreaterThan(0));
    expect(await screen.findByText('Ledger readers')).toBeInTheDocument();
  });

  it('shows no Add button without update-role', async () => {
    renderApp('/roles', { user: 'support' });
    await tableRows('Roles');
    expect(screen.queryByRole('button', { name: 'Add Role' })).toBeNull();
  });
});
