/**
 * Roles (ours, issue 21): a named set of permissions of contract/permissions.ts. A person's token
 * holds the union of their roles' permissions. The three built-in roles hold exactly the demo
 * accounts' sets (contract/demo/users.ts), read from the code, so they follow the matrix as it grows.
 */
import * as v from 'valibot';
import { idSchema, pageQueryEntries, timestampSchema } from './common';
import { DEMO_ACCOUNTS, type DemoAccountKey } from './demo/users';
import { payloadObject, requiredText } from './fields';
import { ROLE_SORT_DEFAULT, ROLE_SORT_KEYS, sortQuery } from './list-sort';
import { ALL_PERMISSIONS, type Permission, type PermissionMap, toPermissionMap } from './permissions';

export type BuiltInRoleKey = DemoAccountKey;

export const BUILT_IN_ROLES: Readonly<
  Record<BuiltInRoleKey, { name: string; permissions: readonly Permission[] }>
> = {
  admin: { name: 'Admin', permissions: DEMO_ACCOUNTS.admin.permissions },
  support: { name: 'Support', permissions: DEMO_ACCOUNTS.support.permissions },
  finance: { name: 'Finance', permissions: DEMO_ACCOUNTS.finance.permissions },
};

export function isBuiltInRoleKey(key: string): key is BuiltInRoleKey {
  return Object.hasOwn(BUILT_IN_ROLES, key);
}

/** Every permission name; names are unique across types, so a name alone says which it is. */
export const PERMISSION_NAMES = ALL_PERMISSIONS.map((p) => p.name) as [string, ...string[]];

const BY_NAME = new Map(ALL_PERMISSIONS.map((p) => [p.name, p]));

/** The permissions of these names, in the matrix's order; unknown names (a removed one) are skipped. */
export function permissionsNamed(names: readonly string[]): Permission[] {
  const wanted = new Set(names);
  return ALL_PERMISSIONS.filter((p) => wanted.has(p.name) && BY_NAME.has(p.name));
}

/** The `resource_access` claim of someone holding these roles' permission names. */
export function permissionMapOf(roles: readonly (readonly string[])[]): PermissionMap {
  return toPermissionMap(permissionsNamed(roles.flat()));
}

export const roleSchema = v.object({
  id: idSchema,
  name: v.string(),
  /** admin, support or finance for a built-in role (which cannot be changed or deleted), else null. */
  built_in: v.nullable(v.picklist(Object.keys(BUILT_IN_ROLES) as [BuiltInRoleKey, ...BuiltInRoleKey[]])),
  /** Permission names, in the matrix's order. */
  permissions: v.array(v.string()),
  /** How many people hold it (a role held by anyone cannot be deleted). */
  user_count: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Holders must have a second factor: those without one enrol at their next sign-in (decision 029). */
  requires_second_factor: v.boolean(),
  created_at: timestampSchema,
});
export type Role = v.InferOutput<typeof roleSchema>;

export const ROLE_MESSAGES = {
  name: 'Role name is required',
  permissions: 'Choose the role’s permissions from the list',
  unknownPermission: 'Every permission must be one of the permission matrix’s names',
} as const;

/** Refusals of the roles calls. */
export const ROLE_ERRORS = {
  nameTaken: (name: string) => `A role named ${name} already exists`,
  builtIn: 'A built-in role cannot be changed or deleted; create a custom role instead',
  inUse: (people: number) =>
    `This role cannot be deleted: ${people} ${people === 1 ? 'person holds' : 'people hold'} it. Take it from them first.`,
} as const;

/** `POST roles`, `PUT roles/{id}`: a name and the set of permission names (duplicates are one). */
export const rolePayloadSchema = payloadObject({
  name: requiredText(ROLE_MESSAGES.name, 'Role name', 100),
  permissions: v.pipe(
    v.array(v.string(ROLE_MESSAGES.permissions), ROLE_MESSAGES.permissions),
    v.maxLength(PERMISSION_NAMES.length * 2, ROLE_MESSAGES.permissions),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      if (dataset.value.some((name) => !BY_NAME.has(name)))
        addIssue({ message: ROLE_MESSAGES.unknownPermission });
    }),
    v.transform((names) => permissionsNamed(names).map((p) => p.name)),
  ),
});
export type RolePayload = v.InferOutput<typeof rolePayloadSchema>;
export type RoleInput = v.InferInput<typeof rolePayloadSchema>;

/** `GET roles`: page, limit, search_term (over the name). */
export const roleListQuerySchema = v.object({
  ...pageQueryEntries,
  sort: sortQuery(ROLE_SORT_KEYS, ROLE_SORT_DEFAULT),
});
export type RoleListQuery = v.InferOutput<typeof roleListQuerySchema>;
