import type { MerchantAccount } from '@contract/merchant';
import { Box, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { UI_KIT } from '@/components/copy';
import { InitialsAvatar } from '@/components/initials-avatar';
import { ListState } from '@/components/list-state';
import { StatusBadge } from '@/components/status-badge';
import { MERCHANT_ACCOUNT_STATUS_COLORS } from '@/entities/merchant/status-colors';
import { merchantQueries } from '@/queries/merchants';
import { UI_MERCHANT_DETAILS } from './copy';

const B = UI_MERCHANT_DETAILS.banks;

function AccountCard({ account }: { account: MerchantAccount }) {
  const method = account.payment_method;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={method.name}>
      <Stack gap="xs">
        <InitialsAvatar name={method.name} src={method.logo} size={44} />
        <div>
          <Text size="xs" c="dimmed">
            {B.labels[method.type]}
          </Text>
          <Text fw={500}>{method.name}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {B.accountNumber}
          </Text>
          <Text>{account.account_number}</Text>
        </div>
        <Box>
          {/* The spec's own words (Success, Pending, Rejected), not title-cased enum names. */}
          <StatusBadge
            value={account.status}
            colors={MERCHANT_ACCOUNT_STATUS_COLORS}
            label={(status) => status}
          />
        </Box>
      </Stack>
    </Card>
  );
}

/** Only rendered for users with view-merchant-account (the route hides the tab otherwise). */
export function BanksTab({ merchantId }: { merchantId: string }) {
  const query = useQuery(merchantQueries.accounts(merchantId));
  return (
    <ListState
      status={query.status}
      isEmpty={query.data?.is_empty ?? false}
      isFiltered={false}
      dataType={B.dataType}
      onRetry={() => query.refetch()}
      isRetrying={query.isFetching}
      skeleton={{ rows: 3, columns: 3 }}
    >
      {query.data && query.data.contents.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {query.data.contents.map((account) => (
            <AccountCard key={account.id} account={account} />
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">{UI_KIT.list.empty(B.dataType)}</Text>
      )}
    </ListState>
  );
}
