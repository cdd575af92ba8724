/**
 * Staff users (ours, issue 21): the people who sign in to the console, their roles and status.
 */
import * as v from 'valibot';
import { idSchema, pageQueryEntries, plainText, timestampSchema } from './common';
import { isCommonPassword } from './common-passwords';
import { ACTIVE_STATUSES, activeStatusSchema, payloadObject, queryEnum, requiredText } from './fields';
import { sortQuery, USER_SORT_DEFAULT, USER_SORT_KEYS } from './list-sort';
import { VALIDATION } from './messages';

/** A chosen password's rules (issue 21): at least 12 characters; the bound keeps hashing cheap. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

export const USER_MESSAGES = {
  name: 'Name is required',
  email: 'A valid e-mail address is required',
  roles: 'Choose at least one role',
  roleId: 'Each role must be a role id (a UUID)',
  currentPassword: 'Current password is required',
  newPassword: `The new password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  samePassword: 'The new password must differ from the current one',
  commonPassword: 'This password is too common: choose one that is harder to guess',
} as const;

/** Refusals of the users calls. */
export const USER_ERRORS = {
  emailTaken: (email: string) => `A person with the e-mail ${email} already exists`,
  unknownRole: 'No role has this id',
  alreadyInStatus: (status: string) => `This person is already ${status}`,
  lastUserAdmin:
    'This is the last active person who can manage users (update-user): give that permission to someone else first',
  deactivated: 'This account is deactivated. Ask an administrator to activate it.',
  wrongPassword: 'The current password is not correct',
} as const;

export const userRoleRefSchema = v.object({ id: idSchema, name: v.string() });

export const userSchema = v.object({
  id: idSchema,
  name: v.string(),
  email: v.string(),
  status: activeStatusSchema,
  roles: v.array(userRoleRefSchema),
  /** True until the person has replaced a one-time password with their own. */
  must_change_password: v.boolean(),
  last_sign_in_at: v.nullable(timestampSchema),
  /** A TOTP second factor is on (decision 029). */
  second_factor: v.boolean(),
  created_at: timestampSchema,
});
export type StaffUser = v.InferOutput<typeof userSchema>;

/** Create and reset answer the person and the one-time password, shown once and never again. */
export const userWithPasswordSchema = v.object({ user: userSchema, one_time_password: v.string() });
export type StaffUserWithPassword = v.InferOutput<typeof userWithPasswordSchema>;

const roleIds = v.pipe(
  v.array(v.pipe(v.string(USER_MESSAGES.roleId), v.uuid(USER_MESSAGES.roleId)), USER_MESSAGES.roles),
  v.minLength(1, USER_MESSAGES.roles),
  v.maxLength(50, USER_MESSAGES.roles),
  v.transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
);

const nameField = requiredText(USER_MESSAGES.name, 'Name', 100);

/** `POST users`: name, e-mail (stored lower-case) and at least one role. */
export const userCreatePayloadSchema = payloadObject({
  name: nameField,
  email: v.pipe(
    v.string(USER_MESSAGES.email),
    v.trim(),
    v.nonEmpty(USER_MESSAGES.email),
    plainText<string>('E-mail'),
    v.maxLength(254, VALIDATION.common.tooLong('E-mail', 254)),
    v.email(USER_MESSAGES.email),
    v.toLowerCase(),
  ),
  role_ids: roleIds,
});
export type UserCreatePayload = v.InferOutput<typeof userCreatePayloadSchema>;
export type UserCreateInput = v.InferInput<typeof userCreatePayloadSchema>;

/** `PUT users/{id}`: name and roles (the e-mail is the sign-in name and stays). */
export const userUpdatePayloadSchema = payloadObject({ name: nameField, role_ids: roleIds });
export type UserUpdatePayload = v.InferOutput<typeof userUpdatePayloadSchema>;
export type UserUpdateInput = v.InferInput<typeof userUpdatePayloadSchema>;

/** `GET users`: page, limit, search_term (name or e-mail), status. */
export const userListQuerySchema = v.object({
  ...pageQueryEntries,
  sort: sortQuery(USER_SORT_KEYS, USER_SORT_DEFAULT),
  status: queryEnum('status', ACTIVE_STATUSES),
});
export type UserListQuery = v.InferOutput<typeof userListQuerySchema>;

/**
 * The one rule for a password a person chooses (set-password, the account page's change, and any
 * later way of setting one): at least 12 characters and not on the common-passwords list
 * (contract/common-passwords.ts, decision 029).
 */
export const chosenPasswordSchema = v.pipe(
  v.string(USER_MESSAGES.newPassword),
  plainText<string>('New password'),
  v.minLength(PASSWORD_MIN_LENGTH, USER_MESSAGES.newPassword),
  v.maxLength(PASSWORD_MAX_LENGTH, VALIDATION.common.tooLong('New password', PASSWORD_MAX_LENGTH)),
  v.check((password) => !isCommonPassword(password), USER_MESSAGES.commonPassword),
);

/** `POST auth/password`: the person's own password change (first sign-in, or any time). */
export const passwordChangePayloadSchema = payloadObject({
  current_password: v.pipe(
    v.string(USER_MESSAGES.currentPassword),
    v.nonEmpty(USER_MESSAGES.currentPassword),
    v.maxLength(PASSWORD_MAX_LENGTH, VALIDATION.common.tooLong('Current password', PASSWORD_MAX_LENGTH)),
  ),
  new_password: chosenPasswordSchema,
});
export type PasswordChangePayload = v.InferOutput<typeof passwordChangePayloadSchema>;
