import { type RoleInput, roleSchema } from '@contract/role';
import { fetchData } from '@/lib/api';
import { resource, searchList, useToastMutation } from './resource';
import { userQueries } from './users';

const roles = resource({ base: 'roles', schema: roleSchema, ...searchList });

export const roleQueries = {
  ...roles.queries,
  /** The user form's role picker: every role (there are few). */
  options: () => roles.queries.list({ page: 1, limit: 100 }),
};

export const ROLE_SUCCESS = {
  created: 'Role created',
  updated: 'Role updated',
  deleted: 'Role deleted',
} as const;

export const useCreateRole = () => roles.useCreate<RoleInput>(ROLE_SUCCESS.created);
/** People show their roles' names, so their lists are refreshed too. */
export const useUpdateRole = () => roles.useUpdate<RoleInput>(ROLE_SUCCESS.updated, [userQueries.all()]);
export const useDeleteRole = () => roles.useDelete(ROLE_SUCCESS.deleted);

/** `PUT roles/{id}/second-factor` (decision 029): holders without one enrol at their next sign-in. */
export function useRoleSecondFactor(success: string) {
  return useToastMutation({
    mutationFn: ({ id, required }: { id: string; required: boolean }) =>
      fetchData(`roles/${id}/second-factor`, roleSchema, { method: 'PUT', json: { required } }),
    success,
    invalidate: () => [roles.queries.lists()],
  });
}
