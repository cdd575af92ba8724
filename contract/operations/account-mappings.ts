/** Account mappings (spec §7). Texts follow docs/api.md. */

import * as v from 'valibot';
import {
  accountMappingListQuerySchema,
  accountMappingPayloadSchema,
  accountMappingSchema,
} from '../account-mapping';
import { PERMISSIONS } from '../permissions';
import { waitsForApproval } from './approvals';
import { LIST } from './notes';
import { resourceOperations } from './resource';

const mappings = resourceOperations('/account-mappings', 'Account mappings', accountMappingSchema, {
  one: 'an account mapping',
  many: 'account mappings',
});

export const accountMappingOperations = {
  list: mappings.list({
    description:
      '`search_term`: *contains* over GL account name, payment method name and financial account type; `status` ' +
      `is validated and ignored. ${LIST}`,
    permission: PERMISSIONS.viewAccountMapping,
    query: accountMappingListQuerySchema,
  }),
  detail: mappings.detail({
    description: 'One account mapping.',
    permission: PERMISSIONS.viewAccountMapping,
  }),
  create: mappings.create(
    {
      summary: 'Create account mappings',
      description:
        'A JSON array of 1 to 100 mappings, all or nothing: one bad item refuses the whole array, with errors as ' +
        '`[index].field: message`. Answers the created mappings in the order sent.',
      permission: PERMISSIONS.createAccountMapping,
      accepted: waitsForApproval('account mapping changes'),
      body: { schema: accountMappingPayloadSchema },
    },
    v.array(accountMappingSchema),
  ),
} as const;
