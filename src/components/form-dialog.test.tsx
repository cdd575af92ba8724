import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { FormDialog } from './form-dialog';

/** Stands in for a form: it keeps what was typed until it is mounted afresh. */
function Draft() {
  const [text, setText] = useState('');
  return <input aria-label="Name" value={text} onChange={(event) => setText(event.currentTarget.value)} />;
}

const dialog = (opened: boolean, formKey: string) => (
  <FormDialog opened={opened} onClose={vi.fn()} title="Edit Currency" formKey={formKey}>
    <Draft />
  </FormDialog>
);

describe('FormDialog', () => {
  it('mounts the form only while open, named by its title, with a labelled close button', async () => {
    const { rerender } = renderUi(dialog(false, 'new'));
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    rerender(dialog(true, 'new'));
    expect(await screen.findByRole('dialog', { name: 'Edit Currency' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeVisible();
  });

  it('starts afresh for another record, and keeps the draft for the same one', async () => {
    const { rerender } = renderUi(dialog(true, 'a'));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Birr');
    rerender(dialog(true, 'a'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Birr');
    rerender(dialog(true, 'b'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });
});
