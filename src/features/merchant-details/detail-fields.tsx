import { Center, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { EMPTY } from '@/lib/copy';
import { orDash } from '@/lib/format';

export interface DetailField {
  label: string;
  /** Text is shown as is ('---' when empty); a node (a download list) is shown unchanged. */
  value: string | number | null | undefined | ReactNode;
}

function isPlain(value: DetailField['value']): value is string | number | null | undefined {
  return value === null || value === undefined || typeof value === 'string' || typeof value === 'number';
}

/**
 * A tab's fields as a label/value grid. A description list, so assistive technology reads each
 * value with its label.
 */
export function DetailFields({ fields }: { fields: readonly DetailField[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="md" m={0}>
      {fields.map((field) => (
        <Stack key={field.label} gap={2}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {field.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {isPlain(field.value) ? orDash(field.value) : (field.value ?? EMPTY)}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** A tab's empty message (spec §2), e.g. 'There are no business information'. */
export function EmptyTab({ message }: { message: string }) {
  return (
    <Center py="xl">
      <Text c="dimmed">{message}</Text>
    </Center>
  );
}
