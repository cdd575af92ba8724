/** Gateway accounts (spec §7). Texts follow docs/api.md. */
import {
  gatewayAccountCommandBodySchema,
  gatewayAccountCreatePayloadSchema,
  gatewayAccountListQuerySchema,
  gatewayAccountSchema,
  gatewayAccountUpdatePayloadSchema,
} from '../gateway-account';
import { PERMISSIONS } from '../permissions';
import { COMMAND, LIST } from './notes';
import { resourceOperations } from './resource';

const gatewayAccounts = resourceOperations('/gateway-accounts', 'Gateway accounts', gatewayAccountSchema, {
  one: 'a gateway account',
  many: 'gateway accounts',
});
const DUPLICATE_CODE = 'A gateway account with this code already exists.';

export const gatewayAccountOperations = {
  list: gatewayAccounts.list({
    description: `\`search_term\`: *contains* over code, account number, routing code and payment method name. ${LIST}`,
    permission: PERMISSIONS.viewGatewayAccount,
    query: gatewayAccountListQuerySchema,
  }),
  detail: gatewayAccounts.detail({
    description: 'One gateway account.',
    permission: PERMISSIONS.viewGatewayAccount,
  }),
  ...gatewayAccounts.writes(
    { errors: { 409: DUPLICATE_CODE } },
    {
      description:
        "The account number must have the payment method's `account_number_length` digits; `code` is unique. " +
        'The balance starts at 0 and is never taken from a request.',
      permission: PERMISSIONS.createGatewayAccount,
      body: { schema: gatewayAccountCreatePayloadSchema },
    },
    {
      description: 'The same fields; balance and status are left alone.',
      permission: PERMISSIONS.updateGatewayAccount,
      body: { schema: gatewayAccountUpdatePayloadSchema },
    },
  ),
  command: gatewayAccounts.command({
    description: `${COMMAND} The optional body \`{ "isActive": … }\` is accepted and ignored.`,
    permission: PERMISSIONS.updateGatewayAccount,
    body: { schema: gatewayAccountCommandBodySchema, optional: true },
    errors: { 409: 'Already in the target status.' },
  }),
} as const;
