import { ROLE_SORT_DEFAULT, ROLE_SORT_KEYS } from '@contract/list-sort';
import { PERMISSIONS } from '@contract/permissions';
import type { Role, RolePayload } from '@contract/role';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { useListViews } from '@/features/lists/list-views';
import { UI_ROLES } from '@/features/roles/copy';
import { roleColumns } from '@/features/roles/role-columns';
import { RoleFormDialog } from '@/features/roles/role-form-dialog';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { listSort } from '@/lib/list-sort';
import { usePermission } from '@/lib/permissions';
import { pageOffset } from '@/lib/search-params';
import {
  roleQueries,
  useCreateRole,
  useDeleteRole,
  useRoleSecondFactor,
  useUpdateRole,
} from '@/queries/roles';
import { type CatalogueParams, catalogueRoute } from '../-catalogue-route';

/** Sortable headers (issue 24): column id to the API's sort key. */
const SORT = listSort(ROLE_SORT_KEYS, ROLE_SORT_DEFAULT, { name: 'name', built_in: 'kind' });

export const Route = createFileRoute('/_authenticated/roles/')({
  ...catalogueRoute({ permission: PERMISSIONS.viewRole, sort: SORT }),
  loader: listLoader(roleQueries.list),
  pendingComponent: listPending({ title: UI_ROLES.title, columns: 6, withAction: true }),
  component: RolesPage,
});

const T = UI_ROLES;

function RolesPage() {
  const params = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery(roleQueries.list, params);
  const canUpdate = usePermission(PERMISSIONS.updateRole);
  const create = useCreateRole();
  const update = useUpdateRole();
  const remove = useDeleteRole();
  const secondFactor = useRoleSecondFactor(T.secondFactorChanged);
  const [form, setForm] = useState<{ role: Role | null; opened: boolean } | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const offset = pageOffset(params.page, params.limit);
  const columns = useMemo(
    () =>
      roleColumns({
        offset,
        onEdit: canUpdate ? (role) => setForm({ role, opened: true }) : undefined,
        onDelete: canUpdate ? setDeleting : undefined,
        onRequireSecondFactor: canUpdate
          ? (role, required) => secondFactor.mutate({ id: role.id, required })
          : undefined,
      }),
    [offset, canUpdate, secondFactor.mutate],
  );
  const views = useListViews('roles', columns);
  const save = (payload: RolePayload) =>
    form?.role ? update.mutateAsync({ id: form.role.id, payload }) : create.mutateAsync(payload);

  return (
    <SearchListPage
      copy={T}
      search={params}
      onSearchChange={(change) =>
        void searchChange<CatalogueParams>(navigate)(change as Partial<CatalogueParams>)
      }
      onAdd={canUpdate ? () => setForm({ role: null, opened: true }) : undefined}
      query={query}
      filters={views.controls}
      columns={views.columns}
      getRowId={(role) => role.id}
      sorting={SORT.sorting(
        params.sort,
        (sort) => void searchChange<CatalogueParams>(navigate)({ sort, page: 1 }),
      )}
    >
      <RoleFormDialog
        opened={form?.opened ?? false}
        role={form?.role ?? null}
        onSubmit={save}
        onClose={() => setForm((open) => (open ? { ...open, opened: false } : null))}
      />
      <ConfirmDialog
        opened={deleting !== null}
        type="DEACTIVATE"
        title={T.remove(deleting?.name ?? '')}
        message={T.confirmDelete(deleting?.name ?? '')}
        confirmLabel={T.delete}
        loading={remove.isPending}
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id).catch(() => undefined);
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </SearchListPage>
  );
}
