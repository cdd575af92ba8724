/** Roles (ours, issue 21; docs/api.md "Staff users and roles"). */
import { PERMISSIONS } from '../permissions';
import { ROLE_ERRORS, roleListQuerySchema, rolePayloadSchema, roleSchema } from '../role';
import { resourceOperations } from './resource';

const roles = resourceOperations('/roles', 'Staff users and roles', roleSchema, {
  one: 'a role',
  many: 'roles',
});

const TAKES_EFFECT =
  'A change of permissions signs out every session of the people holding the role, so their next call is ' +
  'refused with 401 and their next sign-in carries the new permissions (decision 025).';

export const roleOperations = {
  list: roles.list({
    description:
      '`search_term`: case-insensitive *contains* over the name. Built-in roles first, then by name. ' +
      '`permissions` are permission names (contract/permissions.ts).',
    permission: PERMISSIONS.viewRole,
    query: roleListQuerySchema,
  }),
  detail: roles.detail({ description: 'One role.', permission: PERMISSIONS.viewRole }),
  create: roles.create({
    description: 'A custom role: a name (unique, case-insensitive) and a set of permission names.',
    permission: PERMISSIONS.updateRole,
    body: { schema: rolePayloadSchema },
    errors: { 409: ROLE_ERRORS.nameTaken('…') },
  }),
  update: roles.update({
    description: `Replaces a custom role's name and permissions. ${TAKES_EFFECT}`,
    permission: PERMISSIONS.updateRole,
    body: { schema: rolePayloadSchema },
    errors: {
      409: 'Duplicate name; a built-in role; or the change would leave no active person holding `update-user`.',
    },
  }),
  remove: roles.remove({
    description: 'Deletes a custom role nobody holds. Answers the deleted role.',
    permission: PERMISSIONS.updateRole,
    errors: { 409: 'A built-in role, or a role someone holds.' },
  }),
} as const;
