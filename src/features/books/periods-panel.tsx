import { monthLabel, utcDay } from '@contract/books';
import { PERMISSIONS } from '@contract/permissions';
import { Button, Group, Paper, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '@/lib/notify';
import { usePermission } from '@/lib/permissions';
import { bookQueries, useClosePeriod, useReopenPeriod } from '@/queries/books';
import { UI_BOOKS } from './copy';
import classes from './print.module.css';
import { Loaded } from './report-kit';
import { SubmitModal } from './submit-modal';
import { TrialBalanceTables } from './trial-balance-report';

const P = UI_BOOKS.periods;

/** The last day of a `YYYY-MM` month. */
function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return utcDay(new Date(Date.UTC(y, m, 0)));
}

/** Closed months, closing one (after its trial balance) and reopening one. */
export function PeriodsPanel() {
  const canClose = usePermission(PERMISSIONS.closePeriod);
  const canReopen = usePermission(PERMISSIONS.reopenPeriod);
  const periods = useQuery(bookQueries.periods());
  const [closing, setClosing] = useState(false);
  const [reopening, setReopening] = useState<string | null>(null);
  return (
    <Paper withBorder p="md" className={classes.noPrint}>
      <Group justify="space-between">
        <Title order={3}>{P.title}</Title>
        {canClose ? <Button onClick={() => setClosing(true)}>{P.close}</Button> : null}
      </Group>
      <Loaded query={periods}>
        {(data) =>
          data.periods.length === 0 ? (
            <Text>{P.none}</Text>
          ) : (
            <Table aria-label={P.title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{P.month}</Table.Th>
                  <Table.Th>{P.status}</Table.Th>
                  <Table.Th>{P.closedBy}</Table.Th>
                  <Table.Th>{P.reopenedBy}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.periods.map((p) => (
                  <Table.Tr key={p.month}>
                    <Table.Td>{monthLabel(p.month)}</Table.Td>
                    <Table.Td>{P.statuses[p.status]}</Table.Td>
                    <Table.Td>{p.closed_by?.name ?? ''}</Table.Td>
                    <Table.Td>
                      {p.reopened_by ? `${p.reopened_by.name}: ${p.reopen_reason ?? ''}` : ''}
                    </Table.Td>
                    <Table.Td>
                      {canReopen && p.status === 'CLOSED' ? (
                        <Button size="xs" variant="default" onClick={() => setReopening(p.month)}>
                          {P.reopen}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </Loaded>
      {closing ? <CloseMonthModal onClose={() => setClosing(false)} /> : null}
      {reopening ? <ReopenMonthModal month={reopening} onClose={() => setReopening(null)} /> : null}
    </Paper>
  );
}

function previousMonth(): string {
  const now = new Date();
  return utcDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))).slice(0, 7);
}

/** Closing a month shows its trial balance first. */
function CloseMonthModal({ onClose }: { onClose: () => void }) {
  const [month, setMonth] = useState(previousMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const trial = useQuery({ ...bookQueries.trialBalance(valid ? monthEnd(month) : ''), enabled: valid });
  const close = useClosePeriod();
  return (
    <SubmitModal
      title={valid ? P.closeTitle(monthLabel(month)) : P.close}
      size="xl"
      submitLabel={P.closeSubmit}
      disabled={!valid}
      pending={close.isPending}
      onSubmit={async () => {
        await close.mutateAsync({ month });
        notifySuccess(P.closed);
        onClose();
      }}
      onClose={onClose}
    >
      <TextInput
        label={P.month}
        type="month"
        value={month}
        onChange={(e) => setMonth(e.currentTarget.value)}
      />
      <Text size="sm">{P.closeHint}</Text>
      {valid ? <Loaded query={trial}>{(data) => <TrialBalanceTables data={data} />}</Loaded> : null}
    </SubmitModal>
  );
}

function ReopenMonthModal({ month, onClose }: { month: string; onClose: () => void }) {
  // Reopening always waits for a second person's approval (decision 039).
  const reopen = useReopenPeriod(P.reopened);
  const [reason, setReason] = useState('');
  return (
    <SubmitModal
      title={P.reopenTitle(monthLabel(month))}
      submitLabel={P.reopenSubmit}
      pending={reopen.isPending}
      onSubmit={async () => {
        await reopen.mutateAsync({ month, reason });
        onClose();
      }}
      onClose={onClose}
    >
      <Textarea
        label={P.reason}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        withAsterisk
      />
    </SubmitModal>
  );
}
