import { PERMISSIONS } from '@contract/permissions';
import { Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DateRangePicker, type DateRangeValue } from '@/components/date-range-picker/date-range-picker';
import { UI_DASHBOARD } from '@/features/dashboard/copy';
import { dashboardSearchSchema } from '@/features/dashboard/dashboard-search';
import { PendingAmounts } from '@/features/dashboard/pending-amounts';
import { SummarySection } from '@/features/dashboard/summary-section';
import { WaitingCard } from '@/features/dashboard/waiting-card';
import { AwaitingVerificationLink, PendingPayoutsLink } from '@/features/dashboard/waiting-links';
import { rangeOf, searchOfRange } from '@/lib/date-range-search';
import { usePermission } from '@/lib/permissions';
import { dashboardQueries } from '@/queries/dashboard';
import { useWaitingCounts, type WaitingCount } from '@/queries/waiting-counts';

/**
 * Home (spec §2: a session only, docs/spec-deviations.md 8). `?from&to` choose the period; without
 * them the server's default, the last 30 days, is used and shown in the picker. Each card needs its
 * own permission: the period's figures `uma_protection` (the summary call's), pending payouts
 * `view-transactions`, merchants awaiting verification `view-merchant` (the screens they open). The
 * pending amounts come from the summary, which carries them only for holders of both
 * `uma_protection` and `view-transactions` (decision 008).
 */
export const Route = createFileRoute('/_authenticated/')({
  validateSearch: dashboardSearchSchema,
  component: DashboardPage,
});

/** The cards of what waits for someone, each with the screen that reviews it. */
const WAITING_LINKS = {
  pendingPayouts: { link: PendingPayoutsLink, linkLabel: UI_DASHBOARD.reviewPayouts },
  awaitingVerification: { link: AwaitingVerificationLink, linkLabel: UI_DASHBOARD.reviewMerchants },
} as const;

interface WaitingProps {
  kind: keyof typeof WAITING_LINKS;
  count: WaitingCount;
  children?: ReactNode;
}

/** A waiting card, titled and hinted after its kind; nothing without the permission its screen needs. */
function Waiting({ kind, count, children }: WaitingProps) {
  if (!count.allowed) return null;
  return (
    <WaitingCard
      title={UI_DASHBOARD[kind]}
      hint={UI_DASHBOARD[`${kind}Hint`]}
      waiting={count}
      {...WAITING_LINKS[kind]}
    >
      {children}
    </WaitingCard>
  );
}

function DashboardPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const canSeeSummary = usePermission(PERMISSIONS.dashboard);
  const waiting = useWaitingCounts();
  const summary = useQuery({
    ...dashboardQueries.summary(search),
    enabled: canSeeSummary,
    placeholderData: keepPreviousData,
  });
  const shown = search.from && search.to ? search : summary.data;
  const period: DateRangeValue = rangeOf(shown?.from, shown?.to);
  const anyWaiting = waiting.pendingPayouts.allowed || waiting.awaitingVerification.allowed;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{UI_DASHBOARD.title}</Title>
        {canSeeSummary ? (
          // Wide enough for 'YYYY-MM-DD ~ YYYY-MM-DD' and the clear button.
          <Box w={{ base: '100%', xs: 270 }}>
            <DateRangePicker
              aria-label={UI_DASHBOARD.period}
              value={period}
              onChange={(range) => navigate({ search: searchOfRange(range), replace: true })}
              showShortcuts
              // A history screen: open on last month and this one, never on a month still to come.
              dateLooking="backward"
            />
          </Box>
        ) : null}
      </Group>

      {!canSeeSummary && !anyWaiting ? (
        <Paper withBorder p="lg" radius="md">
          <Text>{UI_DASHBOARD.nothingToShow}</Text>
        </Paper>
      ) : null}

      {anyWaiting ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Waiting kind="pendingPayouts" count={waiting.pendingPayouts}>
            {summary.data ? <PendingAmounts summary={summary.data} /> : null}
          </Waiting>
          <Waiting kind="awaitingVerification" count={waiting.awaitingVerification} />
        </SimpleGrid>
      ) : null}

      {canSeeSummary ? <SummarySection query={summary} /> : null}
    </Stack>
  );
}
