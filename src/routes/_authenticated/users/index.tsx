import { ACTIVE_STATUSES } from '@contract/fields';
import { USER_SORT_DEFAULT, USER_SORT_KEYS } from '@contract/list-sort';
import { PERMISSIONS } from '@contract/permissions';
import type { UserCreatePayload } from '@contract/user';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { StatusFilter } from '@/components/status-filter';
import { useListViews } from '@/features/lists/list-views';
import { UI_USERS } from '@/features/users/copy';
import { type OneTimePassword, OneTimePasswordDialog } from '@/features/users/one-time-password-dialog';
import { userColumns } from '@/features/users/user-columns';
import { UserFormDialog } from '@/features/users/user-form-dialog';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { listSort } from '@/lib/list-sort';
import { usePermission } from '@/lib/permissions';
import { pageOffset } from '@/lib/search-params';
import { isStatusFiltered, statusListEntries, statusListQuery, statusListRoute } from '@/lib/status-list';
import { roleQueries } from '@/queries/roles';
import { useCreateUser, userQueries } from '@/queries/users';

/** Sortable headers (issue 24): column id to the API's sort key; newest first by default. */
const SORT = listSort(USER_SORT_KEYS, USER_SORT_DEFAULT, {
  name: 'name',
  email: 'email',
  status: 'status',
  last_sign_in_at: 'last_sign_in',
});
const searchSchema = v.object(statusListEntries(ACTIVE_STATUSES, SORT));
type UsersSearch = v.InferOutput<typeof searchSchema>;
const listQuery = statusListQuery({ schema: searchSchema, sort: SORT, list: userQueries.list });

export const Route = createFileRoute('/_authenticated/users/')({
  ...statusListRoute({ permission: PERMISSIONS.viewUser, schema: searchSchema, sort: SORT }),
  loader: listLoader(listQuery),
  pendingComponent: listPending({ title: UI_USERS.title, columns: 6, withAction: true }),
  component: UsersPage,
});

const T = UI_USERS;

function UsersPage() {
  const search = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery(listQuery, search);
  const canCreate = usePermission(PERMISSIONS.createUser);
  const roles = useQuery({ ...roleQueries.options(), enabled: canCreate });
  const create = useCreateUser();
  const [adding, setAdding] = useState(false);
  const [password, setPassword] = useState<OneTimePassword | null>(null);
  const columns = useMemo(
    () => userColumns(pageOffset(search.page, search.limit)),
    [search.page, search.limit],
  );
  const views = useListViews('users', columns);
  const changeSearch = searchChange<UsersSearch>(navigate);
  const roleOptions = (roles.data?.contents ?? []).map((r) => ({ value: r.id, label: r.name }));

  const save = async (payload: UserCreatePayload) => {
    const answer = await create.mutateAsync(payload);
    setPassword({ name: answer.user.name, password: answer.one_time_password });
  };

  return (
    <SearchListPage
      copy={T}
      search={search}
      onSearchChange={(change) => void changeSearch(change as Partial<UsersSearch>)}
      onAdd={canCreate ? () => setAdding(true) : undefined}
      query={query}
      columns={views.columns}
      getRowId={(user) => user.id}
      onRowClick={(user) => void navigate({ to: '/user-detail/$id', params: { id: user.id } })}
      isFiltered={isStatusFiltered(search)}
      sorting={SORT.sorting(search.sort, (sort) => changeSearch({ sort, page: 1 }))}
      filters={
        <>
          <StatusFilter
            copy={T}
            values={ACTIVE_STATUSES}
            value={search.status}
            onChange={(status) => changeSearch({ status, page: 1 })}
          />
          {views.controls}
        </>
      }
    >
      <UserFormDialog
        opened={adding}
        user={null}
        roleOptions={roleOptions}
        onSubmit={save}
        onClose={() => setAdding(false)}
      />
      <OneTimePasswordDialog shown={password} onClose={() => setPassword(null)} />
    </SearchListPage>
  );
}
