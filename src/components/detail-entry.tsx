import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One label and its value in a description list (`dl`), so assistive technology reads each value
 * with its label. The value is shown as given.
 */
export function DetailEntry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
