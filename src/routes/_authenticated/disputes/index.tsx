import { DISPUTE_STATUS_FILTERS } from '@contract/dispute';
import { PERMISSIONS } from '@contract/permissions';
import { Select } from '@mantine/core';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import * as v from 'valibot';
import { DateRangePicker } from '@/components/date-range-picker/date-range-picker';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { UI_DISPUTES } from '@/features/disputes/copy';
import { disputeColumns } from '@/features/disputes/dispute-columns';
import { dateRangeSearchEntries, rangeOf, searchOfRange, wholeDateRange } from '@/lib/date-range-search';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, pageOffset, picklistParam } from '@/lib/search-params';
import { type DisputeListParams, disputeQueries } from '@/queries/money-flows';

const searchSchema = v.pipe(
  v.object({
    ...listSearchEntries,
    ...dateRangeSearchEntries,
    status: picklistParam(['', ...DISPUTE_STATUS_FILTERS], ''),
  }),
  v.transform(wholeDateRange),
);
type DisputesSearch = v.InferOutput<typeof searchSchema>;
const DEFAULTS = { ...LIST_SEARCH_DEFAULTS, status: '' } as const;
const toParams = ({ status, ...rest }: DisputesSearch): DisputeListParams => ({
  ...rest,
  status: status || undefined,
});

export const Route = createFileRoute('/_authenticated/disputes/')({
  staticData: { permission: PERMISSIONS.viewDispute },
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams<DisputesSearch>(DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: listLoader((search: DisputesSearch) => disputeQueries.list(toParams(search))),
  pendingComponent: listPending({ title: UI_DISPUTES.title, columns: 7 }),
  component: DisputesPage,
});

const T = UI_DISPUTES;

function DisputesPage() {
  const search = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery((s: DisputesSearch) => disputeQueries.list(toParams(s)), search);
  const columns = useMemo(
    () => disputeColumns(pageOffset(search.page, search.limit)),
    [search.page, search.limit],
  );
  const changeSearch = searchChange<DisputesSearch>(navigate);

  return (
    <SearchListPage
      copy={T}
      search={search}
      onSearchChange={(change) => void changeSearch(change as Partial<DisputesSearch>)}
      query={query}
      columns={columns}
      getRowId={(d) => d.id}
      onRowClick={(d) => void navigate({ to: '/disputes/$id', params: { id: d.id } })}
      isFiltered={Boolean(search.search || search.status || search.from)}
      filters={
        <>
          <Select
            aria-label={T.statusFilter}
            w={160}
            value={search.status}
            data={[
              { value: '', label: T.statusAll },
              ...DISPUTE_STATUS_FILTERS.map((s) => ({
                value: s,
                label: T.statuses[s.toUpperCase() as keyof typeof T.statuses],
              })),
            ]}
            onChange={(value) => changeSearch({ status: (value ?? '') as DisputesSearch['status'], page: 1 })}
            allowDeselect={false}
          />
          <DateRangePicker
            aria-label={T.dateRange}
            value={rangeOf(search.from, search.to)}
            onChange={(range) => changeSearch({ ...searchOfRange(range), page: 1 })}
          />
        </>
      }
    />
  );
}
