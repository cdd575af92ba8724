import type { GatewayAccount } from '@contract/gateway-account';
import { Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { InitialsAvatar } from '@/components/initials-avatar';
import { withActionsColumn } from '@/components/row-actions';
import { RowButton } from '@/components/row-button';
import { StatusBadge } from '@/components/status-badge';
import { ACTIVE_STATUS_COLORS } from '@/lib/activation';
import { formatMoneyIn } from '@/lib/money';
import { UI_GATEWAY_ACCOUNTS } from './copy';
import { statusLabel } from './status';

const helper = createColumnHelper<ListTableFeatures, GatewayAccount>();
const C = UI_GATEWAY_ACCOUNTS.columns;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Spec §2 gateway-account columns; Actions (Edit) only for users who may edit. */
export function gatewayAccountColumns(onEdit?: (account: GatewayAccount) => void) {
  const columns = helper.columns([
    helper.display({
      id: 'logo',
      header: C.logo,
      cell: ({ row }) => (
        <InitialsAvatar name={row.original.payment_method.name} src={row.original.payment_method.logo} />
      ),
    }),
    helper.accessor('code', {
      header: C.code,
      cell: (info) => (
        <Text size="sm" fw={500} style={NO_WRAP}>
          {info.getValue()}
        </Text>
      ),
    }),
    helper.accessor((a) => a.payment_method.name, { id: 'paymentMethod', header: C.paymentMethod }),
    helper.accessor('account_number', {
      header: C.accountNumber,
      cell: (info) => (
        <Text size="sm" ff="monospace" style={NO_WRAP}>
          {info.getValue()}
        </Text>
      ),
    }),
    helper.accessor('total_balance', {
      header: C.totalBalance,
      meta: { numeric: true },
      // Padded to the places of the currencies it adds up, like every other money column.
      cell: ({ row }) => formatMoneyIn(row.original.total_balance, row.original.balance_decimal_places),
    }),
    helper.accessor('routing_code', { header: C.routingCode }),
    helper.accessor('status', {
      header: C.status,
      cell: (info) => (
        <StatusBadge value={info.getValue()} colors={ACTIVE_STATUS_COLORS} label={statusLabel} />
      ),
    }),
  ]);
  return withActionsColumn<GatewayAccount, (typeof columns)[number]>(
    columns,
    C.actions,
    onEdit &&
      ((account) => (
        <RowButton
          variant="default"
          aria-label={UI_GATEWAY_ACCOUNTS.editOf(account.code)}
          onClick={() => onEdit(account)}
        >
          {UI_GATEWAY_ACCOUNTS.edit}
        </RowButton>
      )),
  );
}
