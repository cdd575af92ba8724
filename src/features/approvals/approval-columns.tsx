import type { ApprovalRequest, ApprovalStatus } from '@contract/approval';
import { Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { rowNumberColumn } from '@/components/row-number-column';
import { StatusBadge } from '@/components/status-badge';
import { formatAmount } from '@/lib/format';
import { UI_APPROVALS } from './copy';

const helper = createColumnHelper<ListTableFeatures, ApprovalRequest>();
const T = UI_APPROVALS;

export const APPROVAL_STATUS_COLORS = {
  PENDING: 'yellow',
  APPROVED: 'green',
  REJECTED: 'gray',
  FAILED: 'red',
} as const;

export function ApprovalStatusBadge({ status }: { status: ApprovalStatus }) {
  return (
    <StatusBadge
      value={status}
      colors={APPROVAL_STATUS_COLORS}
      label={(s) => T.statuses[s as ApprovalStatus]}
    />
  );
}

/** `1,250.00 ETB`, or a dash for a request without an amount. */
export function requestAmount(request: Pick<ApprovalRequest, 'amount' | 'currency'>): string {
  if (request.amount === null) return T.detail.none;
  return `${formatAmount(request.amount)} ${request.currency ?? ''}`.trim();
}

/** The inbox: what, the amount, who asked and when, the status; a row opens the request. */
export function approvalColumns(offset: number) {
  return helper.columns([
    rowNumberColumn<ApprovalRequest>(offset),
    helper.accessor('summary', {
      header: T.columns.summary,
      cell: (info) => (
        <Text size="sm" fw={500}>
          {info.getValue()}
        </Text>
      ),
    }),
    helper.display({
      id: 'amount',
      header: T.columns.amount,
      cell: (info) => requestAmount(info.row.original),
    }),
    helper.accessor((r) => r.requested_by?.name ?? T.detail.none, {
      id: 'requested_by',
      header: T.columns.requestedBy,
    }),
    helper.accessor('requested_at', {
      header: T.columns.requestedAt,
      cell: (info) => new Date(info.getValue()).toLocaleString(),
    }),
    helper.accessor('status', {
      header: T.columns.status,
      cell: (info) => <ApprovalStatusBadge status={info.getValue()} />,
    }),
  ]);
}
