import type { ApprovalRequest } from '@contract/approval';
import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ApprovalStatusBadge, requestAmount } from './approval-columns';
import { UI_APPROVALS } from './copy';

const T = UI_APPROVALS;
const D = T.detail;

function Entry({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {value}
      </Text>
    </Stack>
  );
}

/** A field's value as the table shows it: text as it is, anything else as JSON. */
function shown(value: unknown): string {
  if (value === undefined || value === null) return D.none;
  if (typeof value === 'string') return value === '' ? D.none : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 1);
}

/** Every field of before and after, the changed ones first in bold. */
export function ChangesTable({ request }: { request: Pick<ApprovalRequest, 'before' | 'after'> }) {
  const before = request.before ?? {};
  const after = request.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table aria-label={D.changes} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{D.field}</Table.Th>
            <Table.Th>{D.before}</Table.Th>
            <Table.Th>{D.after}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => {
            const was = shown(before[field]);
            const will = shown(after[field]);
            const changed = was !== will;
            return (
              <Table.Tr key={field}>
                <Table.Td fw={changed ? 700 : undefined}>{field}</Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{was}</Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }} fw={changed ? 700 : undefined}>
                  {will}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export interface ApprovalDetailProps {
  request: ApprovalRequest;
  /** The viewer holds decide-approval (the server also checks the action's own permission). */
  canDecide: boolean;
  /** The viewer made the request: never offered Approve or Reject. */
  isMine: boolean;
  onApprove: () => Promise<unknown>;
  onReject: (reason: string) => Promise<unknown>;
}

/** What was asked, by whom, the amount, before and after, and (pending) Approve / Reject. */
export function ApprovalDetail({ request, canDecide, isMine, onApprove, onReject }: ApprovalDetailProps) {
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const pending = request.status === 'PENDING';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2}>{request.summary}</Title>
        {pending && canDecide && !isMine ? (
          <Group gap="xs">
            <Button variant="default" color="red" onClick={() => setRejecting(true)}>
              {D.reject}
            </Button>
            <Button color="approve" onClick={() => setApproving(true)}>
              {D.approve}
            </Button>
          </Group>
        ) : null}
      </Group>
      {pending && isMine ? <Alert color="blue">{D.ownRequest}</Alert> : null}
      {request.failure ? (
        <Alert color="red" title={D.failure}>
          {request.failure}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          {D.request}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Entry label={D.kind} value={T.kinds[request.kind]} />
          <Entry label={D.status} value={<ApprovalStatusBadge status={request.status} />} />
          <Entry label={D.amount} value={requestAmount(request)} />
          <Entry label={D.requestedBy} value={request.requested_by?.name ?? D.none} />
          <Entry label={D.requestedAt} value={new Date(request.requested_at).toLocaleString()} />
          {request.decided_at ? (
            <>
              <Entry label={D.decidedBy} value={request.decided_by?.name ?? D.none} />
              <Entry label={D.decidedAt} value={new Date(request.decided_at).toLocaleString()} />
            </>
          ) : null}
          {request.reason ? <Entry label={D.reason} value={request.reason} /> : null}
        </SimpleGrid>
      </Paper>
      {request.before || request.after ? (
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="sm">
            {D.changes}
          </Title>
          <ChangesTable request={request} />
        </Paper>
      ) : null}
      <ConfirmDialog
        opened={approving}
        type="ACTIVATE"
        title={D.approveTitle}
        message={D.approveMessage(request.summary)}
        onConfirm={async () => {
          try {
            await onApprove();
          } finally {
            setApproving(false);
          }
        }}
        onClose={() => setApproving(false)}
      />
      <RejectDialog opened={rejecting} onClose={() => setRejecting(false)} onReject={onReject} />
    </Stack>
  );
}

function RejectDialog({
  opened,
  onClose,
  onReject,
}: {
  opened: boolean;
  onClose: () => void;
  onReject: (reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (busy) return;
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (reason.trim() === '') {
      setError(D.reasonRequired);
      return;
    }
    setBusy(true);
    try {
      await onReject(reason.trim());
      setReason('');
      setError(null);
      onClose();
    } catch {
      // Toasted by the API client; the dialog stays open with the reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={D.rejectTitle} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Textarea
            label={D.reasonLabel}
            withAsterisk
            minRows={3}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              if (error) setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {D.cancel}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {D.reject}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
