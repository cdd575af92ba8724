/**
 * Roles (ours, issue 21): list, detail, create, update and delete. Access, paths and validation are
 * the declarations' (contract/operations/roles.ts). A change of a role's permissions signs its
 * holders out (decision 025); this process learns of it at once, the others as of any sign-out.
 */
import { API_ERRORS } from '@contract/messages';
import { roleOperations } from '@contract/operations/roles';
import { ROLE_ERRORS, type Role } from '@contract/role';
import { USER_ERRORS } from '@contract/user';
import { createRole, deleteRole, findRole, listRoles, type RoleWrite, updateRole } from '../db/queries/roles';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { found, pageOf } from './catalogue';

const NOT_FOUND = API_ERRORS.notFound('Role');

function roleOrRefusal(result: RoleWrite, name: string): Role {
  if (result.ok) return result.role;
  switch (result.reason) {
    case 'not-found':
      throw new ApiError(404, NOT_FOUND);
    case 'name-taken':
      throw new ApiError(409, ROLE_ERRORS.nameTaken(name));
    case 'built-in':
      throw new ApiError(409, ROLE_ERRORS.builtIn);
    case 'in-use':
      throw new ApiError(409, ROLE_ERRORS.inUse(result.holders ?? 0));
    case 'last-user-admin':
      throw new ApiError(409, USER_ERRORS.lastUserAdmin);
  }
}

export function roleRoutes({ db, clock, revocations }: RouteDeps) {
  return [
    handle(roleOperations.list, ({ query }) => pageOf(listRoles(db, query), query)),
    handle(roleOperations.detail, ({ params }) => found(findRole(db, params.id), NOT_FOUND)),
    handle(roleOperations.create, async ({ body }) =>
      roleOrRefusal(await createRole(db, body, clock()), body.name),
    ),
    handle(roleOperations.update, async ({ params, body }) => {
      const result = await updateRole(db, params.id, body, clock());
      if (result.ok && result.signedOut) await revocations.refresh();
      return roleOrRefusal(result, body.name);
    }),
    handle(roleOperations.remove, async ({ params }) => roleOrRefusal(await deleteRole(db, params.id), '')),
  ];
}
