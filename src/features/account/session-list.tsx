import type { StaffSession } from '@contract/account';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { UI_ACCOUNT } from './copy';

const T = UI_ACCOUNT.sessions;
const when = (at: string | null) => (at ? new Date(at).toLocaleString() : '—');

const STATUS_LABELS: Record<StaffSession['status'], string> = {
  ACTIVE: 'Active',
  SIGNED_OUT: 'Signed out',
  EXPIRED: 'Expired',
};

/** Sessions as a table that scrolls sideways on a phone; `showStatus` on a person's page (history). */
export function SessionList({
  sessions,
  showStatus = false,
}: {
  sessions: StaffSession[];
  showStatus?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label={T.heading}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.browser}</Table.Th>
            <Table.Th>{T.address}</Table.Th>
            <Table.Th>{T.started}</Table.Th>
            <Table.Th>{T.lastSeen}</Table.Th>
            {showStatus ? <Table.Th>Status</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" lineClamp={2}>
                    {s.user_agent ?? T.unknownBrowser}
                  </Text>
                  {s.current ? (
                    <Badge size="sm" variant="light" w="fit-content">
                      {T.current}
                    </Badge>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>{s.address ?? '—'}</Table.Td>
              <Table.Td>{when(s.started_at)}</Table.Td>
              <Table.Td>{when(s.last_seen_at)}</Table.Td>
              {showStatus ? <Table.Td>{STATUS_LABELS[s.status]}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
