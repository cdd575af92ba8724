import { DISPUTE_STATUS_FILTERS } from '@contract/dispute';
import { DISPUTE_SORT_DEFAULT, DISPUTE_SORT_KEYS } from '@contract/list-sort';
import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import * as v from 'valibot';
import { DateRangePicker } from '@/components/date-range-picker/date-range-picker';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { StatusFilter } from '@/components/status-filter';
import { UI_DISPUTES } from '@/features/disputes/copy';
import { disputeColumns } from '@/features/disputes/dispute-columns';
import { useListViews } from '@/features/lists/list-views';
import { dateRangeSearchEntries, rangeOf, searchOfRange, wholeDateRange } from '@/lib/date-range-search';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { listSort } from '@/lib/list-sort';
import { pageOffset } from '@/lib/search-params';
import { isStatusFiltered, statusListEntries, statusListQuery, statusListRoute } from '@/lib/status-list';
import { disputeQueries } from '@/queries/money-flows';

/** Sortable headers (issue 24): column id to the API's sort key; newest first by default. */
const SORT = listSort(DISPUTE_SORT_KEYS, DISPUTE_SORT_DEFAULT, {
  amount: 'amount',
  status: 'status',
  response_due: 'due',
  created_at: 'opened',
});
const searchSchema = v.pipe(
  v.object({ ...statusListEntries(DISPUTE_STATUS_FILTERS, SORT), ...dateRangeSearchEntries }),
  v.transform(wholeDateRange),
);
type DisputesSearch = v.InferOutput<typeof searchSchema>;
const listQuery = statusListQuery({ schema: searchSchema, sort: SORT, list: disputeQueries.list });

export const Route = createFileRoute('/_authenticated/disputes/')({
  ...statusListRoute({ permission: PERMISSIONS.viewDispute, schema: searchSchema, sort: SORT }),
  loader: listLoader(listQuery),
  pendingComponent: listPending({ title: UI_DISPUTES.title, columns: 7 }),
  component: DisputesPage,
});

const T = UI_DISPUTES;

function DisputesPage() {
  const search = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery(listQuery, search);
  const columns = useMemo(
    () => disputeColumns(pageOffset(search.page, search.limit)),
    [search.page, search.limit],
  );
  const views = useListViews('disputes', columns);
  const changeSearch = searchChange<DisputesSearch>(navigate);

  return (
    <SearchListPage
      copy={T}
      search={search}
      onSearchChange={(change) => void changeSearch(change as Partial<DisputesSearch>)}
      query={query}
      columns={views.columns}
      getRowId={(d) => d.id}
      onRowClick={(d) => void navigate({ to: '/disputes/$id', params: { id: d.id } })}
      isFiltered={isStatusFiltered(search) || Boolean(search.from)}
      sorting={SORT.sorting(search.sort, (sort) => changeSearch({ sort, page: 1 }))}
      filters={
        <>
          <StatusFilter
            copy={T}
            values={DISPUTE_STATUS_FILTERS}
            labelOf={(s) => T.statuses[s.toUpperCase() as keyof typeof T.statuses]}
            value={search.status}
            onChange={(status) => changeSearch({ status, page: 1 })}
          />
          <DateRangePicker
            aria-label={T.dateRange}
            value={rangeOf(search.from, search.to)}
            onChange={(range) => changeSearch({ ...searchOfRange(range), page: 1 })}
          />
          {views.controls}
        </>
      }
    />
  );
}
