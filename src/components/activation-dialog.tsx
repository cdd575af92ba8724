import type { ActivationCommand, ActiveStatus } from '@contract/fields';
import { commandFor, useLastNonNull } from '@/lib/activation';
import { ConfirmDialog } from './confirm-dialog';

/** A screen's texts for asking before an activate or a deactivate. */
export type ActivationCopy = Record<'activate' | 'deactivate' | 'activateTitle' | 'deactivateTitle', string> &
  Record<'activateMessage' | 'deactivateMessage', (name: string) => string>;

export interface ActivationDialogProps<R extends { id: string; status: ActiveStatus }> {
  /** The record whose status is to change; null keeps the dialog closed. */
  record: R | null;
  /** What the message calls the record (its code, its name). */
  nameOf: (record: R) => string;
  copy: ActivationCopy;
  /** Sends the command (a mutation's mutateAsync). */
  send: (change: { id: string; command: ActivationCommand }) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
}

/**
 * Asks before activating or deactivating a record (spec §4: ACTIVE offers Deactivate, anything else
 * Activate), then sends the command. Closed either way: a refusal is toasted and the refetched
 * record shows what applies now.
 */
export function ActivationDialog<R extends { id: string; status: ActiveStatus }>({
  record,
  nameOf,
  copy,
  send,
  pending,
  onClose,
}: ActivationDialogProps<R>) {
  const shown = useLastNonNull(record);
  const command = shown ? commandFor(shown.status) : 'deactivate';
  const activate = command === 'activate';
  const name = shown ? nameOf(shown) : '';
  return (
    <ConfirmDialog
      opened={record !== null}
      type={activate ? 'ACTIVATE' : 'DEACTIVATE'}
      title={activate ? copy.activateTitle : copy.deactivateTitle}
      message={activate ? copy.activateMessage(name) : copy.deactivateMessage(name)}
      confirmLabel={activate ? copy.activate : copy.deactivate}
      loading={pending}
      onClose={onClose}
      onConfirm={() => (record ? send({ id: record.id, command }).finally(onClose) : undefined)}
    />
  );
}
