import { UI_TRANSACTION_COLUMNS as C, UI } from '@contract/messages';
import type { Transaction } from '@contract/transaction';
import { Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import { humanizeEnum, orDash } from '@/lib/format';
import { TRANSACTION_STATUS_COLORS } from '@/lib/status-colors';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Spec §2: time then long date, en-US ('3:30 PM' over 'November 20, 2026'), in the viewer's zone. */
export function transactionTime(iso: string): { time: string; date: string } {
  const at = new Date(iso);
  return {
    time: at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }),
    date: at.toLocaleDateString('en-US', { dateStyle: 'long' }),
  };
}

/** The customer's full name, else their phone number, else '---'. */
export function customerName(transaction: Transaction): string {
  const { first_name, last_name, phone_number } = transaction.against.customer;
  const name = [first_name, last_name].filter(Boolean).join(' ');
  return orDash(name || phone_number);
}

const helper = createColumnHelper<ListTableFeatures, Transaction>();

/** The merchant Transactions tab's columns (spec §2 Transactions). */
export const transactionColumns = helper.columns([
  helper.accessor('transaction_date', {
    header: C.date,
    cell: (info) => {
      const { time, date } = transactionTime(info.getValue());
      return (
        <Stack gap={0} style={NO_WRAP}>
          <Text size="sm">{time}</Text>
          <Text size="xs" c="dimmed">
            {date}
          </Text>
        </Stack>
      );
    },
  }),
  helper.accessor((t) => t.reference.txn_ref, {
    id: 'reference',
    header: C.reference,
    cell: (info) => (
      <Text size="sm" ff="monospace" style={NO_WRAP}>
        {info.getValue()}
      </Text>
    ),
  }),
  helper.display({ id: 'customer', header: C.customer, cell: ({ row }) => customerName(row.original) }),
  helper.accessor('amount', {
    header: C.amount,
    // The decimal string exactly as sent: no float arithmetic may round a cent away.
    cell: ({ row }) => (
      <Text size="sm" style={NO_WRAP}>
        {`${row.original.amount} ${row.original.transaction_method.currency.name_code}`}
      </Text>
    ),
  }),
  helper.accessor('type', { header: C.type, cell: (info) => humanizeEnum(info.getValue()) }),
  helper.accessor((t) => t.transaction_method.currency.name, { id: 'currency', header: C.currency }),
  helper.accessor((t) => t.transaction_method.payment_method?.name, {
    id: 'paymentMethod',
    header: C.paymentMethod,
    // No payment method: an internal movement (the Payouts screen's wording).
    cell: (info) => info.getValue() ?? UI.payouts.internal,
  }),
  helper.accessor('status', {
    header: C.status,
    cell: (info) => <StatusBadge value={info.getValue()} colors={TRANSACTION_STATUS_COLORS} />,
  }),
]);
