import type { Merchant } from '@contract/merchant';
import { Group, Stack, Text, Title } from '@mantine/core';
import { InitialsAvatar } from '@/components/initials-avatar';
import { StatusBadge } from '@/components/status-badge';
import { orDash } from '@/lib/format';
import { MERCHANT_STATUS_COLORS } from '@/lib/status-colors';
import { MerchantStatusActions } from './status-actions';

/** Logo or initials, business name, merchant code, status badge, and the status actions. */
export function MerchantHeader({ merchant }: { merchant: Merchant }) {
  const detail = merchant.business_detail;
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="md">
      <Group gap="md" wrap="nowrap">
        <InitialsAvatar name={detail?.name ?? merchant.merchant_code} src={detail?.logo} size={64} />
        <Stack gap={4}>
          <Title order={2}>{orDash(detail?.name)}</Title>
          <Group gap="sm">
            <Text c="dimmed" size="sm">
              {merchant.merchant_code}
            </Text>
            <StatusBadge value={merchant.status} colors={MERCHANT_STATUS_COLORS} />
          </Group>
        </Stack>
      </Group>
      <MerchantStatusActions merchant={merchant} />
    </Group>
  );
}
