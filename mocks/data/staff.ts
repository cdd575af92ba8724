/**
 * The staff users and roles the mocks start with, as the server's seed has them: the three built-in
 * roles (contract/role.ts) and the three demo users, each holding the role of the same key.
 */
import { BUILT_IN_ROLES, type BuiltInRoleKey, type Role } from '@contract/role';
import type { StaffUser } from '@contract/user';
import { DEMO_USERS, MOCK_USER_IDS } from './users';

const ROLE_IDS: Readonly<Record<BuiltInRoleKey, string>> = {
  admin: '5e0c1a52-7b0d-4c41-8f3e-1d9a0c2b0a01',
  support: '5e0c1a52-7b0d-4c41-8f3e-1d9a0c2b0a02',
  finance: '5e0c1a52-7b0d-4c41-8f3e-1d9a0c2b0a03',
};

const CREATED = '2026-01-01T08:00:00.000Z';
const KEYS = Object.keys(BUILT_IN_ROLES) as BuiltInRoleKey[];

/** A role as the mocks keep it; `user_count` is worked out when it is answered. */
export type MockRole = Omit<Role, 'user_count'>;

export function buildRoles(): MockRole[] {
  return KEYS.map((key) => ({
    id: ROLE_IDS[key],
    name: BUILT_IN_ROLES[key].name,
    built_in: key,
    permissions: BUILT_IN_ROLES[key].permissions.map((p) => p.name),
    requires_second_factor: false,
    created_at: CREATED,
  }));
}

export function buildStaffUsers(): StaffUser[] {
  return KEYS.map((key, index) => ({
    id: MOCK_USER_IDS[key],
    name: DEMO_USERS[key].name,
    email: DEMO_USERS[key].email,
    status: 'ACTIVE',
    roles: [{ id: ROLE_IDS[key], name: BUILT_IN_ROLES[key].name }],
    must_change_password: false,
    last_sign_in_at: null,
    second_factor: false,
    created_at: new Date(Date.parse(CREATED) + index * 60_000).toISOString(),
  }));
}
