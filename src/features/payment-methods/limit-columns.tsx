import type { TransactionLimit } from '@contract/transaction-limit';
import { createColumnHelper } from '@tanstack/react-table';
import { UI_LIST_KIT } from '@/components/copy';
import type { ListTableFeatures } from '@/components/data-table';
import { RowActions } from '@/components/row-actions';
import { StatusBadge } from '@/components/status-badge';
import { ACTIVE_STATUS_COLORS } from '@/lib/activation';
import { groupDigits } from '@/lib/money';
import { UI_PAYMENT_METHODS } from './copy';

const helper = createColumnHelper<ListTableFeatures, TransactionLimit>();
const L = UI_PAYMENT_METHODS.limits;

export interface LimitColumnsOptions {
  /** Both absent for users who may not change limits: no Actions column. */
  onEdit?: ((limit: TransactionLimit) => void) | undefined;
  onDelete?: ((limit: TransactionLimit) => void) | undefined;
}

/** The Transaction Limit tab's table: the limit fields of spec §3, and Edit/Delete. */
export function limitColumns({ onEdit, onDelete }: LimitColumnsOptions) {
  const columns = helper.columns([
    helper.display({ id: 'number', header: UI_LIST_KIT.rowNumber, cell: ({ row }) => row.index + 1 }),
    helper.accessor('min_amount', {
      header: L.columns.min,
      meta: { numeric: true },
      cell: (info) => groupDigits(info.getValue()),
    }),
    helper.accessor('max_amount', {
      header: L.columns.max,
      meta: { numeric: true },
      cell: (info) => groupDigits(info.getValue()),
    }),
    helper.accessor('interval', { header: L.columns.interval, cell: (info) => L.intervals[info.getValue()] }),
    helper.accessor('status', {
      header: L.columns.status,
      cell: (info) => <StatusBadge value={info.getValue()} colors={ACTIVE_STATUS_COLORS} />,
    }),
  ]);
  if (!onEdit && !onDelete) return columns;
  return [
    ...columns,
    helper.display({
      id: 'actions',
      header: L.columns.actions,
      cell: ({ row }) => {
        const interval = L.intervals[row.original.interval];
        return (
          <RowActions
            actions={[
              onEdit && {
                label: L.edit,
                ariaLabel: L.editOf(interval, row.index + 1),
                onClick: () => onEdit(row.original),
              },
              onDelete && {
                label: L.delete,
                ariaLabel: L.deleteOf(interval, row.index + 1),
                onClick: () => onDelete(row.original),
                tone: 'danger',
              },
            ]}
          />
        );
      },
    }),
  ];
}
