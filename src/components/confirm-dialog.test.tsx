import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it.each([
    ['INFO', 'Continue'],
    ['DEACTIVATE', 'Deactivate'],
    ['ACTIVATE', 'Approve'],
  ] as const)('%s confirms with %s and cancels with Cancel', async (type, label) => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const { user } = renderUi(
      <ConfirmDialog
        opened
        type={type}
        title="Are you sure?"
        message="Really?"
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toHaveTextContent('Really?');
    await user.click(screen.getByRole('button', { name: label }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is busy while the action runs and cannot be cancelled meanwhile', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    const { user } = renderUi(
      <ConfirmDialog
        opened
        type="DEACTIVATE"
        title="Deactivate merchant"
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'Deactivate' });
    await user.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('data-loading', 'true'));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finish();
    await waitFor(() => expect(confirm).not.toHaveAttribute('data-loading'));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
