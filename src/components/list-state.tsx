import { Button, Center, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { UI_KIT, UI_LIST_KIT } from './copy';

export interface ListSkeletonProps {
  rows?: number;
  columns?: number;
}

/** Placeholder rows shaped like the table, so the page does not jump when data arrives. */
export function ListSkeleton({ rows = 10, columns = 6 }: ListSkeletonProps) {
  return (
    <Table aria-busy aria-label={UI_LIST_KIT.loading} verticalSpacing="sm">
      <Table.Tbody>
        {Array.from({ length: rows }, (_, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Table.Tr key={r}>
            {Array.from({ length: columns }, (_, c) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Table.Td key={c}>
                <Skeleton height={16} radius="sm" />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export interface ListStateProps {
  /** The query's status: 'pending' (no data yet), 'error' or 'success'. */
  status: 'pending' | 'error' | 'success';
  /** No items in the (successful) answer. */
  isEmpty: boolean;
  /**
   * A search or filter narrows the list. Spec §2 shows 'There are no {data type}' only for an
   * unfiltered empty list; a filtered one shows the table with 'No results found'.
   */
  isFiltered: boolean;
  /** Plural noun for the empty state: 'Merchants', 'Transactions'. */
  dataType: string;
  /** Re-runs the load (`query.refetch`). */
  onRetry: () => unknown;
  /** A retry is under way. */
  isRetrying?: boolean;
  skeleton?: ListSkeletonProps;
  /** The table, shown when there is something (or a filtered nothing) to show. */
  children: ReactNode;
}

/** One place for a list's loading, error, empty and loaded states (spec §2 "Shared list behaviour"). */
export function ListState({
  status,
  isEmpty,
  isFiltered,
  dataType,
  onRetry,
  isRetrying = false,
  skeleton,
  children,
}: ListStateProps) {
  if (status === 'pending') return <ListSkeleton {...skeleton} />;
  if (status === 'error') {
    return (
      <Center py="xl" role="alert">
        <Stack align="center" gap="sm">
          <Text fw={500}>{UI_KIT.list.failed}</Text>
          <Button variant="light" loading={isRetrying} onClick={() => void onRetry()}>
            {UI_KIT.list.retry}
          </Button>
        </Stack>
      </Center>
    );
  }
  if (isEmpty && !isFiltered) {
    return (
      <Center py="xl">
        <Text c="dimmed">{UI_KIT.list.empty(dataType)}</Text>
      </Center>
    );
  }
  return <>{children}</>;
}
