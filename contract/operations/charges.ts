/** Charges (spec §7): a currency's gateway fees. Texts follow docs/api.md. */
import { chargeListQuerySchema, chargePayloadSchema, chargeSchema } from '../charge';
import { PERMISSIONS } from '../permissions';
import { LIST, MAPPING_DROPDOWN } from './notes';
import { resourceOperations } from './resource';

const charges = resourceOperations('/charges', 'Charges', chargeSchema, {
  one: 'a charge',
  many: 'charges',
});

export const chargeOperations = {
  list: charges.list({
    description: `Optionally one currency's charges (\`currency_id\`). Always paged. ${LIST}`,
    permission: PERMISSIONS.viewCharge,
    alsoPermitted: MAPPING_DROPDOWN,
    query: chargeListQuerySchema,
  }),
  detail: charges.detail({
    description: 'One charge with its ranges and currency.',
    permission: PERMISSIONS.viewCharge,
  }),
  create: charges.create({
    description:
      'A ranged charge needs at least one range, in order without overlap; a percentage is at most 100. ' +
      '`fee_on_date` defaults to today (UTC).',
    permission: PERMISSIONS.createCharge,
    body: { schema: chargePayloadSchema },
  }),
  update: charges.update({
    description: 'Replaces every field and all ranges.',
    permission: PERMISSIONS.updateCharge,
    body: { schema: chargePayloadSchema },
  }),
  remove: charges.remove({
    description: 'Answers the deleted charge; its ranges go with it.',
    permission: PERMISSIONS.deleteCharge,
    errors: { 409: 'The charge is used by account mappings.' },
  }),
} as const;
