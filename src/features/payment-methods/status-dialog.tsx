import type { PaymentMethod } from '@contract/payment-method';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { commandFor, useLastNonNull } from '@/lib/activation';
import { usePaymentMethodStatusMutation } from '@/queries/payment-methods';
import { UI_PAYMENT_METHODS } from './copy';

const T = UI_PAYMENT_METHODS;

interface PaymentMethodStatusDialogProps {
  /** The method whose status is to change; null keeps the dialog closed. */
  method: PaymentMethod | null;
  onClose: () => void;
}

/** Asks before activating or deactivating a payment method (spec §4), then sends the command. */
export function PaymentMethodStatusDialog({ method, onClose }: PaymentMethodStatusDialogProps) {
  const mutation = usePaymentMethodStatusMutation();
  const shown = useLastNonNull(method);
  const command = shown ? commandFor(shown.status) : 'deactivate';
  const activate = command === 'activate';
  const name = shown?.name ?? '';
  return (
    <ConfirmDialog
      opened={method !== null}
      type={activate ? 'ACTIVATE' : 'DEACTIVATE'}
      title={activate ? T.activateTitle : T.deactivateTitle}
      message={activate ? T.activateMessage(name) : T.deactivateMessage(name)}
      confirmLabel={activate ? T.activate : T.deactivate}
      loading={mutation.isPending}
      onClose={onClose}
      onConfirm={() =>
        method
          ? mutation
              .mutateAsync({ id: method.id, command })
              // Closed either way: a failure is toasted and the refetched row shows what applies now.
              .finally(onClose)
          : undefined
      }
    />
  );
}
