/** Payment methods (spec §7) and a method's transaction limits. Texts follow docs/api.md. */
import { pagedSchema } from '../envelope';
import { activationCommandQuerySchema } from '../fields';
import {
  paymentMethodListQuerySchema,
  paymentMethodPayloadSchema,
  paymentMethodSchema,
} from '../payment-method';
import { PERMISSIONS } from '../permissions';
import { transactionLimitListSchema } from '../transaction-limit';
import { defineOperation } from './define';
import { COMMAND, LIST, MAPPING_DROPDOWN } from './notes';

export const paymentMethodOperations = {
  list: defineOperation({
    method: 'get',
    path: '/payment-methods',
    tag: 'Payment methods',
    summary: 'List payment methods',
    description: `\`search_term\`: case-insensitive *contains* over name and code. ${LIST}`,
    permission: PERMISSIONS.viewPaymentMethod,
    alsoPermitted: MAPPING_DROPDOWN,
    query: paymentMethodListQuerySchema,
    response: { data: pagedSchema(paymentMethodSchema) },
  }),
  detail: defineOperation({
    method: 'get',
    path: '/payment-methods/{id}',
    tag: 'Payment methods',
    summary: 'Get a payment method',
    description: 'One payment method.',
    permission: PERMISSIONS.viewPaymentMethod,
    response: { data: paymentMethodSchema },
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
  create: defineOperation({
    method: 'post',
    path: '/payment-methods',
    tag: 'Payment methods',
    summary: 'Create a payment method',
    description:
      'Every `supported_currencies` code must be an existing currency; `code` is unique. A new method is ACTIVE.',
    permission: PERMISSIONS.createPaymentMethod,
    body: { schema: paymentMethodPayloadSchema },
    response: { status: 201, data: paymentMethodSchema },
    errors: { 409: 'A payment method with this code already exists.' },
  }),
  update: defineOperation({
    method: 'put',
    path: '/payment-methods/{id}',
    tag: 'Payment methods',
    summary: 'Update a payment method',
    description: 'Replaces every field but `status`.',
    permission: PERMISSIONS.updatePaymentMethod,
    body: { schema: paymentMethodPayloadSchema },
    response: { data: paymentMethodSchema },
    errors: { 409: 'A payment method with this code already exists.' },
  }),
  command: defineOperation({
    method: 'post',
    path: '/payment-methods/{id}',
    tag: 'Payment methods',
    summary: 'Activate or deactivate a payment method',
    description: COMMAND,
    permission: PERMISSIONS.changeStatusPaymentMethod,
    query: activationCommandQuerySchema,
    response: { data: paymentMethodSchema },
    errors: { 409: 'Already in the target status.' },
  }),
} as const;
