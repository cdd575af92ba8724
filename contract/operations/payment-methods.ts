/** Payment methods (spec §7) and a method's transaction limits. Texts follow docs/api.md. */
import {
  paymentMethodListQuerySchema,
  paymentMethodPayloadSchema,
  paymentMethodSchema,
} from '../payment-method';
import { PERMISSIONS } from '../permissions';
import { transactionLimitListSchema } from '../transaction-limit';
import { defineOperation } from './define';
import { COMMAND, LIST, MAPPING_DROPDOWN } from './notes';
import { resourceOperations } from './resource';

const paymentMethods = resourceOperations('/payment-methods', 'Payment methods', paymentMethodSchema, {
  one: 'a payment method',
  many: 'payment methods',
});
const DUPLICATE_CODE = 'A payment method with this code already exists.';

export const paymentMethodOperations = {
  list: paymentMethods.list({
    description: `\`search_term\`: case-insensitive *contains* over name and code. ${LIST}`,
    permission: PERMISSIONS.viewPaymentMethod,
    alsoPermitted: MAPPING_DROPDOWN,
    query: paymentMethodListQuerySchema,
  }),
  detail: paymentMethods.detail({
    description: 'One payment method.',
    permission: PERMISSIONS.viewPaymentMethod,
  }),
  limits: defineOperation({
    method: 'get',
    path: '/payment-methods/{id}/transaction-limits',
    tag: 'Transaction limits',
    summary: "List a payment method's transaction limits",
    description: 'A plain array (not paged), in the order the limits were added.',
    permission: PERMISSIONS.viewPaymentMethod,
    response: { data: transactionLimitListSchema },
  }),
  ...paymentMethods.writes(
    { body: { schema: paymentMethodPayloadSchema }, errors: { 409: DUPLICATE_CODE } },
    {
      description:
        'Every `supported_currencies` code must be an existing currency; `code` is unique. A new method is ACTIVE.',
      permission: PERMISSIONS.createPaymentMethod,
    },
    { description: 'Replaces every field but `status`.', permission: PERMISSIONS.updatePaymentMethod },
  ),
  command: paymentMethods.command({
    description: COMMAND,
    permission: PERMISSIONS.changeStatusPaymentMethod,
    errors: { 409: 'Already in the target status.' },
  }),
} as const;
