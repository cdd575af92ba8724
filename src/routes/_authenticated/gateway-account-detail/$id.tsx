import type { GatewayAccount } from '@contract/gateway-account';
import { PERMISSIONS } from '@contract/permissions';
import { Button, Group, Paper, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { DetailPageFrame } from '@/components/detail-page-frame';
import { ChangeHistory } from '@/features/change-history/change-history';
import { UI_GATEWAY_ACCOUNTS } from '@/features/gateway-accounts/copy';
import { GatewayAccountDetails } from '@/features/gateway-accounts/gateway-account-details';
import { GatewayAccountFormDialog } from '@/features/gateway-accounts/gateway-account-form-dialog';
import { GatewayAccountStatusDialog } from '@/features/gateway-accounts/status-dialog';
import { ACTIVATE_BUTTON_STYLES, commandFor } from '@/lib/activation';
import { warmOnEnter } from '@/lib/list-route';
import { usePermission } from '@/lib/permissions';
import { gatewayAccountQueries, useUpdateGatewayAccount } from '@/queries/gateway-accounts';

const T = UI_GATEWAY_ACCOUNTS;

/** Entering the page warms its data. A const: the router plugin does not split a call with type arguments (decision 050). */
const warmDetail = warmOnEnter<{ id: string }>(({ queryClient, params }) =>
  queryClient.ensureQueryData(gatewayAccountQueries.detail(params.id)),
);

export const Route = createFileRoute('/_authenticated/gateway-account-detail/$id')({
  staticData: { permission: PERMISSIONS.viewGatewayAccount },
  loader: warmDetail,
  component: GatewayAccountDetailPage,
});

function GatewayAccountDetailPage() {
  const { id } = Route.useParams();
  const query = useQuery({ ...gatewayAccountQueries.detail(id), retryOnMount: false });
  // Editing and, beyond the spec, activating and deactivating (docs/spec-deviations.md).
  const canUpdate = usePermission(PERMISSIONS.updateGatewayAccount);
  const update = useUpdateGatewayAccount();
  const [editing, setEditing] = useState(false);
  // The account as it was when asked, so the dialog keeps its wording while the detail refetches.
  const [changing, setChanging] = useState<GatewayAccount | null>(null);

  return (
    <DetailPageFrame
      query={query}
      back={{ to: '/gateway-accounts', label: T.title }}
      notFound={T.notFound}
      crumb={(r) => r.code}
    >
      {(account) => {
        const command = commandFor(account.status);
        return (
          <>
            <Group justify="space-between" align="center" wrap="wrap">
              <Title order={2}>{account.code}</Title>
              {canUpdate ? (
                <Group gap="xs">
                  <Button variant="default" onClick={() => setEditing(true)}>
                    {T.edit}
                  </Button>
                  <Button
                    variant="light"
                    color={command === 'activate' ? 'green' : 'red'}
                    styles={command === 'activate' ? ACTIVATE_BUTTON_STYLES : undefined}
                    onClick={() => setChanging(account)}
                  >
                    {command === 'activate' ? T.activate : T.deactivate}
                  </Button>
                </Group>
              ) : null}
            </Group>
            <Paper withBorder radius="md" p="md">
              <GatewayAccountDetails account={account} />
            </Paper>
            {/* Ours: who changed the account (docs/api.md, "Change history"). */}
            <Paper withBorder radius="md" p="md">
              <ChangeHistory subject="gateway_account" subjectId={account.id} titleOrder={3} />
            </Paper>
            <GatewayAccountFormDialog
              opened={editing}
              account={account}
              onSubmit={(payload) => update.mutateAsync({ id: account.id, payload })}
              onClose={() => setEditing(false)}
            />
            <GatewayAccountStatusDialog account={changing} onClose={() => setChanging(null)} />
          </>
        );
      }}
    </DetailPageFrame>
  );
}
