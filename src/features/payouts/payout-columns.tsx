import type { PayoutCommand, Transaction } from '@contract/transaction';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { CopyIcon } from '@/components/icons';
import { withActionsColumn } from '@/components/row-actions';
import { rowNumberColumn } from '@/components/row-number-column';
import { TransactionTime, transactionCells } from '@/entities/transaction/columns';
import { UI_TRANSACTION } from '@/entities/transaction/copy';
import { customerName } from '@/entities/transaction/format';
import { UI_PAYOUTS } from './copy';

const helper = createColumnHelper<ListTableFeatures, Transaction>();
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const C = UI_PAYOUTS.columns;

export interface PayoutColumnsOptions {
  /** First row number of the page minus one (the number continues across pages). */
  offset: number;
  /** Copies the transaction code (and says so). */
  onCopy: (code: string) => void;
  /** Asks to approve or reject; absent without change-payout-status, which hides Actions. */
  onDecide?: ((transaction: Transaction, command: PayoutCommand) => void) | undefined;
}

/** Spec §2 Payouts columns. */
export function payoutColumns({ offset, onCopy, onDecide }: PayoutColumnsOptions) {
  const columns = helper.columns([
    rowNumberColumn<Transaction>(offset),
    helper.accessor('transaction_date', {
      header: C.time,
      cell: (info) => <TransactionTime value={info.getValue()} />,
    }),
    helper.accessor((t) => t.reference.txn_ref, {
      id: 'code',
      header: C.code,
      cell: (info) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" ff="monospace" style={NO_WRAP}>
            {info.getValue()}
          </Text>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={UI_PAYOUTS.copy(info.getValue())}
            onClick={() => onCopy(info.getValue())}
          >
            <CopyIcon />
          </ActionIcon>
        </Group>
      ),
    }),
    // Spec §2 names this column 'Customer' here ('Customer Name' on Transactions).
    helper.display({ id: 'customer', header: C.customer, cell: ({ row }) => customerName(row.original) }),
    transactionCells.amount,
    transactionCells.type,
    transactionCells.currency,
    helper.accessor((t) => t.transaction_method.payment_method?.code, {
      id: 'paymentType',
      header: C.paymentType,
      cell: (info) => info.getValue() ?? UI_TRANSACTION.internal,
    }),
    transactionCells.status,
  ]);
  return withActionsColumn<Transaction, (typeof columns)[number]>(
    columns,
    C.actions,
    onDecide &&
      ((payout) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" color="approve" onClick={() => onDecide(payout, 'approve')}>
            {UI_PAYOUTS.approve}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => onDecide(payout, 'reject')}>
            {UI_PAYOUTS.reject}
          </Button>
        </Group>
      )),
  );
}
