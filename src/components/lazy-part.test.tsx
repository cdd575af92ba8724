import { Button, Modal, TextInput } from '@mantine/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { LazyBody, lazyPart } from './lazy-part';

/** A part whose import the test settles by hand. */
function heldPart() {
  let settle: { resolve: (value: { Form: typeof Form }) => void; reject: (error: Error) => void } | null =
    null;
  const importer = vi.fn(
    () =>
      new Promise<{ Form: typeof Form }>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return {
    part: lazyPart(importer),
    importer,
    arrive: () => act(async () => settle?.resolve({ Form })),
    fail: () => act(async () => settle?.reject(new Error('network'))),
  };
}

function Form() {
  return (
    <form>
      <TextInput label="Name" data-autofocus />
      <Button type="submit">Save</Button>
    </form>
  );
}

function Dialog({ part }: { part: ReturnType<typeof heldPart>['part'] }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Open</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Save view">
        <LazyBody part={part}>{({ Form }) => <Form />}</LazyBody>
      </Modal>
    </>
  );
}

describe('LazyBody', () => {
  it('loads on first open, shows the named dialog busy meanwhile, then the form with focus in it', async () => {
    const held = heldPart();
    const { user } = renderUi(<Dialog part={held.part} />);
    expect(held.importer).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(within(dialog).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(held.importer).toHaveBeenCalledTimes(1);
    // Mantine's focus trap has put focus in the dialog (its close button) before the form came.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await held.arrive();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('renders the form at once, focused by the trap, when the part has already arrived', async () => {
    const held = heldPart();
    const loading = held.part.load();
    await held.arrive();
    await loading;
    const { user } = renderUi(<Dialog part={held.part} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(held.importer).toHaveBeenCalledTimes(1);
  });

  it('says a failed load failed, and Retry loads again', async () => {
    const held = heldPart();
    const { user } = renderUi(<Dialog part={held.part} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await held.fail();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to load resources');

    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(held.importer).toHaveBeenCalledTimes(2);
    expect(within(dialog).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await held.arrive();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  });
});
