import type { Dispute, DisputeStatus } from '@contract/dispute';
import { Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { rowNumberColumn } from '@/components/row-number-column';
import { StatusBadge } from '@/components/status-badge';
import { orDash } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { UI_DISPUTES } from './copy';

const helper = createColumnHelper<ListTableFeatures, Dispute>();
const T = UI_DISPUTES;
export const DISPUTE_STATUS_COLORS = { OPEN: 'yellow', WON: 'green', LOST: 'red' } as const;

export function disputeStatusLabel(status: string): string {
  return T.statuses[status as DisputeStatus] ?? status;
}

export function disputeMoney(d: Dispute, value: string): string {
  return `${formatMoney(value, d.payment.currency.decimal_places)} ${d.payment.currency.name_code}`;
}

/** Chargebacks: the payment, its merchant, the disputed amount, status, due date and when opened. */
export function disputeColumns(offset: number) {
  return helper.columns([
    rowNumberColumn<Dispute>(offset),
    helper.accessor((d) => d.payment.txn_ref, {
      id: 'payment',
      header: T.columns.payment,
      cell: (info) => (
        <Text size="sm" ff="monospace">
          {info.getValue()}
        </Text>
      ),
    }),
    helper.accessor((d) => d.payment.merchant?.name, {
      id: 'merchant',
      header: T.columns.merchant,
      cell: (info) => orDash(info.getValue()),
    }),
    helper.accessor('amount', {
      header: T.columns.amount,
      cell: (info) => disputeMoney(info.row.original, info.getValue()),
    }),
    helper.accessor('status', {
      header: T.columns.status,
      cell: (info) => (
        <StatusBadge value={info.getValue()} colors={DISPUTE_STATUS_COLORS} label={disputeStatusLabel} />
      ),
    }),
    helper.accessor('response_due', { header: T.columns.responseDue }),
    helper.accessor('created_at', {
      header: T.columns.opened,
      cell: (info) => new Date(info.getValue()).toLocaleString(),
    }),
  ]);
}
