import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';

// The palette's dialog arrives with its own chunk (decision 080); here the first try fails, as a
// dropped connection would, and the next one gets it.
const load = vi.hoisted(() => ({ failNext: true }));
vi.mock('./palette-dialog', async (importOriginal) => {
  if (load.failNext) {
    load.failNext = false;
    throw new Error('the chunk did not arrive');
  }
  return importOriginal();
});

describe('command palette, its first load', () => {
  it('says a failed load in a toast, and the next Ctrl+K loads and opens it', async () => {
    const { user } = renderApp('/transactions', { user: 'admin' });
    await screen.findByRole('navigation', { name: 'Main' });
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByText('Failed to load resources')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toContainElement(screen.getByRole('textbox', { name: /Go to a screen/ }));
  });
});
