import { Modal, type ModalProps } from '@mantine/core';
import { type ComponentType, Fragment, type ReactNode } from 'react';
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

/** An add/edit dialog's props, with the record under its own name (`K`): null adds one. */
export type RecordDialogProps<K extends string, R, P> = {
  opened: boolean;
  /** Sends the payload; resolves when saved (the dialog then closes), rejects on a refusal (it stays open). */
  onSubmit: (payload: P) => Promise<unknown>;
  onClose: () => void;
} & { readonly [key in K]: R | null };

export interface RecordFormDialogProps extends Omit<FormDialogProps, 'title' | 'formKey'> {
  /** The record being edited; null adds one. */
  record: { id: string } | null;
  /** The add and the edit title. */
  titles: readonly [add: string, edit: string];
}

/** FormDialog for one record: titled for adding or editing it, keyed by it. */
export function RecordFormDialog({ record, titles: [add, edit], ...frame }: RecordFormDialogProps) {
  return <FormDialog {...frame} title={record ? edit : add} formKey={record?.id ?? 'new'} />;
}

/**
 * An add/edit dialog from its form: the record is the `key` prop (null adds one), the form mounts
 * keyed by it when the dialog opens and gets every prop.
 */
export function recordFormDialog<K extends string, R extends { id: string }, P, E = unknown>(
  key: K,
  Form: ComponentType<RecordDialogProps<K, R, P> & E>,
  frame: Pick<RecordFormDialogProps, 'titles' | 'size'>,
) {
  return function RecordDialog(props: RecordDialogProps<K, R, P> & E) {
    return (
      <RecordFormDialog opened={props.opened} onClose={props.onClose} record={props[key]} {...frame}>
        <Form {...props} />
      </RecordFormDialog>
    );
  };
}
