import { Group } from '@mantine/core';
import { createColumnHelper, type RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { ListTableFeatures } from './data-table';
import { RowButton } from './row-button';

/** One of a row's Edit/Delete-like buttons: its text, its accessible name (which row) and what it does. */
export interface RowAction {
  label: string;
  ariaLabel: string;
  onClick: () => void;
  /** 'danger' is the red Delete look; the default is the plain Edit look. */
  tone?: 'plain' | 'danger';
}

/**
 * A table row's action buttons side by side. An absent action (the user lacks its permission) is
 * skipped; `children` come first (a link such as Detail).
 */
export function RowActions({
  actions,
  children,
}: {
  actions: ReadonlyArray<RowAction | false | null | undefined>;
  children?: ReactNode;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      {children}
      {actions.map((action) =>
        action ? (
          <RowButton
            key={action.label}
            {...(action.tone === 'danger' ? { color: 'red', variant: 'light' } : { variant: 'default' })}
            aria-label={action.ariaLabel}
            onClick={action.onClick}
          >
            {action.label}
          </RowButton>
        ) : null,
      )}
    </Group>
  );
}

/**
 * A list's columns, then its Actions column when the user may act on a row (`cell` given; absent
 * without the permissions, which hides the column).
 */
export function withActionsColumn<TData extends RowData, TColumn>(
  columns: readonly TColumn[],
  header: string,
  cell: ((record: TData, index: number) => ReactNode) | false | undefined,
) {
  if (!cell) return [...columns];
  const actions = createColumnHelper<ListTableFeatures, TData>().display({
    id: 'actions',
    header,
    cell: ({ row }) => cell(row.original, row.index),
  });
  return [...columns, actions];
}
