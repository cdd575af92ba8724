import '@mantine/charts/styles.layer.css';
import type { DashboardSummary } from '@contract/dashboard';
import { BarChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { formatMoney } from '@/lib/money';
import { UI_DASHBOARD } from './copy';
import { type DailyVolumeRow, dailyVolumeRows } from './daily-volume';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

interface TooltipArgs {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: DailyVolumeRow }>;
}

/** The hovered day's exact volume string and count, not the bar's float. */
function DayTooltip({ active, payload, code, places }: TooltipArgs & { code: string; places: number }) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm">
      <Text size="sm" fw={600}>
        {dayLabel(row.date)}
      </Text>
      <Text size="sm">
        {formatMoney(row.volumeText, places)} {code}
      </Text>
      <Text size="xs" c="dimmed">
        {UI_DASHBOARD.transactionCount(row.count)}
      </Text>
    </Paper>
  );
}

/** Volume per UTC day of the period, one currency at a time (their amounts are not comparable). */
export function VolumeChart({ summary }: { summary: DashboardSummary }) {
  const titleId = useId();
  const codes = summary.currencies.map((c) => c.currency.name_code);
  const [chosen, setChosen] = useState<string | null>(null);
  const code = chosen && codes.includes(chosen) ? chosen : (codes[0] ?? '');
  const places = summary.currencies.find((c) => c.currency.name_code === code)?.currency.decimal_places ?? 2;
  const rows = dailyVolumeRows(summary, code).map((row) => ({ ...row, day: dayLabel(row.date) }));

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5" id={titleId}>
            {UI_DASHBOARD.dailyVolumeOf(code)}
          </Title>
          {codes.length > 1 ? (
            <SegmentedControl
              size="xs"
              aria-label={UI_DASHBOARD.chartCurrency}
              data={codes}
              value={code}
              onChange={setChosen}
            />
          ) : null}
        </Group>
        <BarChart
          h={260}
          data={rows}
          dataKey="day"
          series={[{ name: 'volume', label: UI_DASHBOARD.volumeIn(code), color: 'blue.7' }]}
          valueFormatter={(value) => compact.format(value)}
          tooltipProps={{
            content: ({ active, payload }) => (
              <DayTooltip
                active={active}
                payload={payload as TooltipArgs['payload']}
                code={code}
                places={places}
              />
            ),
          }}
        />
      </Stack>
    </Paper>
  );
}
