import { sortText, TRANSACTION_SORT_DEFAULT, TRANSACTION_SORT_KEYS } from '@contract/list-sort';
import { PERMISSIONS } from '@contract/permissions';
import { TRANSACTION_FILTER_OPTIONS } from '@contract/transaction';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import * as v from 'valibot';
import { UI_LIST_KIT } from '@/components/copy';
import { DateRangePicker } from '@/components/date-range-picker/date-range-picker';
import { FilterPanel } from '@/components/filter-panel';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { transactionColumns } from '@/entities/transaction/columns';
import { TRANSACTION_SORT_COLUMNS } from '@/entities/transaction/sort-columns';
import { FilterChips } from '@/features/lists/filter-chips';
import {
  orderedAmountRange,
  richFilterEntries,
  sortParam,
  statusesOf,
  statusListParam,
  statusParamOf,
} from '@/features/lists/list-search';
import { useListViews } from '@/features/lists/list-views';
import { NO_RICH_FILTERS, useRichFilterChips } from '@/features/lists/rich-filter-chips';
import { RichFiltersButton } from '@/features/lists/rich-filters';
import { UI_TRANSACTIONS } from '@/features/transactions/copy';
import { ExportTransactionsCsvButton } from '@/features/transactions/export-csv-button';
import { TransactionDrawer } from '@/features/transactions/transaction-drawer';
import { TRANSACTION_FILTER_PANEL_OPTIONS } from '@/features/transactions/transaction-filters';
import { dateRangeSearchEntries, rangeOf, searchOfRange, wholeDateRange } from '@/lib/date-range-search';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { LIST_SEARCH_DEFAULTS, listDeps, listSearchEntries } from '@/lib/search-params';
import { useShallowStable } from '@/lib/stable';
import {
  type TransactionFilter,
  type TransactionListParams,
  transactionQueries,
} from '@/queries/transactions';

/** The server's cap on `reference` (contract/transaction.ts); a longer one is dropped, not refused. */
const REFERENCE_MAX_LENGTH = 200;

/**
 * An exact reference. A numeric one arrives as a number (the router JSON-parses the query string)
 * and is turned back into text; blank or too long means none.
 */
const referenceValue = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((s) => String(s).trim()),
  v.check((s) => s.length <= REFERENCE_MAX_LENGTH),
  v.transform((s) => (s === '' ? undefined : s)),
);

/**
 * `?page&limit&search&reference&from&to&status&tx`; `status` is one of spec §2's filters, unknown
 * values fall back to all; `reference` is an exact reference, sent instead of the search when both
 * are there; `tx` is the transaction open in the detail drawer (a malformed id closes it); a range
 * that is not both ends in order is dropped.
 */
const transactionSearchSchema = v.pipe(
  v.object({
    ...listSearchEntries,
    ...dateRangeSearchEntries,
    reference: v.optional(v.fallback(referenceValue, undefined)),
    // One of spec §2's filters, or several statuses (`pending,failed`, issue 24).
    status: statusListParam(TRANSACTION_FILTER_OPTIONS),
    sort: sortParam(TRANSACTION_SORT_KEYS, TRANSACTION_SORT_DEFAULT),
    ...richFilterEntries,
    tx: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  }),
  v.transform(wholeDateRange),
  v.transform(orderedAmountRange),
  v.transform((search) => ({ ...search, status: search.status as TransactionListParams['status'] })),
);

const DEFAULT_SORT = sortText(TRANSACTION_SORT_DEFAULT);

export const Route = createFileRoute('/_authenticated/transactions/')({
  staticData: { permission: PERMISSIONS.viewTransactions },
  validateSearch: transactionSearchSchema,
  search: {
    middlewares: [stripSearchParams({ ...LIST_SEARCH_DEFAULTS, status: 'all' as const, sort: DEFAULT_SORT })],
  },
  // The drawer's `tx` is not the list's: opening a transaction keeps the list's match.
  loaderDeps: ({ search }) => listDeps(search, 'tx'),
  loader: listLoader(transactionQueries.list),
  pendingComponent: listPending({ title: UI_TRANSACTIONS.title, columns: 8, withSide: true }),
  component: TransactionsPage,
});

