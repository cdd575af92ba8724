import type { GatewayAccount } from '@contract/gateway-account';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { commandFor, useLastNonNull } from '@/lib/activation';
import { useGatewayAccountStatusMutation } from '@/queries/gateway-accounts';
import { UI_GATEWAY_ACCOUNTS } from './copy';

const T = UI_GATEWAY_ACCOUNTS;

interface GatewayAccountStatusDialogProps {
  account: GatewayAccount | null;
  onClose: () => void;
}

/** Asks before activating or deactivating a gateway account, then sends the command. */
export function GatewayAccountStatusDialog({ account, onClose }: GatewayAccountStatusDialogProps) {
  const mutation = useGatewayAccountStatusMutation();
  const shown = useLastNonNull(account);
  const command = shown ? commandFor(shown.status) : 'deactivate';
  const activate = command === 'activate';
  const code = shown?.code ?? '';
  return (
    <ConfirmDialog
      opened={account !== null}
      type={activate ? 'ACTIVATE' : 'DEACTIVATE'}
      title={activate ? T.activateTitle : T.deactivateTitle}
      message={activate ? T.activateMessage(code) : T.deactivateMessage(code)}
      confirmLabel={activate ? T.activate : T.deactivate}
      loading={mutation.isPending}
      onClose={onClose}
      onConfirm={() =>
        account
          ? mutation
              .mutateAsync({ id: account.id, command })
              // Closed either way: a refusal is toasted and the refetched account shows what applies.
              .finally(onClose)
          : undefined
      }
    />
  );
}
