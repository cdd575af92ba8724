import type { ApiClient } from '@contract/api-client';
import { ActionIcon, Badge, Code, Group, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { TrashIcon } from '@/components/icons';
import { rowNumberColumn } from '@/components/row-number-column';
import { UI_API_CLIENTS } from './copy';

const helper = createColumnHelper<ListTableFeatures, ApiClient>();
const T = UI_API_CLIENTS;

/** API clients: name, the key's public prefix, scopes, status, created; Revoke for active ones. */
export function apiClientColumns({
  offset,
  onRevoke,
}: {
  offset: number;
  /** Absent without manage-api-client. */
  onRevoke?: ((client: ApiClient) => void) | undefined;
}) {
  return helper.columns([
    rowNumberColumn<ApiClient>(offset),
    helper.accessor('name', {
      header: T.columns.name,
      cell: (info) => (
        <Text size="sm" fw={500}>
          {info.getValue()}
        </Text>
      ),
    }),
    helper.accessor('key_prefix', {
      header: T.columns.key,
      cell: (info) => <Code>{info.getValue()}…</Code>,
    }),
    helper.accessor('scopes', {
      header: T.columns.scopes,
      cell: (info) => (
        <Group gap={4}>
          {info.getValue().map((scope) => (
            <Badge key={scope} variant="light" tt="none">
              {scope}
            </Badge>
          ))}
        </Group>
      ),
    }),
    helper.accessor('status', {
      header: T.columns.status,
      cell: (info) => (
        <Badge color={info.getValue() === 'ACTIVE' ? 'green' : 'gray'}>{T.statuses[info.getValue()]}</Badge>
      ),
    }),
    helper.accessor('created_at', {
      header: T.columns.created,
      cell: (info) => new Date(info.getValue()).toLocaleString(),
    }),
    helper.display({
      id: 'actions',
      header: T.columns.actions,
      cell: ({ row }) =>
        onRevoke && row.original.status === 'ACTIVE' ? (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={T.revoke(row.original.name)}
            onClick={() => onRevoke(row.original)}
          >
            <TrashIcon />
          </ActionIcon>
        ) : null,
    }),
  ]);
}
