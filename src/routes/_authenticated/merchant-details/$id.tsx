import { PERMISSIONS } from '@contract/permissions';
import { Paper, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { AnchorLink } from '@/components/anchor-link';
import { DetailSkeleton } from '@/components/detail-skeleton';
import { DetailTabs } from '@/components/detail-tabs';
import { LoadFailure } from '@/components/load-failure';
import { ChangeHistory } from '@/features/change-history/change-history';
import { BanksTab } from '@/features/merchant-details/banks-tab';
import { UI_MERCHANT_DETAILS } from '@/features/merchant-details/copy';
import { BusinessTab, ComplianceTab, ContactTab } from '@/features/merchant-details/info-tabs';
import { MerchantHeader } from '@/features/merchant-details/merchant-header';
import {
  MERCHANT_TAB_LABELS,
  MERCHANT_TABS,
  type MerchantTab,
} from '@/features/merchant-details/merchant-tabs';
import { TimelineTab } from '@/features/merchant-details/timeline-tab';
import {
  MERCHANT_TRANSACTION_SORT,
  merchantTransactionParams,
} from '@/features/merchant-details/transactions-search';
import { TransactionsTab } from '@/features/merchant-details/transactions-tab';
import { isMissing } from '@/lib/errors';
import { warmOnEnter } from '@/lib/list-route';
import { usePermission } from '@/lib/permissions';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, picklistParam } from '@/lib/search-params';
import { MERCHANT_TRANSACTION_FILTERS } from '@/queries/merchant-filters';
import { merchantQueries, merchantTransactionQueries } from '@/queries/merchants';

/**
 * `?tab` opens a tab (a shared link lands on it); `?status&page&limit` are the Transactions tab's
 * list state. Unknown values fall back to the defaults.
 */
const merchantDetailSearchSchema = v.object({
  tab: picklistParam(MERCHANT_TABS, 'business'),
  page: listSearchEntries.page,
  limit: listSearchEntries.limit,
  status: picklistParam(MERCHANT_TRANSACTION_FILTERS, 'all'),
  sort: MERCHANT_TRANSACTION_SORT.param,
});
type MerchantDetailSearch = v.InferOutput<typeof merchantDetailSearchSchema>;

/** Entering the page warms its data. A const: the router plugin does not split a call with type arguments (decision 050). */
const warmDetail = warmOnEnter<{ id: string }, MerchantDetailSearch>(({ queryClient, params, deps }) =>
  Promise.all([
    queryClient.ensureQueryData(merchantQueries.detail(params.id)),
    deps.tab === 'transactions'
      ? queryClient.ensureQueryData(
          merchantTransactionQueries.list(params.id, merchantTransactionParams(deps)),
        )
      : null,
  ]),
);

export const Route = createFileRoute('/_authenticated/merchant-details/$id')({
  staticData: { permission: PERMISSIONS.viewMerchant },
  validateSearch: merchantDetailSearchSchema,
  search: {
    middlewares: [
      stripSearchParams({
        ...LIST_SEARCH_DEFAULTS,
        tab: 'business' as const,
        status: 'all' as const,
        ...MERCHANT_TRANSACTION_SORT.defaults,
      }),
    ],
  },
  loaderDeps: ({ search }) => search,
  // Tab, filter and page changes on this screen do not hold the navigation: the tab's query fetches
  // while the page stays on screen. A link to the Transactions tab warms both at once.
  loader: warmDetail,
  component: MerchantDetailsPage,
});

function MerchantDetailsPage() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const canSeeBanks = usePermission(PERMISSIONS.viewMerchantAccount);
  const query = useQuery({ ...merchantQueries.detail(id), retryOnMount: false });

  const tabs = MERCHANT_TABS.filter((tab) => tab !== 'banks' || canSeeBanks);
  // A banks link opened without the permission lands on the first tab instead of nothing.
  const tab: MerchantTab = tabs.includes(search.tab) ? search.tab : 'business';

  if (query.status === 'pending') {
    return <DetailSkeleton />;
  }
  if (query.status === 'error') {
    return (
      <LoadFailure
        missing={isMissing(query.error) ? UI_MERCHANT_DETAILS.notFound : undefined}
        onRetry={query.refetch}
        isRetrying={query.isFetching}
      >
        <AnchorLink to="/merchants">{UI_MERCHANT_DETAILS.backToList}</AnchorLink>
      </LoadFailure>
    );
  }
  const merchant = query.data;

  return (
    <Stack gap="lg">
      <MerchantHeader merchant={merchant} />
      <DetailTabs
        tabs={tabs}
        labels={MERCHANT_TAB_LABELS}
        value={tab}
        // The list state belongs to the Transactions tab: leaving it starts that list afresh.
        onChange={(chosen) => void navigate({ search: { tab: chosen }, replace: true })}
      >
        <Paper withBorder radius="md" p="md" mt="md">
          <Tabs.Panel value="business">
            <BusinessTab merchant={merchant} />
          </Tabs.Panel>
          <Tabs.Panel value="compliance">
            <ComplianceTab merchant={merchant} />
          </Tabs.Panel>
          <Tabs.Panel value="contact">
            <ContactTab merchant={merchant} />
          </Tabs.Panel>
          <Tabs.Panel value="transactions">
            <TransactionsTab
              merchantId={merchant.id}
              params={search}
              onChange={(change) =>
                navigate({ search: (old) => ({ ...old, ...change, tab: 'transactions' }) })
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            {/* Ours: every status change, with who made it (the header shows the last). */}
            <ChangeHistory subject="merchant" subjectId={merchant.id} />
          </Tabs.Panel>
          <Tabs.Panel value="timeline">
            {/* Ours (decision 046): status changes, payouts, documents, first and latest transaction. */}
            <TimelineTab merchantId={merchant.id} />
          </Tabs.Panel>
          {canSeeBanks ? (
            <Tabs.Panel value="banks">
              <BanksTab merchantId={merchant.id} />
            </Tabs.Panel>
          ) : null}
        </Paper>
      </DetailTabs>
    </Stack>
  );
}
