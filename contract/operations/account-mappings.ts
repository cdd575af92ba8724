/** Account mappings (spec §7). Texts follow docs/api.md. */

import * as v from 'valibot';
import {
  accountMappingListQuerySchema,
  accountMappingPayloadSchema,
  accountMappingSchema,
} from '../account-mapping';
import { pagedSchema } from '../envelope';
import { PERMISSIONS } from '../permissions';
import { defineOperation } from './define';
import { LIST } from './notes';

export const accountMappingOperations = {
  list: defineOperation({
    method: 'get',
    path: '/account-mappings',
    tag: 'Account mappings',
    summary: 'List account mappings',
    description:
      '`search_term`: *contains* over GL account name, payment method name and financial account type; `status` ' +
      `is validated and ignored. ${LIST}`,
    permission: PERMISSIONS.viewAccountMapping,
    query: accountMappingListQuerySchema,
    response: { data: pagedSchema(accountMappingSchema) },
  }),
  detail: defineOperation({
    method: 'get',
    path: '/account-mappings/{id}',
    tag: 'Account mappings',
    summary: 'Get an account mapping',
    description: 'One account mapping.',
    permission: PERMISSIONS.viewAccountMapping,
    response: { data: accountMappingSchema },
  }),
  create: defineOperation({
    method: 'post',
    path: '/account-mappings',
    tag: 'Account mappings',
    summary: 'Create account mappings',
    description:
      'A JSON array of 1 to 100 mappings, all or nothing: one bad item refuses the whole array, with errors as ' +
      '`[index].field: message`. Answers the created mappings in the order sent.',
    permission: PERMISSIONS.createAccountMapping,
    body: { schema: accountMappingPayloadSchema },
    response: { status: 201, data: v.array(accountMappingSchema) },
  }),
} as const;
