import { type RoleInput, roleSchema } from '@contract/role';
import { resource, searchList } from './resource';
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
