/** GL accounts (spec §7). Texts follow docs/api.md. */
import { pagedSchema } from '../envelope';
import { glAccountListQuerySchema, glAccountPayloadSchema, glAccountSchema } from '../gl-account';
import { PERMISSIONS } from '../permissions';
import { defineOperation } from './define';
import { LIST, MAPPING_DROPDOWN } from './notes';

export const glAccountOperations = {
  list: defineOperation({
    method: 'get',
    path: '/gl-accounts',
    tag: 'GL accounts',
    summary: 'List GL accounts',
    description: `\`search_term\`: case-insensitive *contains* over name and description. ${LIST}`,
    permission: PERMISSIONS.viewGlAccount,
    alsoPermitted: MAPPING_DROPDOWN,
    query: glAccountListQuerySchema,
    response: { data: pagedSchema(glAccountSchema) },
  }),
  detail: defineOperation({
    method: 'get',
    path: '/gl-accounts/{id}',
    tag: 'GL accounts',
    summary: 'Get a GL account',
    description: 'One GL account.',
    permission: PERMISSIONS.viewGlAccount,
    response: { data: glAccountSchema },
  }),
  create: defineOperation({
    method: 'post',
    path: '/gl-accounts',
    tag: 'GL accounts',
    summary: 'Create a GL account',
    description: 'Names are unique. A new account is ACTIVE; a sent `id` or `status` is ignored.',
    permission: PERMISSIONS.createGlAccount,
    body: { schema: glAccountPayloadSchema },
    response: { status: 201, data: glAccountSchema },
    errors: { 409: 'A GL account with this name already exists.' },
  }),
  update: defineOperation({
    method: 'put',
    path: '/gl-accounts/{id}',
    tag: 'GL accounts',
    summary: 'Update a GL account',
    description:
      "Replaces name, type, manual journal flag and description. A body `id` other than the path's is 400.",
    permission: PERMISSIONS.updateGlAccount,
    body: { schema: glAccountPayloadSchema },
    response: { data: glAccountSchema },
    errors: { 409: 'Duplicate name, or a type change of an account with journal entries.' },
  }),
} as const;
