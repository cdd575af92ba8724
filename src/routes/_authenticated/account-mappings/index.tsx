import { ACCOUNT_MAPPING_SORT_DEFAULT, ACCOUNT_MAPPING_SORT_KEYS } from '@contract/list-sort';
import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { accountMappingColumns } from '@/features/account-mappings/account-mapping-columns';
import { AccountMappingModal } from '@/features/account-mappings/account-mapping-modal';
import { UI_ACCOUNT_MAPPINGS } from '@/features/account-mappings/copy';
import { useListViews } from '@/features/lists/list-views';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { listSort } from '@/lib/list-sort';
import { usePermission } from '@/lib/permissions';
import { pageOffset } from '@/lib/search-params';
import { type AccountMappingListParams, accountMappingQueries } from '@/queries/account-mappings';
import { catalogueRoute } from '../-catalogue-route';

/** Sortable headers (issue 24): column id to the API's sort key. */
const SORT = listSort(ACCOUNT_MAPPING_SORT_KEYS, ACCOUNT_MAPPING_SORT_DEFAULT, {
  financial_account_type: 'type',
});

export const Route = createFileRoute('/_authenticated/account-mappings/')({
  ...catalogueRoute({ permission: PERMISSIONS.viewAccountMapping, sort: SORT }),
  loader: listLoader(accountMappingQueries.list),
  pendingComponent: listPending({ title: UI_ACCOUNT_MAPPINGS.title, columns: 6, withAction: true }),
  component: AccountMappingsPage,
});

const T = UI_ACCOUNT_MAPPINGS;

function AccountMappingsPage() {
  const params = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery(accountMappingQueries.list, params);
  const canCreate = usePermission(PERMISSIONS.createAccountMapping);
  const [adding, setAdding] = useState(false);
  const offset = pageOffset(params.page, params.limit);
  const columns = useMemo(() => accountMappingColumns(offset), [offset]);
  const views = useListViews('account-mappings', columns);

  const update = searchChange<AccountMappingListParams>(navigate);

  return (
    <SearchListPage
      copy={T}
      search={params}
      onSearchChange={update}
      onAdd={canCreate ? () => setAdding(true) : undefined}
      query={query}
      filters={views.controls}
      columns={views.columns}
      getRowId={(mapping) => mapping.id}
      sorting={SORT.sorting(params.sort, (sort) => update({ sort, page: 1 }))}
    >
      {canCreate ? <AccountMappingModal opened={adding} onClose={() => setAdding(false)} /> : null}
    </SearchListPage>
  );
}
