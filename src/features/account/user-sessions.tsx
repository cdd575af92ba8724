import { sessionsEndedSchema } from '@contract/account';
import { type StaffUser, userSchema } from '@contract/user';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchData } from '@/lib/api';
import { notifySuccess } from '@/lib/notify';
import { accountKeys, accountQueries } from '@/queries/account';
import { userQueries } from '@/queries/users';
import { UI_ACCOUNT } from './copy';
import { SessionList } from './session-list';

const T = UI_ACCOUNT.person;

/**
 * A person's page (issue 21): their sessions of the last 30 days and, with update-user, ending them
 * all and turning off a second factor they lost (decision 029).
 */
export function UserSessions({ user, canUpdate }: { user: StaffUser; canUpdate: boolean }) {
  const queryClient = useQueryClient();
  const sessions = useQuery(accountQueries.userSessions(user.id));
  const [busy, setBusy] = useState<'end' | 'reset' | null>(null);
  const active = (sessions.data ?? []).filter((s) => s.status === 'ACTIVE').length;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: accountKeys.userSessions(user.id) });
    await queryClient.invalidateQueries({ queryKey: userQueries.detail(user.id).queryKey });
  };
  const run = async (what: 'end' | 'reset') => {
    setBusy(what);
    try {
      if (what === 'end') {
        const { ended } = await fetchData(`users/${user.id}/sessions/end`, sessionsEndedSchema, {
          method: 'POST',
        });
        notifySuccess(T.ended(ended));
      } else {
        await fetchData(`users/${user.id}/second-factor-reset`, userSchema, { method: 'POST' });
        notifySuccess(T.resetDone);
      }
      await refresh();
    } catch {
      // fetchData has shown the refusal.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="user-sessions-heading">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h4" id="user-sessions-heading">
          {T.heading}
        </Title>
        {canUpdate ? (
          <Group gap="xs">
            {user.second_factor ? (
              <Button variant="default" loading={busy === 'reset'} onClick={() => void run('reset')}>
                {T.reset}
              </Button>
            ) : null}
            <Button
              variant="default"
              color="red"
              disabled={active === 0}
              loading={busy === 'end'}
              onClick={() => void run('end')}
            >
              {T.end}
            </Button>
          </Group>
        ) : null}
      </Group>
      <Stack gap="xs">
        <Text size="sm">{user.second_factor ? T.secondFactorOn : T.secondFactorOff}</Text>
        {sessions.data && sessions.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {T.none}
          </Text>
        ) : (
          <SessionList sessions={sessions.data ?? []} showStatus />
        )}
      </Stack>
    </Paper>
  );
}
