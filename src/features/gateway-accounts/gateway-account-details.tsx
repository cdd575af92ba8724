import type { GatewayAccount } from '@contract/gateway-account';
import { Group, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailEntry } from '@/components/detail-entry';
import { InitialsAvatar } from '@/components/initials-avatar';
import { StatusBadge } from '@/components/status-badge';
import { ACTIVE_STATUS_COLORS } from '@/lib/activation';
import { formatMoneyIn } from '@/lib/money';
import { UI_GATEWAY_ACCOUNTS } from './copy';
import { numberLabel } from './number-label';
import { statusLabel } from './status';

const F = UI_GATEWAY_ACCOUNTS.fields;

/** The six fields of spec §2 as a description list, so each value is read with its label. */
export function GatewayAccountDetails({ account }: { account: GatewayAccount }) {
  const fields: { label: string; value: ReactNode }[] = [
    { label: F.code, value: account.code },
    {
      label: F.paymentMethod,
      value: (
        <Group gap="xs" wrap="nowrap" component="span">
          <InitialsAvatar name={account.payment_method.name} src={account.payment_method.logo} size={24} />
          {account.payment_method.name}
        </Group>
      ),
    },
    { label: numberLabel(account.payment_method.type), value: account.account_number },
    { label: F.totalBalance, value: formatMoneyIn(account.total_balance, account.balance_decimal_places) },
    { label: F.routingCode, value: account.routing_code },
    {
      label: F.status,
      value: <StatusBadge value={account.status} colors={ACTIVE_STATUS_COLORS} label={statusLabel} />,
    },
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="md" m={0}>
      {fields.map((field) => (
        <DetailEntry key={field.label} label={field.label}>
          {field.value}
        </DetailEntry>
      ))}
    </SimpleGrid>
  );
}
