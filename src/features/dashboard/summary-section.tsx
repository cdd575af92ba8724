import type { DashboardSummary } from '@contract/dashboard';
import { Box, Button, Center, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { UI_KIT } from '@/components/copy';
import { UI_DASHBOARD } from './copy';
import { CurrencyCards } from './currency-cards';
import { StatusBreakdown } from './status-breakdown';
import { VolumeChart } from './volume-chart';

function SummarySkeleton() {
  return (
    <Stack gap="md" aria-busy aria-label={UI_DASHBOARD.transactions}>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
        <Skeleton height={150} radius="md" />
        <Skeleton height={150} radius="md" />
      </SimpleGrid>
      <Skeleton height={300} radius="md" />
    </Stack>
  );
}

/** The period's figures: loading, 'Failed to load resources' with Retry, an empty period, or the cards. */
export function SummarySection({ query }: { query: UseQueryResult<DashboardSummary> }) {
  if (query.status === 'pending') return <SummarySkeleton />;
  if (query.status === 'error') {
    return (
      <Paper withBorder radius="md">
        <Center py="xl" role="alert">
          <Stack align="center" gap="sm">
            <Text fw={500}>{UI_KIT.list.failed}</Text>
            <Button variant="light" loading={query.isFetching} onClick={() => void query.refetch()}>
              {UI_KIT.list.retry}
            </Button>
          </Stack>
        </Center>
      </Paper>
    );
  }
  const summary = query.data;
  return (
    // The previous period stays on screen, dimmed, while the next one loads.
    <Box
      style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
      aria-busy={query.isPlaceholderData}
    >
      {summary.currencies.length === 0 ? (
        <Paper withBorder radius="md">
          <Center py="xl">
            <Text c="dimmed">{UI_DASHBOARD.noTransactions}</Text>
          </Center>
        </Paper>
      ) : (
        <Stack gap="md">
          <CurrencyCards currencies={summary.currencies} />
          <VolumeChart summary={summary} />
          <StatusBreakdown summary={summary} />
        </Stack>
      )}
    </Box>
  );
}
