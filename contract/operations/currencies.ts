/** Currencies (spec §7). Texts follow docs/api.md. */
import { currencyListQuerySchema, currencyPayloadSchema, currencySchema } from '../currency';
import { pagedSchema } from '../envelope';
import { PERMISSIONS } from '../permissions';
import { defineOperation } from './define';
import { LIST } from './notes';

export const currencyOperations = {
  list: defineOperation({
    method: 'get',
    path: '/currencies',
    tag: 'Currencies',
    summary: 'List currencies',
    description: `\`search_term\`: case-insensitive *contains* over name and name code. ${LIST}`,
    permission: PERMISSIONS.viewCurrency,
    query: currencyListQuerySchema,
    response: { data: pagedSchema(currencySchema) },
  }),
  detail: defineOperation({
    method: 'get',
    path: '/currencies/{id}',
    tag: 'Currencies',
    summary: 'Get a currency',
    description: 'One currency.',
    permission: PERMISSIONS.viewCurrency,
    response: { data: currencySchema },
  }),
  create: defineOperation({
    method: 'post',
    path: '/currencies',
    tag: 'Currencies',
    summary: 'Create a currency',
    description: '`name_code` is upper-cased and unique.',
    permission: PERMISSIONS.updateCurrency,
    body: { schema: currencyPayloadSchema },
    response: { status: 201, data: currencySchema },
    errors: { 409: 'A currency with this name code already exists.' },
  }),
  update: defineOperation({
    method: 'put',
    path: '/currencies/{id}',
    tag: 'Currencies',
    summary: 'Update a currency',
    description: "Replaces every field; a renamed `name_code` is renamed in every payment method's list.",
    permission: PERMISSIONS.updateCurrency,
    body: { schema: currencyPayloadSchema },
    response: { data: currencySchema },
    errors: { 409: 'A currency with this name code already exists.' },
  }),
  remove: defineOperation({
    method: 'delete',
    path: '/currencies/{id}',
    tag: 'Currencies',
    summary: 'Delete a currency',
    description: 'Answers the deleted currency.',
    permission: PERMISSIONS.deleteCurrency,
    response: { data: currencySchema },
    errors: { 409: 'The currency is still used by charges, payment methods or transactions.' },
  }),
} as const;
