import { pagedSchema } from '@contract/envelope';
import { API_ERRORS } from '@contract/messages';
import { roleOperations } from '@contract/operations/roles';
import { userOperations } from '@contract/operations/users';
import { PERMISSIONS } from '@contract/permissions';
import { ROLE_ERRORS, ROLE_MESSAGES, roleSchema } from '@contract/role';
import { USER_ERRORS, USER_MESSAGES, userSchema, userWithPasswordSchema } from '@contract/user';
import type { ConformanceCase, ResourceCases } from '../case';
import { listCases, malformedIdCases, refusalCases, unknownIdCases } from './helpers';
import { fails, listing, made, ok, rowsOf, table } from './table';

const roles = listing(pagedSchema(roleSchema), 'name');
const people = listing(pagedSchema(userSchema), 'email');
// The seed makes the demo users in one statement: equal created_at, so their order is their ids'.
const peopleSorted = listing(pagedSchema(userSchema), (data) =>
  rowsOf<{ email: string }>(data)
    .map((u) => u.email)
    .sort(),
);
const ROLE_NOT_FOUND = API_ERRORS.notFound('Role');
const USER_NOT_FOUND = API_ERRORS.notFound('User');
const auditors = {
  name: 'Auditors',
  permissions: [PERMISSIONS.viewJournalEntry.name, PERMISSIONS.viewMerchant.name],
};
const hana = { name: 'Hana Girma', email: 'hana@example.org', role_ids: ['{role:Auditors}'] };

