import { API_CLIENT_STATUSES, type ApiClient, type ApiClientCreatePayload } from '@contract/api-client';
import { PERMISSIONS } from '@contract/permissions';
import { Select } from '@mantine/core';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { apiClientColumns } from '@/features/api-clients/api-client-columns';
import { ApiClientFormDialog } from '@/features/api-clients/api-client-form-dialog';
import { ApiKeyDialog, type ShownApiKey } from '@/features/api-clients/api-key-dialog';
import { UI_API_CLIENTS } from '@/features/api-clients/copy';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { usePermission } from '@/lib/permissions';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, pageOffset, picklistParam } from '@/lib/search-params';
import { apiClientQueries, useCreateApiClient, useRevokeApiClient } from '@/queries/api-clients';

const searchSchema = v.object({
  ...listSearchEntries,
  status: picklistParam(['', ...API_CLIENT_STATUSES], ''),
});
type ApiClientsSearch = v.InferOutput<typeof searchSchema>;
const DEFAULTS = { ...LIST_SEARCH_DEFAULTS, status: '' } as const;
const toParams = ({ status, ...rest }: ApiClientsSearch) => ({ ...rest, status: status || undefined });

export const Route = createFileRoute('/_authenticated/api-clients/')({
  staticData: { permission: PERMISSIONS.viewApiClient },
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams<ApiClientsSearch>(DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: listLoader((search: ApiClientsSearch) => apiClientQueries.list(toParams(search))),
  pendingComponent: listPending({ title: UI_API_CLIENTS.title, columns: 7, withAction: true }),
  component: ApiClientsPage,
});

const T = UI_API_CLIENTS;

function ApiClientsPage() {
  const search = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery((s: ApiClientsSearch) => apiClientQueries.list(toParams(s)), search);
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
      columns={columns}
      getRowId={(client) => client.id}
      isFiltered={Boolean(search.search || search.status)}
      filters={
        <Select
          aria-label={T.statusFilter}
          w={160}
          value={search.status}
          data={[
            { value: '', label: T.statusAll },
            ...API_CLIENT_STATUSES.map((s) => ({ value: s, label: T.statuses[s] })),
          ]}
          onChange={(value) => changeSearch({ status: (value ?? '') as ApiClientsSearch['status'], page: 1 })}
          allowDeselect={false}
        />
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
