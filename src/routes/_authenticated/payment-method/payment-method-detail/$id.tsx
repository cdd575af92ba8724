import { PERMISSIONS } from '@contract/permissions';
import { Anchor, Paper, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { DetailSkeleton } from '@/components/detail-skeleton';
import { DetailTabs } from '@/components/detail-tabs';
import { LoadFailure } from '@/components/load-failure';
import { ChangeHistory } from '@/features/change-history/change-history';
import { UI_CHANGE_HISTORY } from '@/features/change-history/copy';
import { ChargesTab } from '@/features/payment-methods/charges-tab';
import { UI_PAYMENT_METHODS } from '@/features/payment-methods/copy';
import { LimitsTab } from '@/features/payment-methods/limits-tab';
import { PaymentMethodHeader } from '@/features/payment-methods/payment-method-header';
import { isApiError } from '@/lib/errors';
import { warmOnEnter } from '@/lib/list-route';
import { picklistParam } from '@/lib/search-params';
import { paymentMethodQueries } from '@/queries/payment-methods';
import { transactionLimitQueries } from '@/queries/transaction-limits';

const T = UI_PAYMENT_METHODS;

/** The side tabs (spec §2), in order; `?tab` opens one, so a shared link lands on it. */
const TABS = ['limits', 'charges', 'history'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Readonly<Record<Tab, string>> = {
  limits: T.tabs.limits,
  charges: T.tabs.charges,
  // Ours: who changed the method and its limits (docs/api.md, "Change history").
  history: UI_CHANGE_HISTORY.title,
};

const detailSearchSchema = v.object({ tab: picklistParam(TABS, 'limits') });

/** Entering the page warms its data. A const: the router plugin does not split a call with type arguments (decision 050). */
const warmDetail = warmOnEnter<{ id: string }>(({ queryClient, params }) =>
  Promise.all([
    queryClient.ensureQueryData(paymentMethodQueries.detail(params.id)),
    queryClient.ensureQueryData(transactionLimitQueries.ofMethod(params.id)),
  ]),
);

export const Route = createFileRoute('/_authenticated/payment-method/payment-method-detail/$id')({
  staticData: { permission: PERMISSIONS.viewPaymentMethod },
  validateSearch: detailSearchSchema,
  search: { middlewares: [stripSearchParams({ tab: 'limits' as const })] },
  // Warm the method and its limits together. A failure shows the page's own error view with Retry.
  loader: warmDetail,
  component: PaymentMethodDetailPage,
});

function PaymentMethodDetailPage() {
  const { id } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const query = useQuery({ ...paymentMethodQueries.detail(id), retryOnMount: false });

  if (query.status === 'pending') {
    return <DetailSkeleton />;
  }
  if (query.status === 'error') {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <LoadFailure
        missing={missing ? T.notFound : undefined}
        onRetry={query.refetch}
        isRetrying={query.isFetching}
      >
        <Anchor component={Link} to="/payment-methods">
          {T.title}
        </Anchor>
      </LoadFailure>
    );
  }
  const method = query.data;

  return (
    <Stack gap="lg">
      <PaymentMethodHeader method={method} />
      <DetailTabs
        orientation="vertical"
        tabs={TABS}
        labels={TAB_LABELS}
        value={tab}
        onChange={(chosen) => void navigate({ search: { tab: chosen }, replace: true })}
      >
        <Paper withBorder radius="md" p="md" ml="md" style={{ flex: 1, minWidth: 0 }}>
          <Tabs.Panel value="limits">
            <LimitsTab paymentMethodId={method.id} />
          </Tabs.Panel>
          <Tabs.Panel value="charges">
            <ChargesTab method={method} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <ChangeHistory subject="payment_method" subjectId={method.id} />
          </Tabs.Panel>
        </Paper>
      </DetailTabs>
    </Stack>
  );
}
