import { mockId } from '@mocks/data/merchants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { tableRows } from '@/test/table';

const rows = () => tableRows('Merchants', 3000);

describe('keyboard shortcuts', () => {
  it('/ focuses the search box, without typing the slash', async () => {
    const { user } = renderApp('/merchants', { user: 'admin' });
    await rows();
    await user.keyboard('/');
    const box = screen.getByRole('searchbox');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('');
  });

  it('j and k move through the rows with one tab stop, and Enter opens the focused row', async () => {
    const { user, router } = renderApp('/merchants', { user: 'admin' });
    const shown = await rows();
    // Tab reaches the table at one row only: a roving tab index.
    expect(shown.map((row) => row.getAttribute('tabindex'))).toEqual(['0', ...Array(9).fill('-1')]);
    await user.keyboard('j');
    expect(shown[0]).toHaveFocus();
    await user.keyboard('jj');
    expect(shown[2]).toHaveFocus();
    await user.keyboard('k');
    expect(shown[1]).toHaveFocus();
    // The tab stop follows the focus.
    expect(shown[1]).toHaveAttribute('tabindex', '0');
    expect(shown[0]).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/merchant-details/${mockId(1, 2)}`));
  });

  it('k stops at the first row and j at the last', async () => {
    const { user } = renderApp('/merchants', { user: 'admin' });
    const shown = await rows();
    await user.keyboard('jk');
    expect(shown[0]).toHaveFocus();
    await user.keyboard('j'.repeat(15));
    expect(shown[9]).toHaveFocus();
  });

  it('does nothing while typing in a field', async () => {
    const { user } = renderApp('/merchants', { user: 'admin' });
    const shown = await rows();
    const box = screen.getByRole('searchbox');
    await user.click(box);
    await user.keyboard('jk/?');
    expect(box).toHaveValue('jk/?');
    expect(box).toHaveFocus();
    for (const row of shown) expect(row).not.toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('? lists every shortcut in a dialog, and nothing fires while it is open', async () => {
    const { user } = renderApp('/merchants', { user: 'admin' });
    const shown = await rows();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const lines = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(lines).toEqual([
      'Ctrl + KOpen the command palette (Cmd+K on a Mac)',
      "/Focus the list's search box",
      'jMove to the next row of the list',
      'kMove to the previous row of the list',
      'EnterOpen the focused row',
      '?Show this list',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    // Sent to the page behind the dialog: no row moves.
    fireEvent.keyDown(window, { key: 'j' });
    for (const row of shown) expect(row).not.toHaveFocus();
  });
});
