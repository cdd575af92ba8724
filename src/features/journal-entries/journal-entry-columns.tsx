import type { JournalEntry } from '@contract/journal-entry';
import { PERMISSIONS } from '@contract/permissions';
import { Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { AnchorLink } from '@/components/anchor-link';
import type { ListTableFeatures } from '@/components/data-table';
import { rowNumberColumn } from '@/components/row-number-column';
import { transactionTime } from '@/entities/transaction/format';
import { humanizeEnum } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { usePermission } from '@/lib/permissions';
import { UI_JOURNAL_ENTRIES } from './copy';

const helper = createColumnHelper<ListTableFeatures, JournalEntry>();
const C = UI_JOURNAL_ENTRIES.columns;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The transaction a posting came from: a link to it on the Transactions screen, for who may look. */
function TransactionReference({ reference }: { reference: string }) {
  const canViewTransactions = usePermission(PERMISSIONS.viewTransactions);
  return canViewTransactions ? (
    <AnchorLink to="/transactions" search={{ search: reference }} size="sm" ff="monospace" style={NO_WRAP}>
      {reference}
    </AnchorLink>
  ) : (
    <Text size="sm" ff="monospace" style={NO_WRAP}>
      {reference}
    </Text>
  );
}

/** The amount in the column of its side (spec §2), with the posting's currency when it has one. */
function sideCell(side: JournalEntry['entry_type']) {
  return ({ row }: { row: { original: JournalEntry } }) => {
    const entry = row.original;
    if (entry.entry_type !== side) return null;
    return (
      <Text size="sm">
        {formatMoney(entry.amount, 2)}
        {entry.currency ? (
          <Text span size="xs" c="dimmed" ml={4}>
            {entry.currency.name_code}
          </Text>
        ) : null}
      </Text>
    );
  };
}

/**
 * Spec §2 Journal Entry columns (index, GL account name, Debit, Credit, Type), plus ours: the
 * journal's date and the transaction it came from (docs/spec-deviations.md).
 */
export function journalEntryColumns(offset: number) {
  return helper.columns([
    rowNumberColumn<JournalEntry>(offset),
    helper.accessor('created_at', {
      header: C.date,
      cell: (info) => {
        const { time, date } = transactionTime(info.getValue());
        const by = info.row.original.posted_by;
        return (
          <Stack gap={0} style={NO_WRAP}>
            <Text size="sm">{date}</Text>
            <Text size="xs" c="dimmed">
              {by ? UI_JOURNAL_ENTRIES.postedBy(time, by.name) : time}
            </Text>
          </Stack>
        );
      },
    }),
    helper.accessor((e) => e.gl_account.name, { id: 'glAccount', header: C.glAccount }),
    helper.display({ id: 'debit', header: C.debit, meta: { numeric: true }, cell: sideCell('DEBIT') }),
    helper.display({ id: 'credit', header: C.credit, meta: { numeric: true }, cell: sideCell('CREDIT') }),
    helper.accessor((e) => e.gl_account.type, {
      id: 'type',
      header: C.type,
      cell: (info) => humanizeEnum(info.getValue()),
    }),
    helper.accessor('transaction_reference', {
      header: C.transaction,
      cell: (info) => {
        const reference = info.getValue();
        return reference ? (
          <TransactionReference reference={reference} />
        ) : (
          <Text size="sm" c="dimmed">
            {UI_JOURNAL_ENTRIES.manual}
          </Text>
        );
      },
    }),
  ]);
}
