import type { ActiveStatus } from '@contract/fields';
import type { StaffUser } from '@contract/user';
import { Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { rowNumberColumn } from '@/components/row-number-column';
import { StatusBadge } from '@/components/status-badge';
import { UI_USERS } from './copy';

const helper = createColumnHelper<ListTableFeatures, StaffUser>();
const T = UI_USERS;
export const USER_STATUS_COLORS = { ACTIVE: 'green', INACTIVE: 'gray' } as const;

export function lastSignIn(at: string | null): string {
  return at ? new Date(at).toLocaleString() : T.never;
}

/** Users: name, e-mail, roles, status, last sign-in; a row opens the person's page. */
export function userColumns(offset: number) {
  return helper.columns([
    rowNumberColumn<StaffUser>(offset),
    helper.accessor('name', {
      header: T.columns.name,
      cell: (info) => (
        <Text size="sm" fw={500}>
          {info.getValue()}
        </Text>
      ),
    }),
    helper.accessor('email', { header: T.columns.email }),
    helper.accessor('roles', {
      header: T.columns.roles,
      cell: (info) =>
        info
          .getValue()
          .map((r) => r.name)
          .join(', '),
    }),
    helper.accessor('status', {
      header: T.columns.status,
      cell: (info) => (
        <StatusBadge
          value={info.getValue()}
          colors={USER_STATUS_COLORS}
          label={(s) => T.statuses[s as ActiveStatus]}
        />
      ),
    }),
    helper.accessor('last_sign_in_at', {
      header: T.columns.lastSignIn,
      cell: (info) => lastSignIn(info.getValue()),
    }),
  ]);
}
