import type { GatewayAccount } from '@contract/gateway-account';
import { ActivationDialog } from '@/components/activation-dialog';
import { useGatewayAccountStatusMutation } from '@/queries/gateway-accounts';
import { UI_GATEWAY_ACCOUNTS } from './copy';

interface GatewayAccountStatusDialogProps {
  account: GatewayAccount | null;
  onClose: () => void;
}

/** Asks before activating or deactivating a gateway account, named by its code, then sends the command. */
export function GatewayAccountStatusDialog({ account, onClose }: GatewayAccountStatusDialogProps) {
  const mutation = useGatewayAccountStatusMutation();
  return (
    <ActivationDialog
      record={account}
      nameOf={(shown) => shown.code}
      copy={UI_GATEWAY_ACCOUNTS}
      send={mutation.mutateAsync}
      pending={mutation.isPending}
      onClose={onClose}
    />
  );
}
