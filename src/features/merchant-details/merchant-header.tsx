import type { MerchantDetail } from '@contract/merchant';
import { Group, Stack, Text, Title } from '@mantine/core';
import { InitialsAvatar } from '@/components/initials-avatar';
import { StatusBadge } from '@/components/status-badge';
import { MERCHANT_TEXT } from '@/entities/merchant/copy';
import { merchantName } from '@/entities/merchant/name';
import { MERCHANT_STATUS_COLORS } from '@/entities/merchant/status-colors';
import { transactionTime } from '@/entities/transaction/format';
import { UI_MERCHANT_DETAILS } from './copy';
import { MerchantStatusActions } from './status-actions';

/**
 * Logo or initials, business name, merchant code, status badge, who last changed the status (when
 * someone did through the console), and the status actions.
 */
export function MerchantHeader({ merchant }: { merchant: MerchantDetail }) {
  const detail = merchant.business_detail;
  const change = merchant.status_change;
  const name = merchantName(merchant);
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="md">
      <Group gap="md" wrap="nowrap">
        <InitialsAvatar name={name} src={detail?.logo} size={64} />
        <Stack gap={4}>
          {/* Without a business name the code is the merchant's title, never a bare '---'. */}
          <Title order={2}>{name ?? merchant.merchant_code}</Title>
          <Group gap="sm">
            <Text c="dimmed" size="sm">
              {merchant.merchant_code}
            </Text>
            <StatusBadge value={merchant.status} colors={MERCHANT_STATUS_COLORS} />
            {detail ? null : (
              <Text c="dimmed" size="sm" fs="italic">
                {MERCHANT_TEXT.noBusinessDetails}
              </Text>
            )}
          </Group>
          {change ? <StatusChange change={change} /> : null}
        </Stack>
      </Group>
      <MerchantStatusActions merchant={merchant} />
    </Group>
  );
}

function StatusChange({ change }: { change: NonNullable<MerchantDetail['status_change']> }) {
  const { time, date } = transactionTime(change.at);
  return (
    <Text c="dimmed" size="xs">
      {UI_MERCHANT_DETAILS.statusChange(change.to === 'ACTIVE', change.by?.name ?? null, `${time}, ${date}`)}
    </Text>
  );
}
