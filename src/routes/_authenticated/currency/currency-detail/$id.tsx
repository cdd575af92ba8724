import type { Currency } from '@contract/currency';
import { PERMISSIONS } from '@contract/permissions';
import { Anchor, Grid, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { UI_LIST_KIT } from '@/components/copy';
import { LoadFailure } from '@/components/load-failure';
import { ChangeHistory } from '@/features/change-history/change-history';
import { CurrencyCharges } from '@/features/charges/currency-charges';
import { UI_CURRENCIES } from '@/features/currencies/copy';
import { CurrencySummary } from '@/features/currencies/currency-summary';
import { isApiError } from '@/lib/errors';
import { warmOnEnter } from '@/lib/list-route';
import { chargeQueries } from '@/queries/charges';
import { currencyQueries } from '@/queries/currencies';

/** Entering the page warms its data. A const: the router plugin does not split a call with type arguments (decision 050). */
const warmDetail = warmOnEnter<{ id: string }>(({ queryClient, params }) => {
  // The charges start loading at once but do not hold the page: their half shows its own
  // skeleton. A failure of either shows that half's error view with Retry.
  void queryClient.prefetchQuery(chargeQueries.ofCurrency(params.id));
  return queryClient.ensureQueryData(currencyQueries.detail(params.id));
});

export const Route = createFileRoute('/_authenticated/currency/currency-detail/$id')({
  staticData: { permission: PERMISSIONS.viewCharge },
  loader: warmDetail,
  component: CurrencyDetailPage,
});

function CurrencyDetailPage() {
  const { id } = Route.useParams();
  const query = useQuery({ ...currencyQueries.detail(id), retryOnMount: false });

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/currency" size="sm">
        {UI_CURRENCIES.backToList}
      </Anchor>
      <Title order={2}>{UI_CURRENCIES.detailTitle}</Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Paper withBorder radius="md" p="md">
            <CurrencySide query={query} />
          </Paper>
        </Grid.Col>
        {/* Wide enough at lg for the charges table without its horizontal scroll. */}
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Paper withBorder radius="md" p="md" style={{ minWidth: 0 }}>
            {query.status === 'error' && isApiError(query.error) && query.error.status === 404 ? null : (
              <CurrencyCharges currencyId={id} decimalPlaces={query.data?.decimal_places} />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      {/* Ours: who changed the currency and its charges; a deleted one's record stays readable. */}
      <Paper withBorder radius="md" p="md">
        <ChangeHistory subject="currency" subjectId={id} titleOrder={3} />
      </Paper>
    </Stack>
  );
}

function CurrencySide({ query }: { query: UseQueryResult<Currency> }) {
  if (query.status === 'pending') {
    return (
      <Stack aria-busy aria-label={UI_LIST_KIT.loading} gap="sm">
        <Skeleton height={24} width="60%" />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (query.status === 'error') {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <LoadFailure
        missing={missing ? UI_CURRENCIES.notFound : undefined}
        onRetry={query.refetch}
        isRetrying={query.isFetching}
      />
    );
  }
  return <CurrencySummary currency={query.data} />;
}
