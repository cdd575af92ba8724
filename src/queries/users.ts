import type { ActivationCommand, ActiveStatus } from '@contract/fields';
import {
  type UserCreateInput,
  type UserUpdateInput,
  userSchema,
  userWithPasswordSchema,
} from '@contract/user';
import { fetchData } from '@/lib/api';
import { exact, itemPath, resource, useToastMutation } from './resource';

export interface UserListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: ActiveStatus | undefined;
  /** The API's `sort`; undefined for the list's default order (src/lib/list-sort.ts). */
  sort?: string | undefined;
}

const users = resource({
  base: 'users',
  schema: userSchema,
  listKey: ({ page, limit, search, status, sort }: UserListParams) => ({
    page,
    limit,
    search: search ?? '',
    status: status ?? '',
    sort: sort ?? '',
  }),
  searchParams: ({ page, limit, search, status, sort }: UserListParams) => ({
    page,
    limit,
    search_term: search,
    status,
    sort,
  }),
});

export const userQueries = users.queries;

export const USER_SUCCESS = {
  updated: 'Person updated',
  created: 'Person added',
  reset: 'New one-time password made',
} as const;

/** `POST users`: answers the person and the one-time password, which the screen shows once. */
export function useCreateUser() {
  return useToastMutation({
    mutationFn: (payload: UserCreateInput) =>
      fetchData('users', userWithPasswordSchema, { method: 'POST', json: payload }),
    success: USER_SUCCESS.created,
    invalidate: () => [users.queries.lists()],
  });
}

export const useUpdateUser = () => users.useUpdate<UserUpdateInput>(USER_SUCCESS.updated);

export const useUserActivation = () =>
  users.useActivation((id: string, command: ActivationCommand) =>
    fetchData(users.path(id), userSchema, { method: 'POST', searchParams: { command } }),
  );

/** `POST users/{id}/password-reset`: a new one-time password, shown once. */
export function useResetPassword() {
  return useToastMutation({
    mutationFn: (id: string) =>
      fetchData(`${itemPath('users', id)}/password-reset`, userWithPasswordSchema, { method: 'POST' }),
    success: USER_SUCCESS.reset,
    invalidate: (id) => [exact(users.queries.detail(id).queryKey)],
  });
}
