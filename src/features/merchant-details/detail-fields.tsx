import { Center, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailEntry } from '@/components/detail-entry';
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
        <DetailEntry key={field.label} label={field.label}>
          {isPlain(field.value) ? orDash(field.value) : (field.value ?? EMPTY)}
        </DetailEntry>
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
