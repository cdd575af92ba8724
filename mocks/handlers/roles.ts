import { roleAuditFields } from '@contract/audit-log';
import { ROLE_SORT_DEFAULT } from '@contract/list-sort';
import { API_ERRORS } from '@contract/messages';
import { roleOperations } from '@contract/operations/roles';
import { ROLE_ERRORS, type Role } from '@contract/role';
import { USER_ERRORS } from '@contract/user';
import { recordAudit } from '../audit';
import type { MockRole } from '../data/staff';
import { db } from '../db';
import { failure } from '../http';
import { mock } from '../operation';
import { pageOf } from '../paging';
import { isDefaultOrder, sortRows } from '../sort';
import { userAdminLeft } from './users';

const NOT_FOUND = API_ERRORS.notFound('Role');

function withCount(role: MockRole): Role {
  return { ...role, user_count: db.staffUsers.filter((u) => u.roles.some((r) => r.id === role.id)).length };
}

const nameTaken = (name: string, exceptId?: string) =>
  db.roles.some((r) => r.name.toLowerCase() === name.toLowerCase() && r.id !== exceptId);

/** Roles, as server/routes/roles.ts answers them (built-in first, then by name). */
export const roleHandlers = [
  mock(roleOperations.list, ({ query: { page, limit, search_term, sort } }) => {
    const needle = search_term?.toLowerCase();
    const found = db.roles
      .filter((r) => !needle || r.name.toLowerCase().includes(needle))
      .sort(
        (a, b) =>
          Number(a.built_in === null) - Number(b.built_in === null) ||
          a.name.toLowerCase().localeCompare(b.name.toLowerCase()) ||
          a.id.localeCompare(b.id),
      )
      .map(withCount);
    // `kind` as the server orders it: built-in first, then the lower-cased name.
    const sorted = isDefaultOrder(sort, ROLE_SORT_DEFAULT)
      ? found
      : sortRows(found, sort, {
          values: {
            kind: (r) => `${r.built_in === null ? 1 : 0}${r.name.toLowerCase()}`,
            name: (r) => r.name.toLowerCase(),
          },
        });
    return pageOf(sorted, page, limit);
  }),

  mock(roleOperations.detail, ({ params }) => {
    const role = db.roles.find((r) => r.id === params.id);
    return role ? withCount(role) : failure(404, NOT_FOUND);
  }),

  mock(roleOperations.create, ({ body, claims }) => {
    if (nameTaken(body.name)) return failure(409, ROLE_ERRORS.nameTaken(body.name));
    const role: MockRole = {
      id: crypto.randomUUID(),
      name: body.name,
      built_in: null,
      permissions: body.permissions,
      requires_second_factor: false,
      created_at: new Date().toISOString(),
    };
    db.roles = [...db.roles, role];
    recordAudit(claims, {
      action: 'role.create',
      resource_type: 'role',
      resource_id: role.id,
      before: null,
      after: roleAuditFields(role),
    });
    return withCount(role);
  }),

  mock(roleOperations.update, ({ params, body, claims }) => {
    const current = db.roles.find((r) => r.id === params.id);
    if (!current) return failure(404, NOT_FOUND);
    if (current.built_in !== null) return failure(409, ROLE_ERRORS.builtIn);
    if (nameTaken(body.name, current.id)) return failure(409, ROLE_ERRORS.nameTaken(body.name));
    const before = db.roles;
    const updated: MockRole = { ...current, name: body.name, permissions: body.permissions };
    db.roles = db.roles.map((r) => (r.id === current.id ? updated : r));
    if (!userAdminLeft()) {
      db.roles = before;
      return failure(409, USER_ERRORS.lastUserAdmin);
    }
    db.staffUsers = db.staffUsers.map((u) => ({
      ...u,
      roles: u.roles.map((r) => (r.id === current.id ? { id: r.id, name: body.name } : r)),
    }));
    recordAudit(claims, {
      action: 'role.update',
      resource_type: 'role',
      resource_id: current.id,
      before: roleAuditFields(current),
      after: roleAuditFields(updated),
    });
    return withCount(updated);
  }),

  mock(roleOperations.remove, ({ params, claims }) => {
    const current = db.roles.find((r) => r.id === params.id);
    if (!current) return failure(404, NOT_FOUND);
    if (current.built_in !== null) return failure(409, ROLE_ERRORS.builtIn);
    const answer = withCount(current);
    if (answer.user_count > 0) return failure(409, ROLE_ERRORS.inUse(answer.user_count));
    db.roles = db.roles.filter((r) => r.id !== current.id);
    recordAudit(claims, {
      action: 'role.delete',
      resource_type: 'role',
      resource_id: current.id,
      before: roleAuditFields(current),
      after: null,
    });
    return answer;
  }),
];
