import { Modal, type ModalProps } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { UI_KIT } from './copy';

export interface FormDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  /** The record being edited, or 'new': a new key starts the form from that record's values. */
  formKey: string;
  /** The form; rendered only while the dialog is open. */
  children: ReactNode;
}

/**
 * The add/edit dialog every catalogue screen uses: the form mounts when the dialog opens, keyed by
 * the record, so each opening starts from the chosen record's values and not the last form's.
 */
export function FormDialog({ opened, onClose, title, size, formKey, children }: FormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size={size}
      closeButtonProps={{ 'aria-label': UI_KIT.dialog.close }}
    >
      {opened ? <Fragment key={formKey}>{children}</Fragment> : null}
    </Modal>
  );
}
