import { UI_LEDGER } from '@contract/messages';
import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AccountMappingsLayoutProps {
  /** Search box; null while the route is pending. */
  toolbar: ReactNode;
  /** 'Add Account Mapping', shown with create-account-mapping only. */
  action?: ReactNode;
  children: ReactNode;
}

/** Title, add button and search above the table: shared by the page and its pending state. */
export function AccountMappingsLayout({ toolbar, action, children }: AccountMappingsLayoutProps) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>{UI_LEDGER.accountMappings.title}</Title>
        {action}
      </Group>
      <Paper withBorder p="md" radius="md" style={{ minWidth: 0 }}>
        <Stack gap="sm">
          {toolbar ? <Group gap="sm">{toolbar}</Group> : null}
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
