import { BOOKS_MESSAGES, utcDay } from '@contract/books';
import { PERMISSIONS } from '@contract/permissions';
import {
  Alert,
  Anchor,
  Button,
  Drawer,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatAmount } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { usePermission } from '@/lib/permissions';
import { bookQueries, useReverseJournal } from '@/queries/books';
import { UI_BOOKS } from './copy';
import { SubmitModal } from './submit-modal';

const T = UI_BOOKS.journal;

/**
 * The whole journal (issue 23): every line, what caused it, who posted it and when, and its reversal
 * links both ways (each opens the linked journal here). Reverse asks for a reason and a date.
 */
export function JournalDrawer({
  id,
  onOpen,
  onClose,
}: {
  id: string | undefined;
  onOpen: (id: string) => void;
  onClose: () => void;
}) {
  const journal = useQuery({ ...bookQueries.journal(id ?? ''), enabled: id !== undefined });
  const canReverse = usePermission(PERMISSIONS.reverseJournalEntry);
  const [reversing, setReversing] = useState(false);
  const data = journal.data;
  const places = data?.currency?.decimal_places;

  return (
    <Drawer opened={id !== undefined} onClose={onClose} title={T.title} position="right" size="lg">
      {journal.isPending ? <Loader /> : null}
      {journal.isError ? <Alert color="red">{T.failed}</Alert> : null}
      {data ? (
        <Stack gap="sm">
          <Table variant="vertical" withTableBorder aria-label={T.title}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{T.event}</Table.Th>
                <Table.Td>{data.event_type}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{T.date}</Table.Th>
                <Table.Td>{data.entry_date}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{T.narration}</Table.Th>
                <Table.Td>{data.description ?? ''}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{T.reference}</Table.Th>
                <Table.Td>{data.reference ?? data.transaction?.txn_ref ?? ''}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{T.currency}</Table.Th>
                <Table.Td>{data.currency?.name_code ?? ''}</Table.Td>
              </Table.Tr>
              {data.transaction ? (
                <Table.Tr>
                  <Table.Th>{T.transaction}</Table.Th>
                  <Table.Td>{data.transaction.txn_ref}</Table.Td>
                </Table.Tr>
              ) : null}
              <Table.Tr>
                <Table.Th>{T.postedBy}</Table.Th>
                <Table.Td>{data.posted_by?.name ?? T.system}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{T.postedAt}</Table.Th>
                <Table.Td>{new Date(data.created_at).toLocaleString()}</Table.Td>
              </Table.Tr>
              {data.reverses ? (
                <Table.Tr>
                  <Table.Th>{T.reverses}</Table.Th>
                  <Table.Td>
                    <Anchor component="button" onClick={() => data.reverses && onOpen(data.reverses.id)}>
                      {data.reverses.entry_date}
                    </Anchor>
                    {data.reversal_reason ? ` (${T.reason}: ${data.reversal_reason})` : null}
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {data.reversed_by ? (
                <Table.Tr>
                  <Table.Th>{T.reversedBy}</Table.Th>
                  <Table.Td>
                    <Anchor
                      component="button"
                      onClick={() => data.reversed_by && onOpen(data.reversed_by.id)}
                    >
                      {data.reversed_by.entry_date}
                    </Anchor>
                    {data.reversed_by.reason ? ` (${T.reason}: ${data.reversed_by.reason})` : null}
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
          <Table withTableBorder aria-label={T.lines}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.account}</Table.Th>
                <Table.Th ta="right">{T.debit}</Table.Th>
                <Table.Th ta="right">{T.credit}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>{line.gl_account.name}</Table.Td>
                  <Table.Td ta="right">
                    {line.entry_type === 'DEBIT' ? formatAmount(line.amount, places) : ''}
                  </Table.Td>
                  <Table.Td ta="right">
                    {line.entry_type === 'CREDIT' ? formatAmount(line.amount, places) : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th>{T.total}</Table.Th>
                <Table.Th ta="right">{formatAmount(data.debit_total, places)}</Table.Th>
                <Table.Th ta="right">{formatAmount(data.credit_total, places)}</Table.Th>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {canReverse && !data.reverses && !data.reversed_by ? (
            <Group>
              <Button color="red" variant="light" onClick={() => setReversing(true)}>
                {T.reverse}
              </Button>
            </Group>
          ) : null}
          <ReverseModal
            id={data.id}
            opened={reversing}
            onClose={() => setReversing(false)}
            onReversed={(reversalId) => {
              setReversing(false);
              onOpen(reversalId);
            }}
          />
        </Stack>
      ) : null}
    </Drawer>
  );
}

function ReverseModal({
  id,
  opened,
  onClose,
  onReversed,
}: {
  id: string;
  opened: boolean;
  onClose: () => void;
  onReversed: (id: string) => void;
}) {
  const reverse = useReverseJournal(id);
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(() => utcDay(new Date()));
  return (
    <SubmitModal
      opened={opened}
      title={T.reverseTitle}
      submitLabel={T.reverseSubmit}
      pending={reverse.isPending}
      onSubmit={async () => {
        if (reason.trim() === '') throw new Error(BOOKS_MESSAGES.reason);
        const reversal = await reverse.mutateAsync({ reason: reason.trim(), entry_date: date });
        notifySuccess(T.reversed);
        setReason('');
        onReversed(reversal.id);
      }}
      onClose={onClose}
    >
      <Text size="sm">{T.reverseHint}</Text>
      <Textarea
        label={T.reason}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        withAsterisk
      />
      <TextInput
        label={T.reverseDate}
        type="date"
        value={date}
        onChange={(e) => setDate(e.currentTarget.value)}
      />
    </SubmitModal>
  );
}
