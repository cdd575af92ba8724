import { UI } from '@contract/messages';
import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface TransactionsLayoutProps {
  filter: ReactNode;
  /** Search box and date range; null while the route is pending. */
  toolbar: ReactNode;
  children: ReactNode;
}

/** Title, left status filter, search and date range above the table. */
export function TransactionsLayout({ filter, toolbar, children }: TransactionsLayoutProps) {
  return (
    <Stack gap="md">
      <Title order={2}>{UI.transactions.title}</Title>
      <Group align="flex-start" gap="md" wrap="nowrap">
        {filter ? (
          <Paper withBorder p="xs" radius="md">
            {filter}
          </Paper>
        ) : null}
        <Paper withBorder p="md" radius="md" style={{ flex: 1, minWidth: 0 }}>
          <Stack gap="sm">
            {toolbar ? (
              <Group align="flex-end" gap="sm">
                {toolbar}
              </Group>
            ) : null}
            {children}
          </Stack>
        </Paper>
      </Group>
    </Stack>
  );
}
