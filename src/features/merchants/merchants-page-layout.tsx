import { UI } from '@contract/messages';
import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface MerchantsLayoutProps {
  filter: ReactNode;
  search: ReactNode;
  children: ReactNode;
}

/** Title, left filter panel, search above the table: shared by the page and its pending state. */
export function MerchantsLayout({ filter, search, children }: MerchantsLayoutProps) {
  return (
    <Stack gap="md">
      <Title order={2}>{UI.merchants.title}</Title>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Paper withBorder p="xs" radius="md">
          {filter}
        </Paper>
        <Paper withBorder p="md" radius="md" style={{ flex: 1, minWidth: 0 }}>
          <Stack gap="sm">
            {search}
            {children}
          </Stack>
        </Paper>
      </Group>
    </Stack>
  );
}