const cases: ConformanceCase[] = [
  // Roles
  ...listCases(roleOperations.list, { refused: 'finance' }),
  ...table([
    ['support GET roles', roles(['Admin', 'Finance', 'Support'], { total: 3 }), { name: 'built-in first' }],
    ['admin GET roles?search_term=FIN', roles(['Finance'])],
  ]),
  ...refusalCases(roleOperations.detail, { at: 'roles/{role:Support}', refused: 'finance' }),
  ...malformedIdCases(roleOperations.detail),
  ...unknownIdCases(roleOperations.detail, { message: ROLE_NOT_FOUND }),
  ...table([
    [
      'admin GET roles/{role:Finance}',
      ok(roleSchema, { name: 'Finance', built_in: 'finance', user_count: 1 }),
    ],
  ]),
  ...refusalCases(roleOperations.create, { body: auditors, refused: 'support' }),
  ...table([
    [
      'admin POST roles',
      fails(400, `name: ${ROLE_MESSAGES.name}; permissions: ${ROLE_MESSAGES.permissions}`),
      { body: {} },
    ],
    [
      'admin POST roles',
      fails(400, `permissions: ${ROLE_MESSAGES.unknownPermission}`),
      { body: { name: 'X', permissions: ['fly'] } },
    ],
    [
      'admin POST roles',
      made(roleSchema, {
        name: 'Auditors',
        built_in: null,
        user_count: 0,
        permissions: ['view-merchant', 'view-journal-entry'],
      }),
      { body: auditors },
    ],
    [
      'admin POST roles',
      fails(409, ROLE_ERRORS.nameTaken('AUDITORS')),
      { body: { ...auditors, name: 'AUDITORS' } },
    ],
  ]),
  ...refusalCases(roleOperations.update, { at: 'roles/{role:Auditors}', body: auditors, refused: 'support' }),
  ...malformedIdCases(roleOperations.update, { body: auditors }),
  ...unknownIdCases(roleOperations.update, { body: auditors, message: ROLE_NOT_FOUND }),
  ...table([
    ['admin PUT roles/{role:Support}', fails(409, ROLE_ERRORS.builtIn), { body: auditors }],
    [
      'admin PUT roles/{role:Auditors}',
      ok(roleSchema, { name: 'Auditors', permissions: ['view-currency'] }),
      { body: { name: 'Auditors', permissions: ['view-currency'] } },
    ],
  ]),

  // Users
  ...listCases(userOperations.list, { refused: 'finance' }),
  ...table([
    [
      'support GET users?status=ACTIVE',
      peopleSorted(['admin@example.com', 'finance@example.com', 'support@example.com'], { total: 3 }),
    ],
    ['admin GET users?search_term=tigist', people(['support@example.com'])],
    ['admin GET users?status=INACTIVE', people([])],
  ]),
  ...refusalCases(userOperations.detail, { at: 'users/{user:admin}', refused: 'finance' }),
  ...malformedIdCases(userOperations.detail),
  ...unknownIdCases(userOperations.detail, { message: USER_NOT_FOUND }),
  ...table([
    [
      'admin GET users/{user:finance}',
      ok(userSchema, { email: 'finance@example.com', status: 'ACTIVE', roles: [{ name: 'Finance' }] }),
    ],
  ]),
  ...refusalCases(userOperations.create, { body: hana, refused: 'support' }),
  ...table([
    [
      'admin POST users',
      fails(
        400,
        `name: ${USER_MESSAGES.name}; email: ${USER_MESSAGES.email}; role_ids: ${USER_MESSAGES.roles}`,
      ),
      { body: {} },
    ],
    [
      'admin POST users',
      fails(400, `role_ids: ${USER_ERRORS.unknownRole}`),
      { body: { ...hana, role_ids: ['11111111-1111-4111-8111-111111111111'] } },
    ],
    [
      'admin POST users',
      made(userWithPasswordSchema, {
        user: { email: 'hana@example.org', must_change_password: true, roles: [{ name: 'Auditors' }] },
      }),
      { body: { ...hana, email: ' Hana@Example.org ' } },
    ],
    ['admin POST users', fails(409, USER_ERRORS.emailTaken('hana@example.org')), { body: hana }],
    ['admin DELETE roles/{role:Auditors}', fails(409, ROLE_ERRORS.inUse(1))],
    ['admin DELETE roles/{role:Finance}', fails(409, ROLE_ERRORS.builtIn)],
  ]),
  ...refusalCases(userOperations.update, {
    at: 'users/{staff:hana@example.org}',
    body: hana,
    refused: 'support',
  }),
  ...malformedIdCases(userOperations.update, { body: hana }),
  ...unknownIdCases(userOperations.update, { body: hana, message: USER_NOT_FOUND }),
  ...table([
    [
      'admin PUT users/{staff:hana@example.org}',
      ok(userSchema, { name: 'Hana G.', roles: [{ name: 'Support' }] }),
      { body: { name: 'Hana G.', role_ids: ['{role:Support}'] } },
    ],
    [
      'admin DELETE roles/{role:Auditors}',
      ok(roleSchema, { name: 'Auditors' }),
      { name: 'a role nobody holds' },
    ],
    [
      'admin PUT users/{user:admin}',
      fails(409, USER_ERRORS.lastUserAdmin),
      { body: { name: 'Abebe Kebede', role_ids: ['{role:Support}'] } },
    ],
  ]),
  ...refusalCases(userOperations.command, {
    at: 'users/{staff:hana@example.org}',
    query: { command: 'deactivate' },
    refused: 'support',
  }),
  ...table([
    ['admin POST users/{staff:hana@example.org}?command=deactivate', ok(userSchema, { status: 'INACTIVE' })],
    [
      'admin POST users/{staff:hana@example.org}?command=deactivate',
      fails(409, USER_ERRORS.alreadyInStatus('INACTIVE')),
    ],
    ['admin POST users/{user:admin}?command=deactivate', fails(409, USER_ERRORS.lastUserAdmin)],
    [
      'admin POST users/{staff:hana@example.org}/password-reset',
      ok(userWithPasswordSchema, { user: { must_change_password: true } }),
    ],
  ]),
  ...refusalCases(userOperations.resetPassword, {
    at: 'users/{staff:hana@example.org}/password-reset',
    refused: 'support',
  }),
  ...unknownIdCases(userOperations.resetPassword, { message: USER_NOT_FOUND }),

  // The own password change: any valid token
  ...table([
    [
      'support POST auth/password',
      fails(400, `current_password: ${USER_ERRORS.wrongPassword}`),
      { body: { current_password: 'not it', new_password: 'long enough password' } },
    ],
    [
      'support POST auth/password',
      fails(400, `new_password: ${USER_MESSAGES.newPassword}`),
      { body: { current_password: 'Support123!', new_password: 'short' } },
    ],
    ['none POST auth/password', fails(401, API_ERRORS.unauthenticated), { body: {} }],
  ]),
];

export const staffCases: ResourceCases = { resource: 'staff', cases };
