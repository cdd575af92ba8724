import { APPROVAL_STATUSES } from '@contract/approval';
import { APPROVAL_SORT_DEFAULT, APPROVAL_SORT_KEYS } from '@contract/list-sort';
import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import * as v from 'valibot';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { StatusFilter } from '@/components/status-filter';
import { approvalColumns } from '@/features/approvals/approval-columns';
import { UI_APPROVALS } from '@/features/approvals/copy';
import { useListViews } from '@/features/lists/list-views';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { listSort } from '@/lib/list-sort';
import { pageOffset } from '@/lib/search-params';
import { isStatusFiltered, statusListEntries, statusListQuery, statusListRoute } from '@/lib/status-list';
import { approvalQueries } from '@/queries/approvals';

/** Sortable headers (issue 24): column id to the API's sort key; newest first by default. */
const SORT = listSort(APPROVAL_SORT_KEYS, APPROVAL_SORT_DEFAULT, {
  requested_at: 'requested',
  status: 'status',
});
const searchSchema = v.object(statusListEntries(APPROVAL_STATUSES, SORT));
type ApprovalsSearch = v.InferOutput<typeof searchSchema>;
const listQuery = statusListQuery({ schema: searchSchema, sort: SORT, list: approvalQueries.list });

export const Route = createFileRoute('/_authenticated/approvals/')({
  ...statusListRoute({ permission: PERMISSIONS.viewApproval, schema: searchSchema, sort: SORT }),
  loader: listLoader(listQuery),
  pendingComponent: listPending({ title: UI_APPROVALS.title, columns: 6 }),
  component: ApprovalsPage,
});

const T = UI_APPROVALS;

/** The four-eyes inbox (decision 039): every request, newest first; the bell links here filtered to Pending. */
function ApprovalsPage() {
  const search = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery(listQuery, search);
  const columns = useMemo(
    () => approvalColumns(pageOffset(search.page, search.limit)),
    [search.page, search.limit],
  );
  const views = useListViews('approvals', columns);
  const changeSearch = searchChange<ApprovalsSearch>(navigate);

  return (
    <SearchListPage
      copy={T}
      search={search}
      onSearchChange={(change) => void changeSearch(change as Partial<ApprovalsSearch>)}
      query={query}
      columns={views.columns}
      getRowId={(request) => request.id}
      onRowClick={(request) => void navigate({ to: '/approvals/$id', params: { id: request.id } })}
      isFiltered={isStatusFiltered(search)}
      sorting={SORT.sorting(search.sort, (sort) => changeSearch({ sort, page: 1 }))}
      filters={
        <>
          <StatusFilter
            copy={T}
            values={APPROVAL_STATUSES}
            value={search.status}
            onChange={(status) => changeSearch({ status, page: 1 })}
          />
          {views.controls}
        </>
      }
    />
  );
}
