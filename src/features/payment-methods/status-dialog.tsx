import type { PaymentMethod } from '@contract/payment-method';
import { ActivationDialog } from '@/components/activation-dialog';
import { usePaymentMethodStatusMutation } from '@/queries/payment-methods';
import { UI_PAYMENT_METHODS } from './copy';

interface PaymentMethodStatusDialogProps {
  /** The method whose status is to change; null keeps the dialog closed. */
  method: PaymentMethod | null;
  onClose: () => void;
}

/** Asks before activating or deactivating a payment method (spec §4), named by its name. */
export function PaymentMethodStatusDialog({ method, onClose }: PaymentMethodStatusDialogProps) {
  const { mutateAsync, isPending } = usePaymentMethodStatusMutation();
  return (
    <ActivationDialog
      record={method}
      nameOf={(shown) => shown.name}
      copy={UI_PAYMENT_METHODS}
      send={mutateAsync}
      pending={isPending}
      onClose={onClose}
    />
  );
}
