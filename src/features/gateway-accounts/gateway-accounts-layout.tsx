import { UI_GATEWAY_ACCOUNTS } from '@contract/messages';
import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface GatewayAccountsLayoutProps {
  /** Search box; null while the route is pending. */
  search: ReactNode;
  /** The Add Gateway Account button, for users who may add. */
  action: ReactNode;
  children: ReactNode;
}

/** Title, add button and search above the table: shared by the page and its pending state. */
export function GatewayAccountsLayout({ search, action, children }: GatewayAccountsLayoutProps) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>{UI_GATEWAY_ACCOUNTS.title}</Title>
        {action}
      </Group>
      <Paper withBorder p="md" radius="md" style={{ minWidth: 0 }}>
        <Stack gap="sm">
          {search}
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
