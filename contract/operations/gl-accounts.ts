/** GL accounts (spec §7). Texts follow docs/api.md. */

import { glAccountListQuerySchema, glAccountPayloadSchema, glAccountSchema } from '../gl-account';
import { PERMISSIONS } from '../permissions';
import { waitsForApproval } from './approvals';
import { LIST, MAPPING_DROPDOWN } from './notes';
import { resourceOperations } from './resource';

const glAccounts = resourceOperations('/gl-accounts', 'GL accounts', glAccountSchema, {
  one: 'a GL account',
  many: 'GL accounts',
});

export const glAccountOperations = {
  list: glAccounts.list({
    description: `\`search_term\`: case-insensitive *contains* over name and description. ${LIST}`,
    permission: PERMISSIONS.viewGlAccount,
    alsoPermitted: MAPPING_DROPDOWN,
    query: glAccountListQuerySchema,
  }),
  detail: glAccounts.detail({ description: 'One GL account.', permission: PERMISSIONS.viewGlAccount }),
  create: glAccounts.create({
    description: 'Names are unique. A new account is ACTIVE; a sent `id` or `status` is ignored.',
    permission: PERMISSIONS.createGlAccount,
    accepted: waitsForApproval('GL account changes'),
    body: { schema: glAccountPayloadSchema },
    errors: { 409: 'A GL account with this name already exists.' },
  }),
  update: glAccounts.update({
    description:
      "Replaces name, type, manual journal flag and description. A body `id` other than the path's is 400.",
    permission: PERMISSIONS.updateGlAccount,
    accepted: waitsForApproval('GL account changes'),
    body: { schema: glAccountPayloadSchema },
    errors: { 409: 'Duplicate name, or a type change of an account with journal entries.' },
  }),
} as const;
