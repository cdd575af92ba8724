import { UI_LEDGER } from '@contract/messages';
import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface GlAccountsLayoutProps {
  /** Search box; null while the route is pending. */
  toolbar: ReactNode;
  /** 'Add Gl Account', shown with create-gl-account only. */
  action?: ReactNode;
  children: ReactNode;
}

/** Title, add button and search above the table: shared by the page and its pending state. */
export function GlAccountsLayout({ toolbar, action, children }: GlAccountsLayoutProps) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>{UI_LEDGER.glAccounts.title}</Title>
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
