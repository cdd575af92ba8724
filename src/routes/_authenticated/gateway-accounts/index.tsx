import type { GatewayAccount } from '@contract/gateway-account';
import { PERMISSIONS } from '@contract/permissions';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { SearchListPage } from '@/components/search-list-page';
import { UI_GATEWAY_ACCOUNTS } from '@/features/gateway-accounts/copy';
import { gatewayAccountColumns } from '@/features/gateway-accounts/gateway-account-columns';
import {
  GatewayAccountFormDialog,
  type GatewayAccountFormPayload,
} from '@/features/gateway-accounts/gateway-account-form-dialog';
import { usePermission } from '@/lib/permissions';
import {
  type GatewayAccountListParams,
  gatewayAccountQueries,
  useCreateGatewayAccount,
  useUpdateGatewayAccount,
} from '@/queries/gateway-accounts';
import { catalogueRoute } from '../-catalogue-route';

export const Route = createFileRoute('/_authenticated/gateway-accounts/')({
  ...catalogueRoute({
    permission: PERMISSIONS.viewGatewayAccount,
    list: gatewayAccountQueries.list,
    title: UI_GATEWAY_ACCOUNTS.title,
    columns: 8,
  }),
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
    <SearchListPage
      copy={UI_GATEWAY_ACCOUNTS}
      search={params}
      onSearchChange={change}
      onAdd={canCreate ? () => setEditing({ account: null }) : undefined}
      query={query}
      columns={columns}
      getRowId={(a) => a.id}
      // A row opens the account's detail (spec §2: the detail page has a breadcrumb back here).
      onRowClick={(account) =>
        void navigate({ to: '/gateway-account-detail/$id', params: { id: account.id } })
      }
    >
      <GatewayAccountFormDialog
        opened={editing !== null}
        account={editing?.account ?? null}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
    </SearchListPage>
  );
}
