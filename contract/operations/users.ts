/** Staff users and the own password change (ours, issue 21; docs/api.md "Staff users and roles"). */
import { sessionSchema } from '../auth';
import { PERMISSIONS } from '../permissions';
import {
  passwordChangePayloadSchema,
  userCreatePayloadSchema,
  userListQuerySchema,
  userSchema,
  userUpdatePayloadSchema,
  userWithPasswordSchema,
} from '../user';
import { defineOperation } from './define';
import { resourceOperations } from './resource';

const TAG = 'Staff users and roles';
const users = resourceOperations('/users', TAG, userSchema, { one: 'a staff user', many: 'staff users' });

const SIGNS_OUT =
  'Every session of the person is signed out at once: their next call is refused with 401 on every ' +
  'server process (decision 025).';
const LAST_ADMIN = 'The last active person holding `update-user` cannot be deactivated or lose it (409).';

export const userOperations = {
  list: users.list({
    description:
      '`search_term`: case-insensitive *contains* over name and e-mail; `status`: ACTIVE or INACTIVE. Newest first.',
    permission: PERMISSIONS.viewUser,
    query: userListQuerySchema,
  }),
  detail: users.detail({
    description: 'One person: profile, roles, status and last sign-in.',
    permission: PERMISSIONS.viewUser,
  }),
  create: users.create(
    {
      description:
        'Name, e-mail (the sign-in name; stored lower-case) and roles. Answers the person and a one-time ' +
        'password, shown once: at their first sign-in they must choose their own (`POST auth/password`).',
      permission: PERMISSIONS.createUser,
      body: { schema: userCreatePayloadSchema },
      errors: { 409: 'A person with this e-mail already exists.' },
    },
    userWithPasswordSchema,
  ),
  update: users.update({
    description: `Replaces name and roles. A change of roles signs the person's sessions out. ${LAST_ADMIN}`,
    permission: PERMISSIONS.updateUser,
    body: { schema: userUpdatePayloadSchema },
    errors: { 409: 'The change would leave no active person holding `update-user`.' },
  }),
  command: users.command({
    description: `Activate or deactivate. Deactivating refuses sign-in from then on. ${SIGNS_OUT} ${LAST_ADMIN}`,
    permission: PERMISSIONS.updateUser,
    errors: { 409: 'Already in the target status, or the last active person holding `update-user`.' },
  }),
  resetPassword: defineOperation({
    method: 'post',
    path: '/users/{id}/password-reset',
    tag: TAG,
    summary: "Reset a staff user's password",
    description: `A new one-time password, shown once; the person must change it at their next sign-in. ${SIGNS_OUT}`,
    permission: PERMISSIONS.updateUser,
    response: { data: userWithPasswordSchema },
  }),
  changeOwnPassword: defineOperation({
    method: 'post',
    path: '/auth/password',
    tag: 'Authentication',
    summary: 'Change my password',
    description:
      'Any valid token, for its own person: `current_password` and `new_password` (at least 12 characters, ' +
      'not the current one). Every session of the person is signed out, this one included; the answer is a ' +
      'new session, as from `POST auth/login`. A wrong current password is 400 naming `current_password`.',
    body: { schema: passwordChangePayloadSchema },
    response: { data: sessionSchema },
  }),
} as const;
