import type { GatewayAccount } from '@contract/gateway-account';
import { PERMISSIONS } from '@contract/permissions';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { ListPageLayout } from '@/components/list-page-layout';
import { PagedList } from '@/components/paged-list';
import { SearchBox } from '@/components/search-box';
import { UI_GATEWAY_ACCOUNTS } from '@/features/gateway-accounts/copy';
import { gatewayAccountColumns } from '@/features/gateway-accounts/gateway-account-columns';
import {
  GatewayAccountFormDialog,
  type GatewayAccountFormPayload,
} from '@/features/gateway-accounts/gateway-account-form-dialog';
import { listLoader, listPending } from '@/lib/list-route';
import { usePermission } from '@/lib/permissions';
import { LIST_SEARCH_DEFAULTS, listSearchEntries } from '@/lib/search-params';
import {
  type GatewayAccountListParams,
  gatewayAccountQueries,
  useCreateGatewayAccount,
  useUpdateGatewayAccount,
} from '@/queries/gateway-accounts';

/** `?page&limit&search`; bad values fall back to the defaults. */
const gatewayAccountSearchSchema = v.object(listSearchEntries);

export const Route = createFileRoute('/_authenticated/gateway-accounts/')({
  staticData: { permission: PERMISSIONS.viewGatewayAccount },
  validateSearch: gatewayAccountSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: listLoader(gatewayAccountQueries.list),
  pendingComponent: listPending({ title: UI_GATEWAY_ACCOUNTS.title, columns: 8, withAction: true }),
  component: GatewayAccountsPage,
});

/** Which form is open: none, add (null account) or edit. */
type Editing = { account: GatewayAccount | null } | null;

function GatewayAccountsPage() {
  const params = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useQuery({ ...gatewayAccountQueries.list(params), retryOnMount: false });
  const canCreate = usePermission(PERMISSIONS.createGatewayAccount);
  const canEdit = usePermission(PERMISSIONS.updateGatewayAccount);
  const create = useCreateGatewayAccount();
  const update = useUpdateGatewayAccount();
  const [editing, setEditing] = useState<Editing>(null);

  const columns = useMemo(
    () => gatewayAccountColumns(canEdit ? (account) => setEditing({ account }) : undefined),
    [canEdit],
  );

  const change = (next: Partial<GatewayAccountListParams>) =>
    navigate({ search: (old) => ({ ...old, ...next }), replace: true });

  const save = (payload: GatewayAccountFormPayload) => {
    const account = editing?.account;
    return account ? update.mutateAsync({ id: account.id, payload }) : create.mutateAsync(payload);
  };

  return (
    <ListPageLayout
      title={UI_GATEWAY_ACCOUNTS.title}
      toolbar={
        <SearchBox
          value={params.search}
          placeholder={UI_GATEWAY_ACCOUNTS.search}
          onSearch={(search) => change({ search, page: 1 })}
        />
      }
      action={
        canCreate ? (
          <Button onClick={() => setEditing({ account: null })}>{UI_GATEWAY_ACCOUNTS.add}</Button>
        ) : null
      }
    >
      <PagedList
        query={query}
        columns={columns}
        dataType={UI_GATEWAY_ACCOUNTS.dataType}
        page={params.page}
        limit={params.limit}
        isEmpty={query.data?.total === 0}
        isFiltered={params.search !== undefined}
        getRowId={(a) => a.id}
        // A row opens the account's detail (spec §2: the detail page has a breadcrumb back here).
        onRowClick={(account) =>
          void navigate({ to: '/gateway-account-detail/$id', params: { id: account.id } })
        }
        onPageChange={change}
      />
      <GatewayAccountFormDialog
        opened={editing !== null}
        account={editing?.account ?? null}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
    </ListPageLayout>
  );
}
