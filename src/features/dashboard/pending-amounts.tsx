import type { DashboardSummary } from '@contract/dashboard';
import { Stack, Text } from '@mantine/core';
import { formatMoney } from '@/lib/money';

/**
 * The money waiting in payout requests, per currency (never added across currencies). Nothing when
 * the summary has no pending payouts section: the server leaves it out (null) for a caller without
 * view-transactions.
 */
export function PendingAmounts({ summary }: { summary: DashboardSummary }) {
  if (!summary.pending_payouts) return null;
  const places = new Map(summary.currencies.map((c) => [c.currency.name_code, c.currency.decimal_places]));
  const entries = Object.entries(summary.pending_payouts.volumes).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return null;
  return (
    <Stack gap={0} data-field="pending-amounts">
      {entries.map(([code, volume]) => (
        <Text key={code} size="sm" fw={500}>
          {formatMoney(volume, places.get(code) ?? 2)} {code}
        </Text>
      ))}
    </Stack>
  );
}
