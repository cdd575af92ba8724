import type { GlAccount, GlAccountPayload } from '@contract/gl-account';
import { GL_ACCOUNT_SORT_DEFAULT, GL_ACCOUNT_SORT_KEYS } from '@contract/list-sort';
import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { ChangeHistoryModal } from '@/features/change-history/change-history-modal';
import { UI_GL_ACCOUNTS } from '@/features/gl-accounts/copy';
import { glAccountColumns } from '@/features/gl-accounts/gl-account-columns';
import { GlAccountFormDialog } from '@/features/gl-accounts/gl-account-form-dialog';
import { useListViews } from '@/features/lists/list-views';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { listSort } from '@/lib/list-sort';
import { usePermission } from '@/lib/permissions';
import { pageOffset } from '@/lib/search-params';
import {
  type GlAccountListParams,
  glAccountQueries,
  useCreateGlAccount,
  useUpdateGlAccount,
} from '@/queries/gl-accounts';
import { catalogueRoute } from '../-catalogue-route';

/** Sortable headers (issue 24): column id to the API's sort key. */
const SORT = listSort(GL_ACCOUNT_SORT_KEYS, GL_ACCOUNT_SORT_DEFAULT, {
  name: 'name',
  type: 'type',
  status: 'status',
});

export const Route = createFileRoute('/_authenticated/gl-accounts/')({
  ...catalogueRoute({ permission: PERMISSIONS.viewGlAccount, sort: SORT }),
  loader: listLoader(glAccountQueries.list),
  pendingComponent: listPending({ title: UI_GL_ACCOUNTS.title, columns: 7, withAction: true }),
  component: GlAccountsPage,
});

const T = UI_GL_ACCOUNTS;

/** Which form is shown: `account` null adds, an account updates it. Kept while the modal fades out. */
interface OpenForm {
  account: GlAccount | null;
  opened: boolean;
}

function GlAccountsPage() {
  const params = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery(glAccountQueries.list, params);
  const canCreate = usePermission(PERMISSIONS.createGlAccount);
  const canUpdate = usePermission(PERMISSIONS.updateGlAccount);
  const create = useCreateGlAccount();
  const update = useUpdateGlAccount();
  const [form, setForm] = useState<OpenForm | null>(null);
  const [history, setHistory] = useState<GlAccount | null>(null);
  const offset = pageOffset(params.page, params.limit);
  const columns = useMemo(
    () =>
      glAccountColumns({
        offset,
        onEdit: canUpdate ? (account) => setForm({ account, opened: true }) : undefined,
        onHistory: setHistory,
      }),
    [offset, canUpdate],
  );
  const views = useListViews('gl-accounts', columns);

  const changeSearch = searchChange<GlAccountListParams>(navigate);

  const save = (payload: GlAccountPayload) =>
    form?.account ? update.mutateAsync({ id: form.account.id, payload }) : create.mutateAsync(payload);

  return (
    <SearchListPage
      copy={T}
      search={params}
      onSearchChange={changeSearch}
      onAdd={canCreate ? () => setForm({ account: null, opened: true }) : undefined}
      query={query}
      filters={views.controls}
      columns={views.columns}
      getRowId={(account) => account.id}
      sorting={SORT.sorting(params.sort, (sort) => changeSearch({ sort, page: 1 }))}
    >
      <GlAccountFormDialog
        opened={form?.opened ?? false}
        account={form?.account ?? null}
        onSubmit={save}
        onClose={() => setForm((open) => (open ? { ...open, opened: false } : null))}
      />
      <ChangeHistoryModal subject="gl_account" record={history} onClose={() => setHistory(null)} />
    </SearchListPage>
  );
}