/** A status filter's label on its chip. */
const statusLabel = (status: string) => UI_TRANSACTIONS.filters[status as TransactionFilter] ?? status;

function TransactionsPage() {
  const params = Route.useLoaderDeps();
  const { tx } = Route.useSearch();
  const navigate = Route.useNavigate();
  const query = useListQuery(transactionQueries.list, params);
  const data = query.data;

  const update = useMemo(
    () => searchChange<TransactionListParams & { tx?: string | undefined }>(navigate),
    [navigate],
  );
  const chips = useRichFilterChips(params, update, statusLabel);
  // The URL's values but the page: the toolbar shows them, and a next page leaves them as they are
  // (the same object while they are the same), so it does not render the toolbar (decision 056).
  const { page: _page, ...withoutPage } = params;
  const filterParams = useShallowStable(withoutPage);
  const views = useListViews('transactions', transactionColumns);

  // The filters, chips, sorting and drawer change with the URL, not with the rows: memoised, they
  // are not rendered again when a page's answer arrives, only the rows and the pager are (decision 049).
  const side = useMemo(
    () => (
      <FilterPanel
        label={UI_LIST_KIT.filter}
        value={params.status as TransactionFilter}
        options={TRANSACTION_FILTER_PANEL_OPTIONS}
        onChange={(status) => update({ status, page: 1 })}
      />
    ),
    [params.status, update],
  );
  const filters = useMemo(
    () => (
      <>
        <DateRangePicker
          aria-label={UI_TRANSACTIONS.dateRange}
          value={rangeOf(filterParams.from, filterParams.to)}
          onChange={(range) => update({ ...searchOfRange(range), page: 1 })}
          showShortcuts
          showFooter
          // A history screen: open on last month and this one, never on a month still to come.
          dateLooking="backward"
        />
        <RichFiltersButton
          value={filterParams}
          statuses={statusesOf(filterParams.status)}
          statusChoices={TRANSACTION_FILTER_PANEL_OPTIONS.filter((o) => o.value !== 'all')}
          activeCount={chips.length}
          onApply={({ statuses, ...rich }) =>
            update({ ...rich, status: statusParamOf(statuses ?? []), page: 1 })
          }
        />
        <ExportTransactionsCsvButton
          filters={{
            search: filterParams.search,
            reference: filterParams.reference,
            from: filterParams.from,
            to: filterParams.to,
            status: filterParams.status,
            amountMin: filterParams.amountMin,
            amountMax: filterParams.amountMax,
            currency: filterParams.currency,
            paymentMethod: filterParams.paymentMethod,
            merchant: filterParams.merchant,
          }}
        />
        {views.controls}
      </>
    ),
    [filterParams, update, chips.length, views.controls],
  );
  const aboveTable = useMemo(
    () => (
      <FilterChips
        filters={chips}
        onClearAll={() => update({ ...NO_RICH_FILTERS, status: 'all', page: 1 })}
      />
    ),
    [chips, update],
  );
  const sorting = useMemo(
    () => ({
      value: params.sort ?? DEFAULT_SORT,
      keys: TRANSACTION_SORT_COLUMNS,
      onChange: (sort: string) => update({ sort, page: 1 }),
    }),
    [params.sort, update],
  );
  const drawer = useMemo(
    () => <TransactionDrawer id={tx} onClose={() => update({ tx: undefined })} />,
    [tx, update],
  );

  return (
    <SearchListPage
      copy={UI_TRANSACTIONS}
      search={params}
      onSearchChange={update}
      // A typed search replaces a reference from a link: the server takes one or the other.
      onSearch={(search) => update({ search, reference: undefined, page: 1 })}
      side={side}
      filters={filters}
      // `is_empty`: the system has no transactions at all; a filter leaving nothing is 'No results found'.
      isEmpty={data?.is_empty ?? false}
      isFiltered={false}
      aboveTable={aboveTable}
      sorting={sorting}
      query={query}
      columns={views.columns}
      getRowId={(t) => t.id}
      onRowClick={(t) => update({ tx: t.id })}
    >
      {drawer}
    </SearchListPage>
  );
}
