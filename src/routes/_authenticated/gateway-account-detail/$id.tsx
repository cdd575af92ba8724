import type { GatewayAccount } from '@contract/gateway-account';
import { PERMISSIONS } from '@contract/permissions';
import { Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { UI_KIT } from '@/components/copy';
import { DetailSkeleton } from '@/components/detail-skeleton';
import { LoadFailure } from '@/components/load-failure';
import { ChangeHistory } from '@/features/change-history/change-history';
import { UI_GATEWAY_ACCOUNTS } from '@/features/gateway-accounts/copy';
import { GatewayAccountDetails } from '@/features/gateway-accounts/gateway-account-details';
import { GatewayAccountFormDialog } from '@/features/gateway-accounts/gateway-account-form-dialog';
import { GatewayAccountStatusDialog } from '@/features/gateway-accounts/status-dialog';
import { ACTIVATE_BUTTON_STYLES, commandFor } from '@/lib/activation';
import { isMissing } from '@/lib/errors';
import { warmOnEnter } from '@/lib/list-route';
import { usePermission } from '@/lib/permissions';
import { gatewayAccountQueries, useUpdateGatewayAccount } from '@/queries/gateway-accounts';

const T = UI_GATEWAY_ACCOUNTS;

export const Route = createFileRoute('/_authenticated/gateway-account-detail/$id')({
  staticData: { permission: PERMISSIONS.viewGatewayAccount },
  loader: warmOnEnter<{ id: string }>(({ queryClient, params }) =>
    queryClient.ensureQueryData(gatewayAccountQueries.detail(params.id)),
  ),
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

  const breadcrumb = (current: string | null) => (
    <Breadcrumbs component="nav" aria-label={UI_KIT.breadcrumb}>
      <Anchor component={Link} to="/gateway-accounts" size="sm">
        {T.title}
      </Anchor>
      {current ? <Text size="sm">{current}</Text> : null}
    </Breadcrumbs>
  );

  if (query.status === 'pending') {
    return (
      <DetailSkeleton headerHeight={40} headerWidth={280} bodyHeight={180}>
        {breadcrumb(null)}
      </DetailSkeleton>
    );
  }
  if (query.status === 'error') {
    const missing = isMissing(query.error);
    return (
      <Stack gap="lg">
        {breadcrumb(null)}
        <LoadFailure
          missing={missing ? T.notFound : undefined}
          onRetry={query.refetch}
          isRetrying={query.isFetching}
        />
      </Stack>
    );
  }
  const account = query.data;
  const command = commandFor(account.status);

  return (
    <Stack gap="lg">
      {breadcrumb(account.code)}
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
    </Stack>
  );
}
