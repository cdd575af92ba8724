import { userAuditFields } from '@contract/audit-log';
import { ACTIVATION_COMMAND_TARGET } from '@contract/fields';
import { API_ERRORS } from '@contract/messages';
import { userOperations } from '@contract/operations/users';
import { PERMISSIONS } from '@contract/permissions';
import { type StaffUser, USER_ERRORS, USER_MESSAGES } from '@contract/user';
import { recordAudit } from '../audit';
import { DEMO_USERS, MOCK_USER_IDS, signedSessionFor } from '../data/users';
import { db } from '../db';
import { failure, type MockClaims } from '../http';
import { mock } from '../operation';
import { newestFirst, pageOf } from '../paging';
import { sortRows } from '../sort';

const NOT_FOUND = API_ERRORS.notFound('User');

/** As the server's rule: some active person must still hold update-user. */
export function userAdminLeft(): boolean {
  const granting = new Set(
    db.roles.filter((r) => r.permissions.includes(PERMISSIONS.updateUser.name)).map((r) => r.id),
  );
  return db.staffUsers.some((u) => u.status === 'ACTIVE' && u.roles.some((r) => granting.has(r.id)));
}

/** A one-time password as the server makes them (16 characters); the mocks keep none. */
function oneTimePassword(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 16);
}

/** Applies `change` to the person, undoing it when it would leave no user administrator. */
/** Changes one person, unless that leaves nobody to manage users; audited as `action` by `claims`. */
function changeUser(
  id: string,
  change: (user: StaffUser) => StaffUser | Response,
  audit: { claims: MockClaims | null; action: string },
): StaffUser | Response {
  const current = db.staffUsers.find((u) => u.id === id);
  if (!current) return failure(404, NOT_FOUND);
  const next = change(current);
  if (next instanceof Response) return next;
  const before = db.staffUsers;
  db.staffUsers = db.staffUsers.map((u) => (u.id === id ? next : u));
  if (!userAdminLeft()) {
    db.staffUsers = before;
    return failure(409, USER_ERRORS.lastUserAdmin);
  }
  recordAudit(audit.claims, {
    action: audit.action,
    resource_type: 'user',
    resource_id: id,
    before: userAuditFields(current),
    after: userAuditFields(next),
  });
  return next;
}

function rolesNamed(ids: readonly string[]): StaffUser['roles'] | null {
  const found = ids.map((id) => db.roles.find((r) => r.id === id));
  if (found.some((r) => r === undefined)) return null;
  return found
    .flatMap((r) => (r ? [{ id: r.id, name: r.name }] : []))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Staff users and the own password change, as server/routes/users.ts answers them. */
export const userHandlers = [
  mock(userOperations.changeOwnPassword, async ({ body, claims }) => {
    const demo = Object.values(DEMO_USERS).find((u) => MOCK_USER_IDS[u.key] === claims.sub);
    if (!demo) return failure(401, API_ERRORS.unauthenticated);
    if (body.current_password !== demo.password)
      return failure(400, `current_password: ${USER_ERRORS.wrongPassword}`);
    if (body.new_password === body.current_password)
      return failure(400, `new_password: ${USER_MESSAGES.samePassword}`);
    if (claims.jti) db.revokedTokens.add(claims.jti);
    return await signedSessionFor(demo);
  }),

  mock(userOperations.list, ({ query: { page, limit, search_term, status, sort } }) => {
    const needle = search_term?.toLowerCase();
    const found = db.staffUsers
      .filter((u) => !status || u.status === status)
      .filter((u) => !needle || [u.name, u.email].some((s) => s.toLowerCase().includes(needle)))
      .sort(newestFirst);
    const sorted = sortRows(found, sort, {
      values: {
        created: (u) => u.created_at,
        name: (u) => u.name,
        email: (u) => u.email,
        status: (u) => u.status,
        last_sign_in: (u) => u.last_sign_in_at,
      },
    });
    return pageOf(sorted, page, limit);
  }),

  mock(
    userOperations.detail,
    ({ params }) => db.staffUsers.find((u) => u.id === params.id) ?? failure(404, NOT_FOUND),
  ),

  mock(userOperations.create, ({ body, claims }) => {
    if (db.staffUsers.some((u) => u.email === body.email))
      return failure(409, USER_ERRORS.emailTaken(body.email));
    const roles = rolesNamed(body.role_ids);
    if (!roles) return failure(400, `role_ids: ${USER_ERRORS.unknownRole}`);
    const user: StaffUser = {
      id: crypto.randomUUID(),
      name: body.name,
      email: body.email,
      status: 'ACTIVE',
      roles,
      must_change_password: true,
      last_sign_in_at: null,
      second_factor: false,
      created_at: new Date().toISOString(),
    };
    db.staffUsers = [...db.staffUsers, user];
    recordAudit(claims, {
      action: 'user.create',
      resource_type: 'user',
      resource_id: user.id,
      before: null,
      after: userAuditFields(user),
    });
    return { user, one_time_password: oneTimePassword() };
  }),

  mock(userOperations.update, ({ params, body, claims }) =>
    changeUser(
      params.id,
      (user) => {
        const roles = rolesNamed(body.role_ids);
        if (!roles) return failure(400, `role_ids: ${USER_ERRORS.unknownRole}`);
        return { ...user, name: body.name, roles };
      },
      { claims, action: 'user.update' },
    ),
  ),

  mock(userOperations.command, ({ params, query, claims }) => {
    const status = ACTIVATION_COMMAND_TARGET[query.command];
    return changeUser(
      params.id,
      (user) =>
        user.status === status ? failure(409, USER_ERRORS.alreadyInStatus(status)) : { ...user, status },
      { claims, action: `user.${query.command}` },
    );
  }),

  mock(userOperations.resetPassword, ({ params, claims }) => {
    const user = changeUser(params.id, (u) => ({ ...u, must_change_password: true }), {
      claims,
      action: 'user.password.reset',
    });
    if (user instanceof Response) return user;
    return { user, one_time_password: oneTimePassword() };
  }),
];
