import { UI_CURRENCIES } from '@contract/messages';
import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface CurrenciesLayoutProps {
  /** Search box; null while the route is pending. */
  search: ReactNode;
  /** The Add Currency button, for users who may add. */
  action: ReactNode;
  children: ReactNode;
}

/** Title, add button and search above the table: shared by the page and its pending state. */
export function CurrenciesLayout({ search, action, children }: CurrenciesLayoutProps) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>{UI_CURRENCIES.title}</Title>
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
