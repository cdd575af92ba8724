import { PERMISSIONS } from '@contract/permissions';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { ListPageLayout } from '@/components/list-page-layout';
import { PagedList } from '@/components/paged-list';
import { SearchBox } from '@/components/search-box';
import { accountMappingColumns } from '@/features/account-mappings/account-mapping-columns';
import { AccountMappingModal } from '@/features/account-mappings/account-mapping-modal';
import { UI_ACCOUNT_MAPPINGS } from '@/features/account-mappings/copy';
import { listLoader, listPending } from '@/lib/list-route';
import { usePermission } from '@/lib/permissions';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, pageOffset } from '@/lib/search-params';
import { type AccountMappingListParams, accountMappingQueries } from '@/queries/account-mappings';

/** `?page&limit&search` (spec §2 "Shared list behaviour"). */
const accountMappingSearchSchema = v.object(listSearchEntries);

export const Route = createFileRoute('/_authenticated/account-mappings/')({
  staticData: { permission: PERMISSIONS.viewAccountMapping },
  validateSearch: accountMappingSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: listLoader(accountMappingQueries.list),
  pendingComponent: listPending({ title: UI_ACCOUNT_MAPPINGS.title, columns: 6, withAction: true }),
  component: AccountMappingsPage,
});

const T = UI_ACCOUNT_MAPPINGS;

function AccountMappingsPage() {
  const params = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useQuery({ ...accountMappingQueries.list(params), retryOnMount: false });
  const canCreate = usePermission(PERMISSIONS.createAccountMapping);
  const [adding, setAdding] = useState(false);
  const offset = pageOffset(params.page, params.limit);
  const columns = useMemo(() => accountMappingColumns(offset), [offset]);

  const update = (change: Partial<AccountMappingListParams>) =>
    navigate({ search: (old) => ({ ...old, ...change }), replace: true });

  return (
    <ListPageLayout
      title={UI_ACCOUNT_MAPPINGS.title}
      action={canCreate ? <Button onClick={() => setAdding(true)}>{T.add}</Button> : null}
      toolbar={
        <SearchBox
          value={params.search}
          placeholder={T.search}
          onSearch={(search) => update({ search, page: 1 })}
        />
      }
    >
      <PagedList
        query={query}
        columns={columns}
        dataType={T.dataType}
        page={params.page}
        limit={params.limit}
        isEmpty={query.data?.total === 0}
        isFiltered={params.search !== undefined}
        getRowId={(mapping) => mapping.id}
        onPageChange={(change) => update(change)}
      />
      {canCreate ? <AccountMappingModal opened={adding} onClose={() => setAdding(false)} /> : null}
    </ListPageLayout>
  );
}
