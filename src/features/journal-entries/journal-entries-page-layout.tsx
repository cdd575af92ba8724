import { UI_LEDGER } from '@contract/messages';
import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface JournalEntriesLayoutProps {
  /** Search box and entry type filter; null while the route is pending. */
  toolbar: ReactNode;
  children: ReactNode;
}

/** Title and toolbar above the table: shared by the page and its pending state. */
export function JournalEntriesLayout({ toolbar, children }: JournalEntriesLayoutProps) {
  return (
    <Stack gap="md">
      <Title order={2}>{UI_LEDGER.journalEntries.title}</Title>
      <Paper withBorder p="md" radius="md" style={{ minWidth: 0 }}>
        <Stack gap="sm">
          {toolbar ? (
            <Group gap="sm" justify="space-between" wrap="wrap">
              {toolbar}
            </Group>
          ) : null}
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}
