import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/errors';
import { renderUi } from '@/test/render-ui';
import { SubmitModal } from './submit-modal';

function renderModal(onSubmit: () => Promise<void>, disabled = false) {
  const onClose = vi.fn();
  const view = renderUi(
    <SubmitModal
      title="Close March 2026"
      submitLabel="Close month"
      disabled={disabled}
      pending={false}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <p>fields</p>
    </SubmitModal>,
  );
  return { ...view, onClose };
}

describe('SubmitModal', () => {
  it("shows the server's refusal inside the dialog and keeps it open", async () => {
    const { user, onClose } = renderModal(() =>
      Promise.reject(new ApiError(409, 'Request failed', 'March 2026 is already closed')),
    );
    await user.click(screen.getByRole('button', { name: 'Close month' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('March 2026 is already closed');
    expect(screen.getByRole('dialog', { name: 'Close March 2026' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows a check of the dialog's own (thrown before any call), then clears it once the submit goes through", async () => {
    let refuse = true;
    const submit = vi.fn(async () => {
      if (refuse) throw new Error('Enter the reason');
    });
    const { user } = renderModal(submit);
    await user.click(screen.getByRole('button', { name: 'Close month' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Enter the reason$/);
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Close month' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('does not submit while disabled', async () => {
    const submit = vi.fn(() => Promise.resolve());
    const { user } = renderModal(submit, true);
    await user.click(screen.getByRole('button', { name: 'Close month' }));
    expect(submit).not.toHaveBeenCalled();
  });
});
