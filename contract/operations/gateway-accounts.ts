/** Gateway accounts (spec §7). Texts follow docs/api.md. */
import { pagedSchema } from '../envelope';
import { activationCommandQuerySchema } from '../fields';
import {
  gatewayAccountCommandBodySchema,
  gatewayAccountCreatePayloadSchema,
  gatewayAccountListQuerySchema,
  gatewayAccountSchema,
  gatewayAccountUpdatePayloadSchema,
} from '../gateway-account';
import { PERMISSIONS } from '../permissions';
import { defineOperation } from './define';
import { COMMAND, LIST } from './notes';

export const gatewayAccountOperations = {
  list: defineOperation({
    method: 'get',
    path: '/gateway-accounts',
    tag: 'Gateway accounts',
    summary: 'List gateway accounts',
    description: `\`search_term\`: *contains* over code, account number, routing code and payment method name. ${LIST}`,
    permission: PERMISSIONS.viewGatewayAccount,
    query: gatewayAccountListQuerySchema,
    response: { data: pagedSchema(gatewayAccountSchema) },
  }),
  detail: defineOperation({
    method: 'get',
    path: '/gateway-accounts/{id}',
    tag: 'Gateway accounts',
    summary: 'Get a gateway account',
    description: 'One gateway account.',
    permission: PERMISSIONS.viewGatewayAccount,
    response: { data: gatewayAccountSchema },
  }),
  create: defineOperation({
    method: 'post',
    path: '/gateway-accounts',
    tag: 'Gateway accounts',
    summary: 'Create a gateway account',
    description:
      "The account number must have the payment method's `account_number_length` digits; `code` is unique. " +
      'The balance starts at 0 and is never taken from a request.',
    permission: PERMISSIONS.createGatewayAccount,
    body: { schema: gatewayAccountCreatePayloadSchema },
    response: { status: 201, data: gatewayAccountSchema },
    errors: { 409: 'A gateway account with this code already exists.' },
  }),
  update: defineOperation({
    method: 'put',
    path: '/gateway-accounts/{id}',
    tag: 'Gateway accounts',
    summary: 'Update a gateway account',
    description: 'The same fields; balance and status are left alone.',
    permission: PERMISSIONS.updateGatewayAccount,
    body: { schema: gatewayAccountUpdatePayloadSchema },
    response: { data: gatewayAccountSchema },
    errors: { 409: 'A gateway account with this code already exists.' },
  }),
  command: defineOperation({
    method: 'post',
    path: '/gateway-accounts/{id}',
    tag: 'Gateway accounts',
    summary: 'Activate or deactivate a gateway account',
    description: `${COMMAND} The optional body \`{ "isActive": … }\` is accepted and ignored.`,
    permission: PERMISSIONS.updateGatewayAccount,
    query: activationCommandQuerySchema,
    body: { schema: gatewayAccountCommandBodySchema, optional: true },
    response: { data: gatewayAccountSchema },
    errors: { 409: 'Already in the target status.' },
  }),
} as const;
