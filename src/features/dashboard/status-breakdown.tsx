import '@mantine/charts/styles.layer.css';
import type { DashboardSummary } from '@contract/dashboard';
import { DonutChart } from '@mantine/charts';
import { Group, Paper, Stack, Table, Title } from '@mantine/core';
import { useId } from 'react';
import { StatusBadge } from '@/components/status-badge';
import { TRANSACTION_STATUS_COLORS } from '@/entities/transaction/status-colors';
import { humanizeEnum } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { UI_DASHBOARD } from './copy';

/** Every status with its count and, per currency, its exact volume; the donut shares out the counts. */
export function StatusBreakdown({ summary }: { summary: DashboardSummary }) {
  const titleId = useId();
  const currencies = summary.currencies.map((c) => c.currency);
  const cells = summary.by_status
    .filter((row) => row.count > 0)
    .map((row) => ({
      name: humanizeEnum(row.status),
      value: row.count,
      color: `${TRANSACTION_STATUS_COLORS[row.status] ?? 'gray'}.6`,
    }));

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          {UI_DASHBOARD.byStatus}
        </Title>
        <Group align="center" gap="xl" wrap="wrap">
          <DonutChart
            data={cells}
            size={150}
            thickness={24}
            chartLabel={summary.by_status.reduce((n, r) => n + r.count, 0)}
          />
          <Table.ScrollContainer minWidth={320} style={{ flex: 1 }}>
            <Table aria-labelledby={titleId} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{UI_DASHBOARD.status}</Table.Th>
                  <Table.Th ta="right">{UI_DASHBOARD.transactions}</Table.Th>
                  {currencies.map((c) => (
                    <Table.Th key={c.name_code} ta="right">
                      {UI_DASHBOARD.volumeIn(c.name_code)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.by_status.map((row) => (
                  <Table.Tr key={row.status}>
                    <Table.Td>
                      <StatusBadge value={row.status} colors={TRANSACTION_STATUS_COLORS} />
                    </Table.Td>
                    <Table.Td ta="right">{row.count}</Table.Td>
                    {currencies.map((c) => (
                      <Table.Td key={c.name_code} ta="right">
                        {formatMoney(row.volumes[c.name_code] ?? '0', c.decimal_places)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Group>
      </Stack>
    </Paper>
  );
}
