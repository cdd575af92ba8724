import { Button, Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { UI_KIT } from './copy';

export interface LoadFailureProps {
  /** The record is not there (a 404): this message, and `children` instead of Retry. */
  missing?: string | undefined;
  onRetry: () => unknown;
  isRetrying?: boolean;
  /** What a missing record offers instead of Retry (a link back to its list). */
  children?: ReactNode;
}

/** A screen's failed load: 'Failed to load resources' with Retry, or a missing record's message. */
export function LoadFailure({ missing, onRetry, isRetrying = false, children }: LoadFailureProps) {
  return (
    <Center py="xl" role="alert">
      <Stack align="center" gap="sm">
        <Text fw={500}>{missing ?? UI_KIT.list.failed}</Text>
        {missing === undefined ? (
          <Button variant="light" loading={isRetrying} onClick={() => void onRetry()}>
            {UI_KIT.list.retry}
          </Button>
        ) : (
          children
        )}
      </Stack>
    </Center>
  );
}
