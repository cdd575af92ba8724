/** Charges (spec §7): a currency's gateway fees. Texts follow docs/api.md. */
import { chargeListQuerySchema, chargePayloadSchema, chargeSchema } from '../charge';
import { pagedSchema } from '../envelope';
import { PERMISSIONS } from '../permissions';
import { defineOperation } from './define';
import { LIST, MAPPING_DROPDOWN } from './notes';

export const chargeOperations = {
  list: defineOperation({
    method: 'get',
    path: '/charges',
    tag: 'Charges',
    summary: 'List charges',
    description: `Optionally one currency's charges (\`currency_id\`). Always paged. ${LIST}`,
    permission: PERMISSIONS.viewCharge,
    alsoPermitted: MAPPING_DROPDOWN,
    query: chargeListQuerySchema,
    response: { data: pagedSchema(chargeSchema) },
  }),
  detail: defineOperation({
    method: 'get',
    path: '/charges/{id}',
    tag: 'Charges',
    summary: 'Get a charge',
    description: 'One charge with its ranges and currency.',
    permission: PERMISSIONS.viewCharge,
    response: { data: chargeSchema },
  }),
  create: defineOperation({
    method: 'post',
    path: '/charges',
    tag: 'Charges',
    summary: 'Create a charge',
    description:
      'A ranged charge needs at least one range, in order without overlap; a percentage is at most 100. ' +
      '`fee_on_date` defaults to today (UTC).',
    permission: PERMISSIONS.createCharge,
    body: { schema: chargePayloadSchema },
    response: { status: 201, data: chargeSchema },
  }),
  update: defineOperation({
    method: 'put',
    path: '/charges/{id}',
    tag: 'Charges',
    summary: 'Update a charge',
    description: 'Replaces every field and all ranges.',
    permission: PERMISSIONS.updateCharge,
    body: { schema: chargePayloadSchema },
    response: { data: chargeSchema },
  }),
  remove: defineOperation({
    method: 'delete',
    path: '/charges/{id}',
    tag: 'Charges',
    summary: 'Delete a charge',
    description: 'Answers the deleted charge; its ranges go with it.',
    permission: PERMISSIONS.deleteCharge,
    response: { data: chargeSchema },
    errors: { 409: 'The charge is used by account mappings.' },
  }),
} as const;
