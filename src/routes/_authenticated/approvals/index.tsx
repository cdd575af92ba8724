import { APPROVAL_STATUSES } from '@contract/approval';
import { PERMISSIONS } from '@contract/permissions';
import { Select } from '@mantine/core';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import * as v from 'valibot';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { approvalColumns } from '@/features/approvals/approval-columns';
import { UI_APPROVALS } from '@/features/approvals/copy';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, pageOffset, picklistParam } from '@/lib/search-params';
import { approvalQueries } from '@/queries/approvals';

const searchSchema = v.object({
  ...listSearchEntries,
  status: picklistParam(['', ...APPROVAL_STATUSES], ''),
});
type ApprovalsSearch = v.InferOutput<typeof searchSchema>;
const DEFAULTS = { ...LIST_SEARCH_DEFAULTS, status: '' } as const;
const toParams = ({ status, ...rest }: ApprovalsSearch) => ({ ...rest, status: status || undefined });

export const Route = createFileRoute('/_authenticated/approvals/')({
  staticData: { permission: PERMISSIONS.viewApproval },
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams<ApprovalsSearch>(DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: listLoader((search: ApprovalsSearch) => approvalQueries.list(toParams(search))),
  pendingComponent: listPending({ title: UI_APPROVALS.title, columns: 6 }),
  component: ApprovalsPage,
});

const T = UI_APPROVALS;

/** The four-eyes inbox (decision 039): every request, newest first; the bell links here filtered to Pending. */
function ApprovalsPage() {
  const search = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery((s: ApprovalsSearch) => approvalQueries.list(toParams(s)), search);
  const columns = useMemo(
    () => approvalColumns(pageOffset(search.page, search.limit)),
    [search.page, search.limit],
  );
  const changeSearch = searchChange<ApprovalsSearch>(navigate);

  return (
    <SearchListPage
      copy={T}
      search={search}
      onSearchChange={(change) => void changeSearch(change as Partial<ApprovalsSearch>)}
      query={query}
      columns={columns}
      getRowId={(request) => request.id}
      onRowClick={(request) => void navigate({ to: '/approvals/$id', params: { id: request.id } })}
      isFiltered={Boolean(search.search || search.status)}
      filters={
        <Select
          aria-label={T.statusFilter}
          w={160}
          value={search.status}
          data={[
            { value: '', label: T.statusAll },
            ...APPROVAL_STATUSES.map((s) => ({ value: s, label: T.statuses[s] })),
          ]}
          onChange={(value) => changeSearch({ status: (value ?? '') as ApprovalsSearch['status'], page: 1 })}
          allowDeselect={false}
        />
      }
    />
  );
}
