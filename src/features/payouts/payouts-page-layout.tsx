import { UI } from '@contract/messages';
import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PayoutsLayoutProps {
  /** Search box and date range; null while the route is pending. */
  toolbar: ReactNode;
  children: ReactNode;
}

/** Title, search and date range above the table: shared by the page and its pending state. */
export function PayoutsLayout({ toolbar, children }: PayoutsLayoutProps) {
  return (
    <Stack gap="md">
      <Title order={2}>{UI.payouts.title}</Title>
      <Paper withBorder p="md" radius="md" style={{ minWidth: 0 }}>
        <Stack gap="sm">
          {toolbar ? (
            <Group align="flex-end" gap="sm">
              {toolbar}
            </Group>
          ) : null}
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
