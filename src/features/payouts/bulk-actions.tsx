/**
 * Bulk actions on the Payouts list (issue 24, decision 045): the bar above the table while rows are
 * selected, the dialogs that ask before approving or rejecting them (rejecting needs a reason), and
 * the summary of what the server did with each payout.
 */
import type { BulkDecision } from '@contract/payout-bulk';
import type { PayoutCommand } from '@contract/transaction';
import { Alert, Button, Group, List, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ExportCsvButton, type FetchedFile } from '@/components/export-csv-button';
import { UI_PAYOUTS } from './copy';

const T = UI_PAYOUTS.bulk;

export interface BulkBarProps {
  /** How many are selected: the ticked rows, or all that match. */
  count: number;
  allMatching: boolean;
  /** The page is wholly ticked and more match than it shows: offer them all. */
  matching: number | null;
  onSelectAllMatching: () => void;
  onClear: () => void;
  /** Absent without change-payout-status: export only. */
  onDecide?: ((command: PayoutCommand) => void) | undefined;
  exportFile: () => Promise<FetchedFile>;
}

/** What the selection can do; shown only while something is selected. */
export function BulkBar({
  count,
  allMatching,
  matching,
  onSelectAllMatching,
  onClear,
  onDecide,
  exportFile,
}: BulkBarProps) {
  if (count === 0) return null;
  return (
    <Paper withBorder p="xs" mb="sm" role="region" aria-label={T.label}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} aria-live="polite">
            {allMatching ? T.allMatching(count) : T.selected(count)}
          </Text>
          {matching !== null && !allMatching ? (
            <Button variant="subtle" size="xs" onClick={onSelectAllMatching}>
              {T.selectAllMatching(matching)}
            </Button>
          ) : null}
          <Button variant="subtle" size="xs" color="gray" onClick={onClear}>
            {T.clear}
          </Button>
        </Group>
        <Group gap="xs">
          {onDecide ? (
            <>
              <Button size="xs" color="approve" onClick={() => onDecide('approve')}>
                {T.approve}
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => onDecide('reject')}>
                {T.reject}
              </Button>
            </>
          ) : null}
          <ExportCsvButton label={T.exportCsv} fetchFile={exportFile} />
        </Group>
      </Group>
    </Paper>
  );
}

export interface BulkDecisionDialogProps {
  /** The command asked for, with how many payouts; null when closed. */
  asked: { command: PayoutCommand; count: number } | null;
  onConfirm: (command: PayoutCommand, reason?: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks before deciding the selection; a rejection asks for its reason as well. */
export function BulkDecisionDialog({ asked, onConfirm, onClose }: BulkDecisionDialogProps) {
  if (asked?.command === 'reject') {
    return (
      <RejectDialog
        count={asked.count}
        onConfirm={(reason) => onConfirm('reject', reason)}
        onClose={onClose}
      />
    );
  }
  return (
    <ConfirmDialog
      opened={asked !== null}
      type="ACTIVATE"
      title={T.approveTitle}
      message={T.approveMessage(asked?.count ?? 0)}
      confirmLabel={UI_PAYOUTS.approve}
      onConfirm={() => onConfirm('approve')}
      onClose={onClose}
    />
  );
}

function RejectDialog({
  count,
  onConfirm,
  onClose,
}: {
  count: number;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (reason.trim() === '') {
      setProblem(T.reasonRequired);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={() => !busy && onClose()} title={T.rejectTitle} centered>
      <Stack>
        <Text size="sm">{T.rejectMessage(count)}</Text>
        <Textarea
          label={T.reason}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setProblem(null);
          }}
          error={problem}
          withAsterisk
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {T.cancel}
          </Button>
          <Button color="red" loading={busy} onClick={() => void submit()}>
            {UI_PAYOUTS.reject}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What became of each payout: the counts, and each refusal with its reason. */
export function BulkSummary({ answer, onClose }: { answer: BulkDecision | null; onClose: () => void }) {
  const refused = answer?.results.filter((r) => r.outcome === 'refused') ?? [];
  const counts = answer?.counts;
  return (
    <Modal opened={answer !== null} onClose={onClose} title={T.summaryTitle} centered>
      {counts ? (
        <Stack>
          <List spacing={4}>
            {counts.approved > 0 ? <List.Item>{T.approved(counts.approved)}</List.Item> : null}
            {counts.rejected > 0 ? <List.Item>{T.rejected(counts.rejected)}</List.Item> : null}
            {counts.sent_for_approval > 0 ? (
              <List.Item>{T.sentForApproval(counts.sent_for_approval)}</List.Item>
            ) : null}
            {counts.refused > 0 ? <List.Item>{T.refused(counts.refused)}</List.Item> : null}
          </List>
          {refused.length > 0 ? (
            <Alert color="red" title={T.refusedList}>
              <List spacing={2} size="sm">
                {refused.map((r) => (
                  <List.Item key={r.id}>
                    <Text span ff="monospace" size="sm">
                      {r.reference ?? r.id}
                    </Text>
                    : {r.message}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={onClose}>{T.close}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
