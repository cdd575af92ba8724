import type { AuditRecord } from '@contract/audit-log';
import { Code, Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { ListTableFeatures } from '@/components/data-table';
import { rowNumberColumn } from '@/components/row-number-column';
import { StatusBadge } from '@/components/status-badge';
import { UI_AUDIT_LOG } from './copy';

const helper = createColumnHelper<ListTableFeatures, AuditRecord>();
const T = UI_AUDIT_LOG;
const OUTCOME_COLORS = { success: 'green', failure: 'red' } as const;

/** Before and after on one line each: compact JSON, which every recorded value is. */
function json(value: unknown): string {
  return value === null || value === undefined ? T.none : JSON.stringify(value);
}

/** The log: time, who (and from where), what, on which resource, outcome, before and after. */
export function auditColumns(offset: number) {
  return helper.columns([
    rowNumberColumn<AuditRecord>(offset),
    helper.accessor('at', {
      header: T.columns.at,
      cell: (info) => new Date(info.getValue()).toLocaleString(),
    }),
    helper.accessor('actor', {
      header: T.columns.person,
      cell: (info) => {
        const actor = info.getValue();
        return (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {actor?.name ?? T.nobody}
            </Text>
            {actor?.email ? (
              <Text size="xs" c="dimmed">
                {actor.email}
              </Text>
            ) : null}
          </Stack>
        );
      },
    }),
    helper.accessor('address', { header: T.columns.address, cell: (info) => info.getValue() ?? T.none }),
    helper.accessor('action', { header: T.columns.action }),
    helper.accessor((r) => `${r.resource_type}${r.resource_id ? ` ${r.resource_id}` : ''}`, {
      id: 'resource',
      header: T.columns.resource,
    }),
    helper.accessor('outcome', {
      header: T.columns.outcome,
      cell: (info) => (
        <StatusBadge
          value={info.getValue()}
          colors={OUTCOME_COLORS}
          label={(o) => T.outcomes[o as keyof typeof T.outcomes] ?? o}
        />
      ),
    }),
    helper.display({
      id: 'change',
      header: T.columns.change,
      cell: ({ row }) => (
        <Stack gap={2} maw={360}>
          <Code block={false}>{json(row.original.before)}</Code>
          <Code block={false}>{json(row.original.after)}</Code>
        </Stack>
      ),
    }),
  ]);
}
