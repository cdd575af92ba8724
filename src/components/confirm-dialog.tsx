import { Button, Group, type MantineColor, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { UI_KIT } from './copy';

/** Spec §2 "Shared dialogs": the three kinds of confirmation. */
export type ConfirmType = keyof typeof UI_KIT.confirm.labels;

// 'approve' (src/theme.ts): white text on Mantine's own green falls below WCAG AA.
const COLORS: Record<ConfirmType, MantineColor> = { INFO: 'blue', DEACTIVATE: 'red', ACTIVATE: 'approve' };

export interface ConfirmDialogProps {
  opened: boolean;
  type: ConfirmType;
  title: string;
  message?: ReactNode;
  /** Defaults to the type's label: Continue, Deactivate or Approve. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Set by the caller (e.g. `mutation.isPending`); a promise returned by onConfirm also counts. */
  loading?: boolean;
  onConfirm: () => unknown;
  onClose: () => void;
}

/**
 * Asks before a status change. While the action runs the buttons are busy and the dialog cannot be
 * dismissed, so a second click cannot send the command twice.
 */
export function ConfirmDialog({
  opened,
  type,
  title,
  message,
  confirmLabel = UI_KIT.confirm.labels[type],
  cancelLabel = UI_KIT.confirm.cancel,
  loading,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const busy = loading === true || running;

  const confirm = async () => {
    const result = onConfirm();
    if (result instanceof Promise) {
      setRunning(true);
      try {
        await result;
      } finally {
        setRunning(false);
      }
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={title}
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': UI_KIT.dialog.close }}
    >
      {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button color={COLORS[type]} loading={busy} onClick={() => void confirm().catch(() => undefined)}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
