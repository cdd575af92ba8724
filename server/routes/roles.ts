import { roleAuditFields } from '@contract/audit-log';
/**
 * Roles (ours, issue 21): list, detail, create, update and delete. Access, paths and validation are
 * the declarations' (contract/operations/roles.ts). A change of a role's permissions signs its
 * holders out (decision 025); this process learns of it at once, the others as of any sign-out.
 */
import type { TokenClaims } from '@contract/auth';
import { API_ERRORS } from '@contract/messages';
import { roleOperations } from '@contract/operations/roles';
import { ROLE_ERRORS, type Role } from '@contract/role';
import { USER_ERRORS } from '@contract/user';
import type { Context } from 'hono';
import {
  createRole,
  deleteRole,
  findRole,
  listRoles,
  type RoleWrite,
  type RoleWriteHook,
  updateRole,
} from '../db/queries/roles';
import { ApiError } from '../http/envelope';
import { handle } from '../http/operation';
import type { RouteDeps } from '../http/types';
import { auditOrigin, recordAudit } from '../services/audit-log';
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
  /** The audit record of a write, made in its transaction (decision 031); a delete leaves no after. */
  const audited =
    (c: Context, claims: TokenClaims, action: 'create' | 'update' | 'delete'): RoleWriteHook =>
    (tx, before, after) =>
      recordAudit(tx, {
        ...auditOrigin(c, claims, clock()),
        action: `role.${action}`,
        resource: { type: 'role', id: after.id },
        before: before && roleAuditFields(before),
        after: action === 'delete' ? null : roleAuditFields(after),
      });

  return [
    handle(roleOperations.list, ({ query }) => pageOf(listRoles(db, query), query)),
    handle(roleOperations.detail, ({ params }) => found(findRole(db, params.id), NOT_FOUND)),
    handle(roleOperations.create, async ({ c, body, claims }) =>
      roleOrRefusal(await createRole(db, body, clock(), audited(c, claims, 'create')), body.name),
    ),
    handle(roleOperations.update, async ({ c, params, body, claims }) => {
      const result = await updateRole(db, params.id, body, clock(), audited(c, claims, 'update'));
      if (result.ok && result.signedOut) await revocations.refresh();
      return roleOrRefusal(result, body.name);
    }),
    handle(roleOperations.remove, async ({ c, params, claims }) =>
      roleOrRefusal(await deleteRole(db, params.id, audited(c, claims, 'delete')), ''),
    ),
  ];
}
