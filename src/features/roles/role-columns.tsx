import type { Role } from '@contract/role';
import { ActionIcon, Badge, Group, Switch, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { EditIcon, TrashIcon } from '@/components/icons';
import { rowNumberColumn } from '@/components/row-number-column';
import { UI_ROLES } from './copy';

const helper = createColumnHelper<ListTableFeatures, Role>();
const T = UI_ROLES;

export interface RoleColumnsOptions {
  offset: number;
  /** Absent without update-role; built-in roles never offer it. */
  onEdit?: ((role: Role) => void) | undefined;
  onDelete?: ((role: Role) => void) | undefined;
  /** Absent without update-role: the switch then only shows the setting (decision 029). */
  onRequireSecondFactor?: ((role: Role, required: boolean) => void) | undefined;
}

/** Roles: name, built-in or custom, how many permissions, how many people; Edit and Delete for custom ones. */
export function roleColumns({ offset, onEdit, onDelete, onRequireSecondFactor }: RoleColumnsOptions) {
  return helper.columns([
    rowNumberColumn<Role>(offset),
    helper.accessor('name', {
      header: T.columns.name,
      cell: (info) => (
        <Text size="sm" fw={500}>
          {info.getValue()}
        </Text>
      ),
    }),
    helper.accessor('built_in', {
      header: T.columns.kind,
      cell: (info) =>
        info.getValue() ? <Badge variant="light">{T.builtIn}</Badge> : <Badge color="gray">{T.custom}</Badge>,
    }),
    helper.accessor('permissions', {
      header: T.columns.permissions,
      cell: (info) => T.permissionCount(info.getValue().length),
    }),
    helper.accessor('user_count', { header: T.columns.people }),
    helper.accessor('requires_second_factor', {
      header: T.columns.secondFactor,
      cell: ({ row, getValue }) => (
        <Switch
          aria-label={T.requireSecondFactor(row.original.name)}
          checked={getValue()}
          disabled={!onRequireSecondFactor}
          onChange={(event) => onRequireSecondFactor?.(row.original, event.currentTarget.checked)}
        />
      ),
    }),
    helper.display({
      id: 'actions',
      header: T.columns.actions,
      cell: ({ row }) =>
        row.original.built_in === null ? (
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
            {onDelete && row.original.user_count === 0 ? (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={T.remove(row.original.name)}
                onClick={() => onDelete(row.original)}
              >
                <TrashIcon />
              </ActionIcon>
            ) : null}
          </Group>
        ) : null,
    }),
  ]);
}
