import { MERCHANT_COMMANDS_BY_STATUS, type Merchant, type MerchantCommand } from '@contract/merchant';
import { PERMISSIONS } from '@contract/permissions';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog, type ConfirmType } from '@/components/confirm-dialog';
import { usePermission } from '@/lib/permissions';
import { useMerchantStatusMutation } from '@/queries/merchants';
import { UI_MERCHANT_DETAILS } from './copy';

const A = UI_MERCHANT_DETAILS.actions;

/**
 * The dialog kind per command (spec §2: ACTIVATE's button reads 'Approve', DEACTIVATE's
 * 'Deactivate'). Activating asks with ACTIVATE whether it approves a merchant awaiting
 * verification or re-activates an inactive one; INFO ('Continue') is for messages, not commands.
 */
function confirmType(command: MerchantCommand): ConfirmType {
  return command === 'deactivate' ? 'DEACTIVATE' : 'ACTIVATE';
}

/** Activate / Deactivate per spec §4, for users with change-status-merchant, each confirmed first. */
export function MerchantStatusActions({ merchant }: { merchant: Merchant }) {
  const allowed = usePermission(PERMISSIONS.changeStatusMerchant);
  const mutation = useMerchantStatusMutation();
  const [pending, setPending] = useState<MerchantCommand | null>(null);
  if (!allowed) return null;
  const commands = MERCHANT_COMMANDS_BY_STATUS[merchant.status];
  const name = merchant.business_detail?.name ?? merchant.merchant_code;

  return (
    <>
      <Group gap="xs">
        {commands.map((command) => (
          <Button
            key={command}
            variant={command === 'activate' ? 'filled' : 'light'}
            // 'approve' (src/theme.ts): white text on Mantine's green falls below WCAG AA.
            color={command === 'activate' ? 'approve' : 'red'}
            onClick={() => setPending(command)}
          >
            {command === 'activate' ? A.activate : A.deactivate}
          </Button>
        ))}
      </Group>
      {pending ? (
        <ConfirmDialog
          opened
          type={confirmType(pending)}
          title={pending === 'activate' ? A.activateTitle : A.deactivateTitle}
          message={pending === 'activate' ? A.activateMessage(name) : A.deactivateMessage(name)}
          loading={mutation.isPending}
          onClose={() => setPending(null)}
          onConfirm={() =>
            mutation
              .mutateAsync({ id: merchant.id, command: pending })
              // Closed either way: on failure the toast says why and the refetched status decides
              // which actions remain.
              .finally(() => setPending(null))
          }
        />
      ) : null}
    </>
  );
}
