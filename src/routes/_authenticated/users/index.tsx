import { ACTIVE_STATUSES } from '@contract/fields';
import { PERMISSIONS } from '@contract/permissions';
import type { UserCreatePayload } from '@contract/user';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { searchChange } from '@/components/search-change';
import { SearchListPage } from '@/components/search-list-page';
import { UI_USERS } from '@/features/users/copy';
import { type OneTimePassword, OneTimePasswordDialog } from '@/features/users/one-time-password-dialog';
import { userColumns } from '@/features/users/user-columns';
import { UserFormDialog } from '@/features/users/user-form-dialog';
import { listLoader, listPending, useListQuery } from '@/lib/list-route';
import { usePermission } from '@/lib/permissions';
import { LIST_SEARCH_DEFAULTS, listSearchEntries, pageOffset, picklistParam } from '@/lib/search-params';
import { roleQueries } from '@/queries/roles';
import { useCreateUser, userQueries } from '@/queries/users';

const searchSchema = v.object({ ...listSearchEntries, status: picklistParam(['', ...ACTIVE_STATUSES], '') });
type UsersSearch = v.InferOutput<typeof searchSchema>;
const DEFAULTS = { ...LIST_SEARCH_DEFAULTS, status: '' } as const;
const toParams = ({ status, ...rest }: UsersSearch) => ({ ...rest, status: status || undefined });

export const Route = createFileRoute('/_authenticated/users/')({
  staticData: { permission: PERMISSIONS.viewUser },
  validateSearch: searchSchema,
  search: { middlewares: [stripSearchParams<UsersSearch>(DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: listLoader((search: UsersSearch) => userQueries.list(toParams(search))),
  pendingComponent: listPending({ title: UI_USERS.title, columns: 6, withAction: true }),
  component: UsersPage,
});

const T = UI_USERS;

function UsersPage() {
  const search = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const query = useListQuery((s: UsersSearch) => userQueries.list(toParams(s)), search);
  const canCreate = usePermission(PERMISSIONS.createUser);
  const roles = useQuery({ ...roleQueries.options(), enabled: canCreate });
  const create = useCreateUser();
  const [adding, setAdding] = useState(false);
  const [password, setPassword] = useState<OneTimePassword | null>(null);
  const columns = useMemo(
    () => userColumns(pageOffset(search.page, search.limit)),
    [search.page, search.limit],
  );
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
      columns={columns}
      getRowId={(user) => user.id}
      onRowClick={(user) => void navigate({ to: '/user-detail/$id', params: { id: user.id } })}
      isFiltered={Boolean(search.search || search.status)}
      filters={
        <Select
          aria-label={T.statusFilter}
          w={160}
          value={search.status}
          data={[
            { value: '', label: T.statusAll },
            ...ACTIVE_STATUSES.map((s) => ({ value: s, label: T.statuses[s] })),
          ]}
          onChange={(value) => changeSearch({ status: (value ?? '') as UsersSearch['status'], page: 1 })}
          allowDeselect={false}
        />
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
