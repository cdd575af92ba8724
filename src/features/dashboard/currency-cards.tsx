import type { DashboardCurrency } from '@contract/dashboard';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { formatMoney } from '@/lib/money';
import { UI_DASHBOARD } from './copy';

/** Successful share of the count, one decimal ('66.7%'); counts, not money, so a number is fine. */
export function successRate(success: number, total: number): string {
  if (total === 0) return '—';
  return `${((success / total) * 100).toFixed(1)}%`;
}

function CurrencyCard({ row }: { row: DashboardCurrency }) {
  const titleId = useId();
  const { name_code: code, name, decimal_places: places } = row.currency;
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap={6}>
        <Title order={3} size="h5" id={titleId}>
          {`${name} (${code})`}
        </Title>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {UI_DASHBOARD.volume}
          </Text>
          <Text fz={26} fw={700} lh={1.2} data-field="volume">
            {formatMoney(row.volume, places)}{' '}
            <Text span c="dimmed" fz="sm">
              {code}
            </Text>
          </Text>
          <Text size="sm" data-field="count">
            {UI_DASHBOARD.transactionCount(row.count)}
          </Text>
        </div>
        <Group gap="xl" align="flex-start">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {UI_DASHBOARD.successRate}
            </Text>
            <Text fw={600} data-field="success-rate">
              {successRate(row.success_count, row.count)}
            </Text>
            <Text size="xs" c="dimmed">
              {UI_DASHBOARD.successOf(row.success_count, row.count)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {UI_DASHBOARD.successfulVolume}
            </Text>
            <Text fw={600} data-field="success-volume">
              {formatMoney(row.success_volume, places)} {code}
            </Text>
          </div>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Volume, count and success rate per currency: amounts of different currencies are never added. */
export function CurrencyCards({ currencies }: { currencies: readonly DashboardCurrency[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
      {currencies.map((row) => (
        <CurrencyCard key={row.currency.name_code} row={row} />
      ))}
    </SimpleGrid>
  );
}
