import type { GlAccount } from '@contract/gl-account';
import { ActionIcon, Group, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { EditIcon, HistoryIcon } from '@/components/icons';
import { rowNumberColumn } from '@/components/row-number-column';
import { StatusBadge } from '@/components/status-badge';
import { UI_HISTORY_ENTRY } from '@/entities/change-history/copy';
import { humanizeEnum } from '@/lib/format';
import { UI_GL_ACCOUNTS } from './copy';
import { GL_ACCOUNT_STATUS_COLORS } from './gl-account-status';

const helper = createColumnHelper<ListTableFeatures, GlAccount>();
const T = UI_GL_ACCOUNTS;

export interface GlAccountColumnsOptions {
  /** First row number of the page minus one (the number continues across pages). */
  offset: number;
  /** Opens the Update GL Account modal; absent without update-gl-account, which hides the action. */
  onEdit?: ((account: GlAccount) => void) | undefined;
  /** Ours: opens the account's change history, for everyone who sees the list. */
  onHistory: (account: GlAccount) => void;
}

/** Spec §2 GL accounts columns: index, name, type, description, YES/NO, status badge, actions. */
export function glAccountColumns({ offset, onEdit, onHistory }: GlAccountColumnsOptions) {
  const columns = helper.columns([
    rowNumberColumn<GlAccount>(offset),
    helper.accessor('name', {
      header: T.columns.name,
      cell: (info) => (
        <Text size="sm" fw={500}>
          {info.getValue()}
        </Text>
      ),
    }),
    helper.accessor('type', { header: T.columns.type, cell: (info) => humanizeEnum(info.getValue()) }),
    helper.accessor('description', { header: T.columns.description }),
    helper.accessor('manual_journal_entries_allowed', {
      header: T.columns.manual,
      cell: (info) => (info.getValue() ? T.yes : T.no),
    }),
    helper.accessor('status', {
      header: T.columns.status,
      // Spec §2 shows the value itself: ACTIVE, INACTIVE.
      cell: (info) => (
        <StatusBadge value={info.getValue()} colors={GL_ACCOUNT_STATUS_COLORS} label={String} />
      ),
    }),
  ]);
  // Edit with update-gl-account; History (ours) for every viewer, so the column is always there.
  return [
    ...columns,
    helper.display({
      id: 'actions',
      header: T.columns.actions,
      cell: ({ row }) => (
        <Group gap={4} wrap="nowrap">
          {onEdit ? (
            <ActionIcon
              variant="subtle"
              aria-label={T.edit(row.original.name)}
              onClick={() => onEdit(row.original)}
            >
              <EditIcon />
            </ActionIcon>
          ) : null}
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={UI_HISTORY_ENTRY.historyOf(row.original.name)}
            onClick={() => onHistory(row.original)}
          >
            <HistoryIcon />
          </ActionIcon>
        </Group>
      ),
    }),
  ];
}
