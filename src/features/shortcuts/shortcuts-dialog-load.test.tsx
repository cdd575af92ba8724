import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { tableRows } from '@/test/table';

// The list of shortcuts arrives with its own chunk on the first `?` (decision 080); here that
// first try fails, as a dropped connection would, and the next one gets it.
const load = vi.hoisted(() => ({ failNext: true }));
vi.mock('./shortcuts-dialog', async (importOriginal) => {
  if (load.failNext) {
    load.failNext = false;
    throw new Error('the chunk did not arrive');
  }
  return importOriginal();
});

describe('keyboard shortcuts, the list’s first load', () => {
  it('says a failed load in a toast, and the next ? loads and opens the list', async () => {
    const { user } = renderApp('/merchants', { user: 'admin' });
    await tableRows('Merchants', 3000);
    await user.keyboard('?');
    expect(await screen.findByText('Failed to load resources')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();

    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog).toHaveTextContent('Ctrl');
  });
});
