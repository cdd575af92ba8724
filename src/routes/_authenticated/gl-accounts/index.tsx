import type { GlAccount, GlAccountPayload } from '@contract/gl-account';
import { PERMISSIONS } from '@contract/permissions';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { ListPageLayout } from '@/components/list-page-layout';
import { PagedList } from '@/components/paged-list';
import { SearchBox } from '@/components/search-box';
import { ChangeHistoryModal } from '@/features/change-history/change-history-modal';
import { UI_GL_ACCOUNTS } from '@/features/gl-accounts/copy';
import { glAccountColumns } from '@/features/gl-accounts/gl-account-columns';
import { GlAccountFormDialog } from '@/features/gl-accounts/gl-account-form-dialog';
import { listLoader, listPending } from '@/lib/list-route';
import { usePermission } from '@/lib/permissions';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, pageOffset } from '@/lib/search-params';
import {
  type GlAccountListParams,
  glAccountQueries,
  useCreateGlAccount,
  useUpdateGlAccount,
} from '@/queries/gl-accounts';

/** `?page&limit&search` (spec §2 "Shared list behaviour"). */
const glAccountSearchSchema = v.object(listSearchEntries);

export const Route = createFileRoute('/_authenticated/gl-accounts/')({
  staticData: { permission: PERMISSIONS.viewGlAccount },
  validateSearch: glAccountSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
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
  const query = useQuery({ ...glAccountQueries.list(params), retryOnMount: false });
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

  const changeSearch = (change: Partial<GlAccountListParams>) =>
    navigate({ search: (old) => ({ ...old, ...change }), replace: true });

  const save = (payload: GlAccountPayload) =>
    form?.account ? update.mutateAsync({ id: form.account.id, payload }) : create.mutateAsync(payload);

  return (
    <ListPageLayout
      title={UI_GL_ACCOUNTS.title}
      action={
        canCreate ? <Button onClick={() => setForm({ account: null, opened: true })}>{T.add}</Button> : null
      }
      toolbar={
        <SearchBox
          value={params.search}
          placeholder={T.search}
          onSearch={(search) => changeSearch({ search, page: 1 })}
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
        getRowId={(account) => account.id}
        onPageChange={(change) => changeSearch(change)}
      />
      <GlAccountFormDialog
        opened={form?.opened ?? false}
        account={form?.account ?? null}
        onSubmit={save}
        onClose={() => setForm((open) => (open ? { ...open, opened: false } : null))}
      />
      <ChangeHistoryModal subject="gl_account" record={history} onClose={() => setHistory(null)} />
    </ListPageLayout>
  );
}
