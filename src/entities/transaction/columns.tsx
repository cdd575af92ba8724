import type { Transaction } from '@contract/transaction';
import { createColumnHelper } from '@tanstack/react-table';
import { cellLines, cellText } from '@/components/cell-parts';
import type { ListTableFeatures } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import { currencyCode, humanizeEnum } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { UI_TRANSACTION_COLUMNS as C, UI_TRANSACTION } from './copy';
import { customerName, transactionTime } from './format';
import { TRANSACTION_STATUS_COLORS } from './status-colors';

const helper = createColumnHelper<ListTableFeatures, Transaction>();

/**
 * Time over the long date (spec: time then long date, en-US), on one line each: Mantine's Stack and
 * Texts as their plain elements (cell-parts.tsx, decision 061), drawn twice in every row.
 */
export function TransactionTime({ value }: { value: string }) {
  const { time, date } = transactionTime(value);
  return cellLines(
    <>
      {cellText(time)}
      {cellText(date, { size: 'xs', dimmed: true })}
    </>,
  );
}

/** Cells every transaction table shows the same way (this list, Payouts, the merchant's tab). */
export const transactionCells = {
  customer: helper.display({
    id: 'customer',
    header: C.customer,
    cell: ({ row }) => customerName(row.original),
  }),
  amount: helper.accessor('amount', {
    header: C.amount,
    meta: { numeric: true },
    // The exact decimal string, grouped and padded to the currency's places: never through a float.
    cell: ({ row }) =>
      formatMoney(row.original.amount, row.original.transaction_method.currency.decimal_places),
  }),
  type: helper.accessor('type', { header: C.type, cell: (info) => humanizeEnum(info.getValue()) }),
  // The code, as beside every amount: Transactions and Payouts name it the same way.
  currency: helper.accessor((t) => currencyCode(t.transaction_method.currency), {
    id: 'currency',
    header: C.currency,
  }),
  status: helper.accessor('status', {
    header: C.status,
    cell: (info) => <StatusBadge value={info.getValue()} colors={TRANSACTION_STATUS_COLORS} />,
  }),
};

/** Spec §2 Transactions columns, shared by the Transactions screen and the merchant's Transactions tab. */
export const transactionColumns = helper.columns([
  helper.accessor('transaction_date', {
    header: C.date,
    cell: (info) => <TransactionTime value={info.getValue()} />,
  }),
  helper.accessor((t) => t.reference.txn_ref, {
    id: 'reference',
    header: C.reference,
    cell: (info) => cellText(info.getValue(), { monospace: true, nowrap: true }),
  }),
  transactionCells.customer,
  transactionCells.amount,
  transactionCells.type,
  transactionCells.currency,
  helper.accessor((t) => t.transaction_method.payment_method?.name, {
    id: 'paymentMethod',
    header: C.paymentMethod,
    cell: (info) => info.getValue() ?? UI_TRANSACTION.internal,
  }),
  transactionCells.status,
]);
