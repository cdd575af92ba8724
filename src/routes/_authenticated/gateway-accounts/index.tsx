import type { GatewayAccount } from '@contract/gateway-account';
import { GATEWAY_ACCOUNT_SORT_DEFAULT, GATEWAY_ACCOUNT_SORT_KEYS } from '@contract/list-sort';
import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { useRecordForm } from '@/components/use-record-form';
import { UI_GATEWAY_ACCOUNTS } from '@/features/gateway-accounts/copy';
import { gatewayAccountColumns } from '@/features/gateway-accounts/gateway-account-columns';
import {
  GatewayAccountFormDialog,
  type GatewayAccountFormPayload,
} from '@/features/gateway-accounts/gateway-account-form-dialog';
import { useListViews } from '@/features/lists/list-views';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { listSort } from '@/lib/list-sort';
import { usePermission } from '@/lib/permissions';
import {
  type GatewayAccountListParams,
  gatewayAccountQueries,
  useCreateGatewayAccount,
  useUpdateGatewayAccount,
} from '@/queries/gateway-accounts';
import { catalogueRoute } from '../-catalogue-route';

/** Sortable headers (issue 24): column id to the API's sort key. */
const SORT = listSort(GATEWAY_ACCOUNT_SORT_KEYS, GATEWAY_ACCOUNT_SORT_DEFAULT, {
  code: 'code',
  total_balance: 'balance',
  status: 'status',
});

export const Route = createFileRoute('/_authenticated/gateway-accounts/')({
  ...catalogueRoute({ permission: PERMISSIONS.viewGatewayAccount, sort: SORT }),
  loader: listLoader(gatewayAccountQueries.list),
  pendingComponent: listPending({ title: UI_GATEWAY_ACCOUNTS.title, columns: 8, withAction: true }),
  component: GatewayAccountsPage,
});

function GatewayAccountsPage() {
  const params = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery(gatewayAccountQueries.list, params);
  const canCreate = usePermission(PERMISSIONS.createGatewayAccount);
  const canEdit = usePermission(PERMISSIONS.updateGatewayAccount);
  const create = useCreateGatewayAccount();
  const update = useUpdateGatewayAccount();
  const form = useRecordForm<GatewayAccount, GatewayAccountFormPayload>(create, update);

  const columns = useMemo(() => gatewayAccountColumns(canEdit ? form.edit : undefined), [canEdit, form.edit]);
  const views = useListViews('gateway-accounts', columns);

  const change = searchChange<GatewayAccountListParams>(navigate);

  return (
    <SearchListPage
      copy={UI_GATEWAY_ACCOUNTS}
      search={params}
      onSearchChange={change}
      onAdd={canCreate ? form.add : undefined}
      query={query}
      filters={views.controls}
      columns={views.columns}
      getRowId={(a) => a.id}
      sorting={SORT.sorting(params.sort, (sort) => change({ sort, page: 1 }))}
      // A row opens the account's detail (spec §2: the detail page has a breadcrumb back here).
      onRowClick={(account) =>
        void navigate({ to: '/gateway-account-detail/$id', params: { id: account.id } })
      }
    >
      <GatewayAccountFormDialog
        opened={form.opened}
        account={form.record}
        onSubmit={form.save}
        onClose={form.close}
      />
    </SearchListPage>
  );
}
