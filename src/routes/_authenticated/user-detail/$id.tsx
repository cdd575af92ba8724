import type { ActiveStatus } from '@contract/fields';
import { PERMISSIONS } from '@contract/permissions';
import type { StaffUser, UserCreatePayload } from '@contract/user';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { ActivationDialog } from '@/components/activation-dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DetailPageFrame } from '@/components/detail-page-frame';
import { StatusBadge } from '@/components/status-badge';
import { UserSessions } from '@/features/account/user-sessions';
import { UI_USERS } from '@/features/users/copy';
import { type OneTimePassword, OneTimePasswordDialog } from '@/features/users/one-time-password-dialog';
import { lastSignIn, USER_STATUS_COLORS } from '@/features/users/user-columns';
import { UserFormDialog } from '@/features/users/user-form-dialog';
import { ACTIVATE_BUTTON_STYLES, commandFor } from '@/lib/activation';
import { warmOnEnter } from '@/lib/list-route';
import { usePermission } from '@/lib/permissions';
import { roleQueries } from '@/queries/roles';
import { useResetPassword, userQueries, useUpdateUser, useUserActivation } from '@/queries/users';

const T = UI_USERS;
const D = T.detail;

/** Entering the page warms its data. A const: the router plugin does not split a call with type arguments (decision 050). */
const warmDetail = warmOnEnter<{ id: string }>(({ queryClient, params }) =>
  queryClient.ensureQueryData(userQueries.detail(params.id)),
);

export const Route = createFileRoute('/_authenticated/user-detail/$id')({
  staticData: { permission: PERMISSIONS.viewUser },
  loader: warmDetail,
  component: UserDetailPage,
});

function UserDetailPage() {
  const { id } = Route.useParams();
  const query = useQuery({ ...userQueries.detail(id), retryOnMount: false });
  const canUpdate = usePermission(PERMISSIONS.updateUser);
  const roles = useQuery({ ...roleQueries.options(), enabled: canUpdate });
  const update = useUpdateUser();
  const activation = useUserActivation();
  const reset = useResetPassword();
  const [editing, setEditing] = useState(false);
  const [changing, setChanging] = useState<StaffUser | null>(null);
  const [resetting, setResetting] = useState(false);
  const [password, setPassword] = useState<OneTimePassword | null>(null);

  return (
    <DetailPageFrame
      query={query}
      back={{ to: '/users', label: T.title }}
      notFound={D.notFound}
      crumb={(r) => r.name}
    >
      {(user) => {
        const command = commandFor(user.status);
        const roleOptions = (roles.data?.contents ?? []).map((r) => ({ value: r.id, label: r.name }));
        return (
          <>
            <Group justify="space-between" align="center" wrap="wrap">
              <Title order={2}>{user.name}</Title>
              {canUpdate ? (
                <Group gap="xs">
                  <Button variant="default" onClick={() => setEditing(true)}>
                    {D.edit}
                  </Button>
                  <Button variant="default" onClick={() => setResetting(true)}>
                    {D.resetPassword}
                  </Button>
                  <Button
                    color={command === 'activate' ? 'approve' : 'red'}
                    styles={command === 'activate' ? ACTIVATE_BUTTON_STYLES : undefined}
                    onClick={() => setChanging(user)}
                  >
                    {T.activation[command]}
                  </Button>
                </Group>
              ) : null}
            </Group>
            <Paper withBorder p="md">
              <Title order={3} size="h4" mb="sm">
                {D.profile}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Entry label={D.email} value={user.email} />
                <Entry
                  label={D.status}
                  value={
                    <StatusBadge
                      value={user.status}
                      colors={USER_STATUS_COLORS}
                      label={(s) => T.statuses[s as ActiveStatus]}
                    />
                  }
                />
                <Entry
                  label={D.roles}
                  value={
                    <Group gap={4}>
                      {user.roles.map((r) => (
                        <Badge key={r.id} variant="light" tt="none">
                          {r.name}
                        </Badge>
                      ))}
                    </Group>
                  }
                />
                <Entry label={D.lastSignIn} value={lastSignIn(user.last_sign_in_at)} />
                <Entry label={D.created} value={new Date(user.created_at).toLocaleString()} />
                {user.must_change_password ? <Text size="sm">{D.mustChange}</Text> : null}
              </SimpleGrid>
            </Paper>
            <UserSessions user={user} canUpdate={canUpdate} />
            <UserFormDialog
              opened={editing}
              user={user}
              roleOptions={roleOptions}
              onSubmit={(payload: UserCreatePayload) =>
                update.mutateAsync({
                  id: user.id,
                  payload: { name: payload.name, role_ids: payload.role_ids },
                })
              }
              onClose={() => setEditing(false)}
            />
            <ActivationDialog
              record={changing}
              nameOf={(u) => u.name}
              copy={T.activation}
              send={activation.mutateAsync}
              pending={activation.isPending}
              onClose={() => setChanging(null)}
            />
            <ConfirmDialog
              opened={resetting}
              type="INFO"
              title={D.resetTitle}
              message={D.resetMessage(user.name)}
              confirmLabel={D.resetPassword}
              loading={reset.isPending}
              onConfirm={async () => {
                const answer = await reset.mutateAsync(user.id).catch(() => null);
                setResetting(false);
                if (answer) setPassword({ name: answer.user.name, password: answer.one_time_password });
              }}
              onClose={() => setResetting(false)}
            />
            <OneTimePasswordDialog shown={password} onClose={() => setPassword(null)} />
          </>
        );
      }}
    </DetailPageFrame>
  );
}

function Entry({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {typeof value === 'string' ? <Text size="sm">{value}</Text> : value}
    </Stack>
  );
}
