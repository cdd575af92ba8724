import { UI, UI_LIST_KIT, UI_TRANSACTIONS } from '@contract/messages';
import { PERMISSIONS } from '@contract/permissions';
import type { Transaction } from '@contract/transaction';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { DataTable } from '@/components/data-table';
import { DateRangePicker } from '@/components/date-range-picker/date-range-picker';
import { FilterPanel } from '@/components/filter-panel';
import { ListSkeleton, ListState } from '@/components/list-state';
import { Pager } from '@/components/pager';
import { SearchBox } from '@/components/search-box';
import { transactionColumns } from '@/components/transaction-columns';
import { TRANSACTION_FILTER_PANEL_OPTIONS } from '@/features/transactions/transaction-filters';
import { TransactionsLayout } from '@/features/transactions/transactions-page-layout';
import { dateRangeSearchEntries, rangeOf, searchOfRange } from '@/lib/date-range-search';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, picklistParam } from '@/lib/search-params';
import { TRANSACTION_FILTERS, type TransactionListParams, transactionQueries } from '@/queries/transactions';

/** `?page&limit&search&from&to&status`; `status` is one of spec §2's filters, unknown values fall back to all. */
const transactionSearchSchema = v.object({
  ...listSearchEntries,
  ...dateRangeSearchEntries,
  status: picklistParam(TRANSACTION_FILTERS, 'all'),
});

export const Route = createFileRoute('/_authenticated/transactions/')({
  staticData: { permission: PERMISSIONS.viewTransactions },
  validateSearch: transactionSearchSchema,
  search: { middlewares: [stripSearchParams({ ...LIST_SEARCH_DEFAULTS, status: 'all' as const })] },
  loaderDeps: ({ search }): TransactionListParams => ({
    page: search.page,
    limit: search.limit,
    search: search.search,
    from: search.from,
    to: search.to,
    status: search.status,
  }),
  loader: async ({ context, deps, cause }) => {
    if (cause === 'stay') return;
    // A failure shows 'Failed to load resources' with Retry, not the route's error boundary.
    await context.queryClient.ensureQueryData(transactionQueries.list(deps)).catch(() => undefined);
  },
  pendingComponent: TransactionsPending,
  component: TransactionsPage,
});

const COLUMN_COUNT = 8;
const NO_TRANSACTIONS: Transaction[] = [];

function TransactionsPending() {
  return (
    <TransactionsLayout filter={null} toolbar={null}>
      <ListSkeleton columns={COLUMN_COUNT} />
    </TransactionsLayout>
  );
}

function TransactionsPage() {
  const params = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useQuery({ ...transactionQueries.list(params), retryOnMount: false });
  const data = query.data;

  const update = (change: Partial<TransactionListParams>) =>
    navigate({ search: (old) => ({ ...old, ...change }), replace: true });

  return (
    <TransactionsLayout
      filter={
        <FilterPanel
          label={UI_LIST_KIT.filter}
          value={params.status}
          options={TRANSACTION_FILTER_PANEL_OPTIONS}
          onChange={(status) => update({ status, page: 1 })}
        />
      }
      toolbar={
        <>
          <SearchBox
            value={params.search}
            placeholder={UI.transactions.search}
            onSearch={(search) => update({ search, page: 1 })}
          />
          <DateRangePicker
            aria-label={UI_TRANSACTIONS.dateRange}
            value={rangeOf(params.from, params.to)}
            onChange={(range) => update({ ...searchOfRange(range), page: 1 })}
            showShortcuts
          />
        </>
      }
    >
      <ListState
        status={query.status}
        // `is_empty`: the system has no transactions at all; a filter leaving nothing is 'No results found'.
        isEmpty={data?.is_empty ?? false}
        isFiltered={false}
        dataType={UI.transactions.title}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
        skeleton={{ rows: params.limit, columns: COLUMN_COUNT }}
      >
        <DataTable
          label={UI.transactions.title}
          columns={transactionColumns}
          data={data?.contents ?? NO_TRANSACTIONS}
          getRowId={(t) => t.id}
          isFetching={query.isPlaceholderData}
        />
        {data && data.total > 0 ? (
          <Pager
            page={params.page}
            limit={params.limit}
            total={data.total}
            totalPages={data.total_pages}
            onPageChange={(page) => update({ page })}
            onLimitChange={(limit) => update({ limit, page: 1 })}
          />
        ) : null}
      </ListState>
    </TransactionsLayout>
  );
}
