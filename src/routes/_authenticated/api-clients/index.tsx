import { API_CLIENT_STATUSES, type ApiClient, type ApiClientCreatePayload } from '@contract/api-client';
import { API_CLIENT_SORT_DEFAULT, API_CLIENT_SORT_KEYS } from '@contract/list-sort';
import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { StatusFilter } from '@/components/status-filter';
import { apiClientColumns } from '@/features/api-clients/api-client-columns';
import { ApiClientFormDialog } from '@/features/api-clients/api-client-form-dialog';
import { ApiKeyDialog, type ShownApiKey } from '@/features/api-clients/api-key-dialog';
import { UI_API_CLIENTS } from '@/features/api-clients/copy';
import { useListViews } from '@/features/lists/list-views';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { listSort } from '@/lib/list-sort';
import { usePermission } from '@/lib/permissions';
import { pageOffset } from '@/lib/search-params';
import { isStatusFiltered, statusListEntries, statusListQuery, statusListRoute } from '@/lib/status-list';
import { apiClientQueries, useCreateApiClient, useRevokeApiClient } from '@/queries/api-clients';

/** Sortable headers (issue 24): column id to the API's sort key; newest first by default. */
const SORT = listSort(API_CLIENT_SORT_KEYS, API_CLIENT_SORT_DEFAULT, {
  name: 'name',
  status: 'status',
  created_at: 'created',
});
const searchSchema = v.object(statusListEntries(API_CLIENT_STATUSES, SORT));
type ApiClientsSearch = v.InferOutput<typeof searchSchema>;
const listQuery = statusListQuery({ schema: searchSchema, sort: SORT, list: apiClientQueries.list });

export const Route = createFileRoute('/_authenticated/api-clients/')({
  ...statusListRoute({ permission: PERMISSIONS.viewApiClient, schema: searchSchema, sort: SORT }),
  loader: listLoader(listQuery),
  pendingComponent: listPending({ title: UI_API_CLIENTS.title, columns: 7, withAction: true }),
  component: ApiClientsPage,
});

const T = UI_API_CLIENTS;

function ApiClientsPage() {
  const search = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery(listQuery, search);
  const canManage = usePermission(PERMISSIONS.manageApiClient);
  const create = useCreateApiClient();
  const revoke = useRevokeApiClient();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ShownApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const offset = pageOffset(search.page, search.limit);
  const columns = useMemo(
    () => apiClientColumns({ offset, onRevoke: canManage ? setRevoking : undefined }),
    [offset, canManage],
  );
  const views = useListViews('api-clients', columns);
  const changeSearch = searchChange<ApiClientsSearch>(navigate);

  const save = async (payload: ApiClientCreatePayload) => {
    const answer = await create.mutateAsync(payload);
    setShown({ name: answer.client.name, apiKey: answer.api_key });
  };

  return (
    <SearchListPage
      copy={T}
      search={search}
      onSearchChange={(change) => void changeSearch(change as Partial<ApiClientsSearch>)}
      onAdd={canManage ? () => setAdding(true) : undefined}
      query={query}
      columns={views.columns}
      getRowId={(client) => client.id}
      isFiltered={isStatusFiltered(search)}
      sorting={SORT.sorting(search.sort, (sort) => changeSearch({ sort, page: 1 }))}
      filters={
        <>
          <StatusFilter
            copy={T}
            values={API_CLIENT_STATUSES}
            value={search.status}
            onChange={(status) => changeSearch({ status, page: 1 })}
          />
          {views.controls}
        </>
      }
    >
      <ApiClientFormDialog opened={adding} client={null} onSubmit={save} onClose={() => setAdding(false)} />
      <ApiKeyDialog shown={shown} onClose={() => setShown(null)} />
      <ConfirmDialog
        opened={revoking !== null}
        type="DEACTIVATE"
        title={T.revokeTitle}
        message={T.confirmRevoke(revoking?.name ?? '')}
        confirmLabel={T.revokeLabel}
        loading={revoke.isPending}
        onConfirm={async () => {
          if (revoking) await revoke.mutateAsync(revoking.id).catch(() => undefined);
          setRevoking(null);
        }}
        onClose={() => setRevoking(null)}
      />
    </SearchListPage>
  );
}
